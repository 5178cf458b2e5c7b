import Glibc

/// The thousands separator and grouping of the locale the environment
/// names for numbers (`LC_ALL`, then `LC_NUMERIC`, then `LANG`), for sizes
/// asked for with a `'` (`--block-size="'1"`, as ls and du group them:
/// `1,234,567` in en_US.UTF-8, `1234567` in the C locale, which has no
/// separator). Asked once (`prepare`, when a `'` unit is read), by setting
/// the process's `LC_NUMERIC` from the environment and back (as
/// `UserLocale` does for `LC_CTYPE`); then only read, from any thread.
public enum UserDigitGrouping {
    /// The separator's bytes and the sizes of the groups from the right
    /// (the last repeats); nil when the locale groups nothing.
    private static let rule: (separator: [UInt8], sizes: [Int])? = {
        guard let current = setlocale(LC_NUMERIC, nil) else { return nil }
        let saved = String(cString: current)
        defer { _ = setlocale(LC_NUMERIC, saved) }
        guard setlocale(LC_NUMERIC, "") != nil, let conventions = localeconv() else { return nil }
        let separator = Array(String(cString: conventions.pointee.thousands_sep).utf8)
        var sizes: [Int] = []
        if var grouping = UnsafePointer<CChar>(conventions.pointee.grouping) {
            // C's grouping string: a size a group, 0 repeats the last, CHAR_MAX (127) stops.
            while grouping.pointee > 0 && grouping.pointee != CChar(Int8.max) {
                sizes.append(Int(grouping.pointee))
                grouping += 1
            }
        }
        guard !separator.isEmpty, !sizes.isEmpty else { return nil }
        return (separator, sizes)
    }()

    /// Reads the locale's rule now: it sets the process's locale and back,
    /// so it is asked while one thread runs (`SizeUnit.parse` does).
    public static func prepare() { _ = rule }

    /// `digits` (a whole number's) with the locale's separators between groups.
    public static func group(_ digits: String) -> String {
        guard let rule, digits.utf8.count > (rule.sizes.first ?? 0) else { return digits }
        var groups: [Substring] = []
        var end = digits.endIndex
        var sizeIndex = 0
        while end > digits.startIndex {
            let size = rule.sizes[min(sizeIndex, rule.sizes.count - 1)]
            let start = digits.index(end, offsetBy: -size, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.append(digits[start..<end])
            end = start
            sizeIndex += 1
        }
        return groups.reversed().joined(separator: String(decoding: rule.separator, as: UTF8.self))
    }
}
