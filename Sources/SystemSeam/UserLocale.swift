import Glibc

/// The character set of the locale the environment names (`LC_ALL`, then
/// `LC_CTYPE`, then `LANG`, as `setlocale(LC_CTYPE, "")` reads them),
/// asked of the C library once; the process's own locale is set back at once.
///
/// filetable reads names as UTF-8 whatever the locale; only `--tree`
/// follows it, as tree does: ASCII lines and octal escapes in the C locale
/// (or one not installed), UTF-8 lines and characters in a UTF-8 one.
/// Asked once, on first use, by setting the process's `LC_CTYPE` from the
/// environment and back (`newlocale` would do it without, but glibc leaks
/// its search path each call when `LOCPATH` is set); nothing else in
/// filetable reads `LC_CTYPE`. Then safe from any thread: the locale object
/// is made once and only read.
public enum UserLocale {
    /// The user's locale when it is an installed UTF-8 one, else nil.
    private static let utf8: LocaleObject? = {
        guard let current = setlocale(LC_CTYPE, nil) else { return nil }
        let saved = String(cString: current)
        defer { _ = setlocale(LC_CTYPE, saved) }
        guard setlocale(LC_CTYPE, "") != nil, String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" else { return nil }
        // The global locale as it is now, LC_CTYPE the user's (LC_GLOBAL_LOCALE is (locale_t) -1).
        guard let global = locale_t(bitPattern: -1), let copy = duplocale(global) else { return nil }
        return LocaleObject(copy)
    }()

    private static let printable = CLibrarySymbol.lookUp("iswprint_l", as: (@convention(c) (UInt32, locale_t) -> Int32).self)

    /// The locale reads text as UTF-8 (`C.UTF-8`, `en_US.UTF-8` where installed).
    public static var isUTF8: Bool { utf8 != nil }

    /// glibc's `iswprint` in the user's UTF-8 locale: whether tree writes
    /// the character as it is (false without a UTF-8 locale).
    public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        guard let utf8, let printable else { return false }
        return printable(scalar.value, utf8.locale) != 0
    }

    /// A `locale_t` made once and never freed or changed, so shared freely.
    private final class LocaleObject: @unchecked Sendable {
        let locale: locale_t
        init(_ locale: locale_t) { self.locale = locale }
    }
}
