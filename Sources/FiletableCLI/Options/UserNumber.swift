import FileBrowsing
import SystemSeam

/// Every number a user gives (on the command line, in the environment or at
/// the prompt) passes through here, with the range it must fall in, so no
/// later arithmetic meets a value it was not written for.
enum UserNumber {
    /// Rows a REPL page or viewer screen holds (`--page-size`, `LINES`).
    static let pageSize = 1...10_000
    /// Columns between the text viewer's tab stops (`--tabs`).
    static let viewerTabs = 1...64
    /// Terminal columns (`COLUMNS`).
    static let columns = 1...100_000
    /// The width `-C` and `-x` fill (`--width`; 0: no limit).
    static let lineWidth = 0...100_000
    /// Columns between tab stops (`--tabsize`; 0: spaces only).
    static let tabSize = 0...1_000
    /// Levels below a listed directory (`--depth`).
    static let depth = 1...1_000_000
    /// Bytes a hex dump line holds (`--cols`): `xxd -p` takes any number
    /// (this bound keeps a line's buffer to a few megabytes); the xxd
    /// layout takes up to `xxdColumns`, as `xxd -c` does.
    static let hexColumns = 0...1_000_000
    static let xxdColumns = 0...256
    /// Bytes a hex dump group holds (`--group`); more than a line is one group.
    static let hexGroup = 0...256

    /// `text` as a whole number inside `range`, or a message saying what was
    /// expected (`what` names the number: "page size", "depth"). With
    /// `cPrefixes`, `0x1F` is hex and `017` octal, as C's `strtoul` with
    /// base 0 reads them (ls's `-w`, `-T`).
    /// With `beyond`, a whole number past the range's top (even past
    /// `Int`) is taken as `beyond`, as a peer that reads any size takes it.
    static func parse(
        _ text: String, in range: ClosedRange<Int>, what: String, cPrefixes: Bool = false, beyond: Int? = nil
    ) -> Result<Int, NumberProblem> {
        if let beyond, isWholeNumber(text, cPrefixes: cPrefixes), (cPrefixes ? cNumber(text) : Int(text)).map({ $0 > range.upperBound }) ?? true {
            return .success(beyond)
        }
        guard let value = cPrefixes ? cNumber(text) : Int(text), range.contains(value) else {
            return .failure(
                NumberProblem(message: "invalid \(what) '\(text)': expected a whole number from \(range.lowerBound) to \(range.upperBound)"))
        }
        return .success(value)
    }

    /// Whether `text` is written as a whole number (digits; with `cPrefixes`,
    /// `0x` and hex digits too), whatever its size.
    private static func isWholeNumber(_ text: String, cPrefixes: Bool) -> Bool {
        let lowered = text.lowercased()
        if cPrefixes, lowered.hasPrefix("0x") {
            let digits = lowered.dropFirst(2)
            return !digits.isEmpty && digits.allSatisfy(\.isHexDigit)
        }
        // A leading 0 is octal to strtoul: `08` is no number at all.
        if cPrefixes, text.hasPrefix("0") { return text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x37 } }
        return !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `0x` or `0X` and hex digits, `0` and octal digits, or decimal (`ByteCount.baseZero`).
    private static func cNumber(_ text: String) -> Int? {
        ByteCount.baseZero(Substring(text.lowercased())).flatMap { Int(exactly: $0) }
    }

    /// A number from the environment (`LINES`, `COLUMNS`): nil when unset or
    /// out of range, which is taken as not given.
    static func environment(_ name: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = Environment.value(name), let value = Int(text), range.contains(value) else { return nil }
        return value
    }
}

/// A number outside its range, with the message for the user.
struct NumberProblem: Error {
    let message: String
}

/// Byte counts as users type them: decimal, `0x` hex, `0` octal (as hexdump
/// and xxd read them), and the suffixes k, m, g
/// (powers of 1024). Offsets and lengths are `UInt64`: any value parses, and
/// whoever adds two of them saturates (`ByteCount.end`).
enum ByteCount {
    static func parse(_ text: String) -> UInt64? {
        var digits = Substring(text.lowercased())
        var multiplier: UInt64 = 1
        // k m g t, or as hexdump also reads them KiB (1024s) and KB (1000s);
        // a hex number takes only the one-letter forms (b is a hex digit).
        let isHex = digits.hasPrefix("0x")
        let suffixes: [(String, UInt64, UInt64)] =
            (isHex
                ? []
                : [
                    ("kib", 1024, 1), ("mib", 1024, 2), ("gib", 1024, 3), ("tib", 1024, 4), ("kb", 1000, 1), ("mb", 1000, 2), ("gb", 1000, 3),
                    ("tb", 1000, 4),
                ])
            + [("k", 1024, 1), ("m", 1024, 2), ("g", 1024, 3), ("t", 1024, 4)]
        if let (suffix, base, power) = suffixes.first(where: { digits.hasSuffix($0.0) }) {
            for _ in 0..<power { multiplier *= base }
            digits = digits.dropLast(suffix.count)
        }
        guard let value = baseZero(digits) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    /// Digits as C's `strtoul` with base 0 reads them (lowercase): `0x` and
    /// hex, a leading `0` and octal (hexdump's, xxd's and ls's `-w`), else decimal.
    static func baseZero(_ digits: Substring) -> UInt64? {
        if digits.hasPrefix("0x") { return UInt64(digits.dropFirst(2), radix: 16) }
        if digits.count > 1 && digits.hasPrefix("0") { return UInt64(digits.dropFirst(), radix: 8) }
        return UInt64(digits)
    }

    /// The offset just past `length` bytes from `offset`, saturating at the
    /// largest offset instead of wrapping: `hex 1 1 18446744073709551615`.
    static func end(from offset: UInt64, length: UInt64) -> UInt64 {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        return overflow ? .max : sum
    }
}
