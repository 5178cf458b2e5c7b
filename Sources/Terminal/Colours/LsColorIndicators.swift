/// The parts of ls's colour output that are not a kind's colour, from
/// `LS_COLORS` (ls's defaults where it says nothing): what starts and ends
/// a colour sequence (`lc=\e[`, `rc=m`), what ends a coloured name (`ec`,
/// else `lc` `rs` `rc`: `ESC[0m`), the colour of text that is no file's
/// (`no`, which ls also sets before every entry), and the clear to the end
/// of a line after a name that may wrap (`cl=\e[K`).
public struct LsColorIndicators: Sendable, Equatable {
    public var left = "\u{1B}["
    public var right = "m"
    public var end: String?
    public var reset = "0"
    public var normal: String?
    public var clearToEndOfLine = "\u{1B}[K"

    public init() {}

    /// Reads the indicators of `LS_COLORS` (values in dircolors' escapes).
    public init(lsColors: String?) {
        var values: [String: String] = [:]
        for setting in lsColors.map(Self.settings) ?? [] where !setting.key.hasPrefix("*") { values[setting.key] = setting.value }
        self.init(values: values)
    }

    /// The indicators among `LS_COLORS`' keys and their decoded values
    /// (`ColorScheme` holds them so).
    public init(values: [String: String]) {
        if let value = values["lc"] { left = value }
        if let value = values["rc"] { right = value }
        end = values["ec"]
        if let value = values["rs"] { reset = value }
        normal = values["no"]
        if let value = values["cl"] { clearToEndOfLine = value }
    }

    /// ls's `is_colored (C_NORM)`: `no` set, and not empty, `0` or `00`.
    public var normalIsColored: Bool {
        guard let normal else { return false }
        return !(normal.isEmpty || normal == "0" || normal == "00")
    }

    /// What follows a coloured name (ls's `prep_non_filename_text`), and
    /// comes once before ls's first colour.
    public var endOfName: String { end ?? left + reset + right }

    /// What ls writes once at the end when it used colour and `lc`/`rc` are
    /// not the defaults (`lc` `rc`, back to the terminal's own colours).
    public var atExit: String? { left == "\u{1B}[" && right == "m" ? nil : left + right }

    /// The `key=value` items of `LS_COLORS`: split at each `:` that is not
    /// escaped (`\:` is a colon inside a value, as ls reads it).
    public static func items(of lsColors: String) -> [Substring] {
        var items: [Substring] = []
        var start = lsColors.startIndex
        var index = start
        var escaped = false
        while index < lsColors.endIndex {
            let character = lsColors[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                if start < index { items.append(lsColors[start..<index]) }
                start = lsColors.index(after: index)
            }
            index = lsColors.index(after: index)
        }
        if start < lsColors.endIndex { items.append(lsColors[start...]) }
        return items
    }

    /// The `key=value` settings of `LS_COLORS` (or `TREE_COLORS`) in order,
    /// each value read from dircolors' escapes (`decoded`); an item without
    /// `=` is left out. Extensions keep their `*` (`*.tar`).
    public static func settings(of lsColors: String) -> [(key: String, value: String)] {
        items(of: lsColors).compactMap { item in
            guard let equals = item.firstIndex(of: "=") else { return nil }
            return (String(item[..<equals]), decoded(item[item.index(after: equals)...]))
        }
    }

    /// A value with dircolors' escapes read as ls's `get_funky_string` reads
    /// them: `\a \b \e \f \n \r \t \v \? \_`, `\NNN` octal, `\xHH` hex, `^X`
    /// for a control character, `\` before any other character for itself.
    public static func decoded(_ value: Substring) -> String {
        var out: [UInt8] = []
        var bytes = Array(value.utf8)[...]
        while let byte = bytes.popFirst() {
            switch byte {
            case 0x5C:  // backslash
                guard let next = bytes.popFirst() else { return String(decoding: out, as: UTF8.self) }
                switch next {
                case 0x30...0x37:
                    var number = UInt32(next - 0x30)
                    while let digit = bytes.first, (0x30...0x37).contains(digit) {
                        number = number << 3 + UInt32(digit - 0x30)
                        bytes.removeFirst()
                    }
                    out.append(UInt8(truncatingIfNeeded: number))
                case 0x78, 0x58:  // x
                    var number: UInt32 = 0
                    while let digit = bytes.first, let value = hexValue(digit) {
                        number = number << 4 + value
                        bytes.removeFirst()
                    }
                    out.append(UInt8(truncatingIfNeeded: number))
                default:
                    let named: [UInt8: UInt8] = [
                        0x61: 7, 0x62: 8, 0x65: 27, 0x66: 12, 0x6E: 10, 0x72: 13, 0x74: 9, 0x76: 11, 0x3F: 127, 0x5F: 0x20,
                    ]
                    out.append(named[next] ?? next)
                }
            case 0x5E:  // caret
                guard let next = bytes.popFirst() else { return String(decoding: out, as: UTF8.self) }
                out.append(next == 0x3F ? 127 : next & 0x1F)
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt32? {
        switch digit {
        case 0x30...0x39: return UInt32(digit - 0x30)
        case 0x41...0x46: return UInt32(digit - 0x41 + 10)
        case 0x61...0x66: return UInt32(digit - 0x61 + 10)
        default: return nil
        }
    }
}
