import CLibraryExtras

/// C library functions Swift's Glibc module does not declare (`statx`,
/// `getdents64`, `fstatfs`, the xattr calls, glibc's newer `posix_spawn`
/// helpers, `iswprint_l`, `mallopt`) or declares only as variadic (`prctl`).
/// One place for the cast to the function type. They are linked by name
/// through CLibraryExtras, not found with `dlsym`, which finds nothing in
/// the static executable the README builds; a function must be listed there
/// to be found here.
public enum CLibrarySymbol {
    /// The function `name` as `Function` (a `@convention(c)` function type
    /// that must match its C declaration), or nil when it is not in
    /// CLibraryExtras' list or the C library the build used lacks it. Meant
    /// to be called once, into a `static let`.
    public static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let address = filetable_c_library_function(name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
