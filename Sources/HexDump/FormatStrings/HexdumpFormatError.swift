/// Why a hexdump format string (`-e`, `-f`) cannot be used: hexdump's own
/// complaints in its words, and filetable's refusals of what hexdump would
/// hand to printf unread.
public enum HexdumpFormatError: Error, Equatable, Sendable {
    /// The units' syntax: counts, slash, quotes (`3/1"%x"` lacks a space).
    case badFormat(String)
    /// A conversion hexdump has no meaning for (`%q`, `%%`, `%_z`).
    case badConversion(String)
    /// A byte count the conversion cannot take (`2/3 "%x"`).
    case badByteCount(String)
    /// `%s` with neither a precision nor a byte count.
    case stringNeedsLength
    /// A unit with a byte count and two conversions.
    case byteCountWithSeveralConversions
    /// Flags, width and precision in another order, or past 4096.
    case unsupportedField(String)
    /// A block larger than filetable holds at once.
    case blockTooLarge(Int)
    /// An iteration or byte count past what filetable repeats.
    case countTooLarge(String)

    /// The line after `filetable: `.
    public var message: String {
        switch self {
        case .badFormat(let format): return "bad format {\(format)}"
        case .badConversion(let conversion): return "bad conversion character %\(conversion)"
        case .badByteCount(let conversion): return "bad byte count for conversion character \(conversion)"
        case .stringNeedsLength: return "%s requires a precision or a byte count"
        case .byteCountWithSeveralConversions: return "byte count with multiple conversion characters"
        case .unsupportedField(let conversion):
            return
                "unsupported conversion %\(conversion): filetable reads flags (-+ #0), then a width, then .precision, each at most \(PrintfField.largestNumber)"
        case .blockTooLarge(let size):
            return "a block of \(size) bytes is more than filetable dumps at once (\(HexdumpFormat.largestBlock))"
        case .countTooLarge(let count):
            return "a count of \(count) is more than filetable repeats (\(HexdumpFormat.largestBlock))"
        }
    }
}
