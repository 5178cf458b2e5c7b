import SystemSeam

/// How a size is written, as ls's `--block-size` says: bytes, a fixed unit
/// (`1024`, `K`, `1M`, `KiB`, `KB`), or human figures (`-h`, `--si`).
/// Fixed units round up, as ls does, and a unit given without a number is
/// written after each figure (`4K`, `5kB`).
public struct SizeUnit: Sendable, Equatable {
    public enum Scale: Sendable, Equatable {
        /// `1.1K` (base 1024) or `1.1k` (base 1000).
        case human(base: Int64)
        /// The size divided by `factor`, rounded up, then `suffix`.
        case fixed(factor: Int64, suffix: String)
    }

    public let scale: Scale
    /// `'` before the unit: a figure's digits grouped as the locale groups
    /// thousands (`UserDigitGrouping`), as ls and du write them.
    public var groupsDigits = false

    public init(_ scale: Scale) { self.scale = scale }

    public static let bytes = SizeUnit(.fixed(factor: 1, suffix: ""))
    /// ls's default for `-s` and `total`.
    public static let kibibytes = SizeUnit(.fixed(factor: 1024, suffix: ""))
    public static let human = SizeUnit(.human(base: 1024))
    public static let si = SizeUnit(.human(base: 1000))

    private static let letters: [Character] = ["K", "M", "G", "T", "P", "E"]

    /// The unit a `--block-size` argument (or `BLOCK_SIZE`) names: a number,
    /// a unit letter (K M G T P E) alone or followed by `iB` (powers of 1024)
    /// or `B` (powers of 1000), a number before the unit, `human-readable`
    /// or `si`, any of them after a `'` (digits grouped). Nil for anything
    /// else, or a zero unit.
    public static func parse(_ text: String) -> SizeUnit? {
        if text.hasPrefix("'") {
            guard var unit = parse(String(text.dropFirst())) else { return nil }
            unit.groupsDigits = true
            UserDigitGrouping.prepare()
            return unit
        }
        switch text {
        case "human-readable": return .human
        case "si": return .si
        default: break
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        var rest = Substring(text.dropFirst(digits.count))
        let number: Int64? = digits.isEmpty ? nil : Int64(digits)
        if !digits.isEmpty && number == nil { return nil }
        var factor: Int64 = 1
        var suffix = ""
        if let letter = rest.first {
            guard let power = letters.firstIndex(of: Character(letter.uppercased())) else { return nil }
            rest = rest.dropFirst()
            let base: Int64
            switch rest {
            case "":
                base = 1024
                suffix = String(letters[power])
            case "iB":
                base = 1024
                suffix = String(letters[power]) + "iB"
            case "B":
                base = 1000
                suffix = (power == 0 ? "k" : String(letters[power])) + "B"
            default: return nil
            }
            for _ in 0...power {
                let (product, overflow) = factor.multipliedReportingOverflow(by: base)
                if overflow { return nil }
                factor = product
            }
        }
        if let number {
            let (product, overflow) = factor.multipliedReportingOverflow(by: number)
            if overflow || product == 0 { return nil }
            factor = product
            suffix = ""
        } else if suffix.isEmpty {
            return nil
        }
        return SizeUnit(.fixed(factor: factor, suffix: suffix))
    }

    /// `bytes` in this unit.
    public func format(_ bytes: Int64) -> String {
        switch scale {
        case .human(let base): return HumanSize.format(bytes, base: base)
        case .fixed(let factor, let suffix):
            let (quotient, remainder) = bytes.quotientAndRemainder(dividingBy: factor)
            let figure = String(quotient + (remainder > 0 ? 1 : 0))
            return (groupsDigits ? UserDigitGrouping.group(figure) : figure) + suffix
        }
    }
}
