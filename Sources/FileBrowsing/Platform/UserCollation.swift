import Glibc

/// The collating order of the locale the environment names (`LC_ALL`, then
/// `LC_COLLATE`, then `LANG`, as `setlocale(LC_COLLATE, "")` reads them),
/// for filetable run as ls or tree, which sort names with `strcoll` there:
/// in `en_US.UTF-8` `a B c`, where the C locale's bytes give `B a c`.
///
/// Asked once, on first use, by setting the process's `LC_COLLATE` from
/// the environment and back (as `UserLocale` does for `LC_CTYPE`); then
/// safe from any thread: the locale object is made once and only read.
/// Names are compared by their `strxfrm_l` keys, whose byte order is the
/// locale's (`strcoll`'s) order, so each name is transformed once, not once
/// a comparison.
public enum UserCollation {
    /// The user's collation when it is an installed locale that collates
    /// other than by bytes (not C, POSIX or C.UTF-8), else nil.
    private static let collating: CollationObject? = {
        guard let current = setlocale(LC_COLLATE, nil) else { return nil }
        let saved = String(cString: current)
        defer { _ = setlocale(LC_COLLATE, saved) }
        guard let chosen = setlocale(LC_COLLATE, "") else { return nil }
        let name = String(cString: chosen)
        guard !["C", "POSIX"].contains(name), !name.hasPrefix("C.") else { return nil }
        // The global locale as it is now, LC_COLLATE the user's (LC_GLOBAL_LOCALE is (locale_t) -1).
        guard let global = locale_t(bitPattern: -1), let copy = duplocale(global) else { return nil }
        return CollationObject(copy)
    }()

    /// Whether the user's locale orders names other than byte by byte.
    public static var isActive: Bool { collating != nil }

    /// The key whose byte order is the locale's order of `name` (its bytes
    /// alone without a collating locale).
    public static func key(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let collating else { return Array(name) }
        var terminated = [CChar](repeating: 0, count: name.count + 1)
        for (index, byte) in name.enumerated() { terminated[index] = CChar(bitPattern: byte) }
        var key = [CChar](repeating: 0, count: name.count * 4 + 16)
        var needed = strxfrm_l(&key, terminated, key.count, collating.locale)
        if needed >= key.count {
            key = [CChar](repeating: 0, count: needed + 1)
            needed = strxfrm_l(&key, terminated, key.count, collating.locale)
        }
        return key.prefix(needed).map { UInt8(bitPattern: $0) }
    }

    /// A `locale_t` made once and never freed or changed, so shared freely.
    private final class CollationObject: @unchecked Sendable {
        let locale: locale_t
        init(_ locale: locale_t) { self.locale = locale }
    }
}
