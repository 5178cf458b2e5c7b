import Glibc

/// C library functions looked up at run time: those Swift's Glibc module
/// does not declare (`statx`, `getdents64`, `fstatfs`, the xattr calls,
/// glibc's newer `posix_spawn` helpers) or declares only as variadic
/// (`prctl`). One place for the `dlsym` and the cast to the function type.
public enum CLibrarySymbol {
    /// The function `name` in the process's libraries as `Function` (a
    /// `@convention(c)` function type that must match its C declaration), or
    /// nil when the C library lacks it. Meant to be called once, into a
    /// `static let`.
    public static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
