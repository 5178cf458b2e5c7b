/// The layouts of a hex dump, each byte-identical to a tool people already read.
public enum HexFormat: Sendable, Equatable {
    /// `hexdump -C`: offset, two runs of eight bytes, `|ascii|`; repeated lines become `*`.
    case canonical
    /// `xxd`: `offset: ` then `columns` bytes in groups of `group` (0: no groups), then the text.
    case xxd(columns: Int, group: Int, uppercase: Bool)
    /// `xxd -p`: bare hex, `columns` bytes a line (0: one line).
    case plain(columns: Int, uppercase: Bool)

    /// Bytes per full line.
    public var lineLength: Int {
        switch self {
        case .canonical: return 16
        case .xxd(let columns, _, _): return columns
        case .plain(let columns, _): return columns == 0 ? 1 << 16 : columns
        }
    }

    /// The most output bytes one input line can produce, derived from the
    /// layout: an offset of up to 16 digits and its separators, each byte's
    /// hex cell and text character, and with colour every one of those
    /// wrapped in an SGR sequence and a reset (`ByteClass.colorBytes`).
    func maximumLineOutput(colored: Bool) -> Int {
        let color = colored ? ByteClass.colorBytes : 0
        switch self {
        case .canonical:
            // offset, two spaces, 16 x (cell + space), the middle space, " |", 16 x text, "|\n"
            return 16 + 2 + 16 * (2 + color + 1) + 1 + 2 + 16 * (1 + color) + 2
        case .xxd(let columns, _, _):
            // offset, ": ", columns x (cell + group space), two spaces, columns x text, "\n"
            return 16 + 2 + columns * (2 + color + 1) + 2 + columns * (1 + color) + 1
        case .plain:
            return 2 * lineLength + 1
        }
    }
}

/// How the bytes of a dump are coloured by class, in the manner of hexyl:
/// NUL, printable ASCII, ASCII whitespace, other ASCII control, non-ASCII.
public enum ByteClass: Int, CaseIterable, Sendable {
    case null, printable, whitespace, control, nonASCII

    public init(_ byte: UInt8) {
        switch byte {
        case 0: self = .null
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20: self = .whitespace
        case 0x21...0x7E: self = .printable
        case 0x01...0x1F, 0x7F: self = .control
        default: self = .nonASCII
        }
    }

    /// The most bytes colour adds around one cell: the longest `ESC [ n m`
    /// opening plus the `ESC [ 0 m` reset.
    public static let colorBytes = allCases.map { 3 + $0.sgr.utf8.count }.max()! + 4

    /// The SGR parameters for the class (bright black, cyan, green, magenta, yellow).
    public var sgr: String {
        switch self {
        case .null: return "90"
        case .printable: return "36"
        case .whitespace: return "32"
        case .control: return "35"
        case .nonASCII: return "33"
        }
    }
}
