/// The flags, width and precision of one printf conversion as hexdump
/// hands it to printf (`%-08.3x`), read once from a format string and
/// applied here without calling printf: integers, characters and strings
/// come out as glibc's printf writes them (`0` ignored beside a precision
/// or `-`, and for characters and strings; `+` and space for signed
/// conversions only; `#` as `0` before octal and `0x` before hex).
public struct PrintfField: Sendable, Equatable {
    /// `-`: padding after the value.
    public var leftAligned = false
    /// `+`: a sign on every signed number.
    public var plusSign = false
    /// space: a space where a signed number has no sign.
    public var spaceSign = false
    /// `#`: octal starts with 0, hex with 0x.
    public var alternate = false
    /// `0`: zeros, not spaces, pad a number.
    public var zeroPadded = false
    /// The least columns the value takes.
    public var width = 0
    /// Least digits of an integer, most bytes of a string, digits of a
    /// fraction; nil when not given.
    public var precision: Int?

    /// The most columns or digits filetable draws for one field: printf
    /// would write a billion spaces, and a dump has no use for them.
    public static let largestNumber = 4096

    public init() {}

    /// Reads the bytes between `%` and the conversion letter: flags, then
    /// a width, then `.` and a precision (`.` alone is precision 0). Nil
    /// when they are in another order (`%5-d`): printf's reading of those
    /// is its own, and filetable refuses them rather than guess.
    init?(_ spec: ArraySlice<UInt8>) {
        var index = spec.startIndex
        flags: while index < spec.endIndex {
            switch spec[index] {
            case 0x2D: leftAligned = true
            case 0x2B: plusSign = true
            case 0x20: spaceSign = true
            case 0x23: alternate = true
            case 0x30: zeroPadded = true
            default: break flags
            }
            index += 1
        }
        guard let width = Self.number(in: spec, at: &index) else { return nil }
        self.width = width
        if index < spec.endIndex && spec[index] == 0x2E {
            index += 1
            guard let precision = Self.number(in: spec, at: &index) else { return nil }
            self.precision = precision
        }
        guard index == spec.endIndex else { return nil }
    }

    /// The digits at `index` as a number (0 when there are none), nil past `largestNumber`.
    private static func number(in spec: ArraySlice<UInt8>, at index: inout Int) -> Int? {
        var value = 0
        while index < spec.endIndex, (0x30...0x39).contains(spec[index]) {
            value = value * 10 + Int(spec[index] - 0x30)
            if value > largestNumber { return nil }
            index += 1
        }
        return value
    }

    /// The field as C spells it, for the conversions printf still writes
    /// (floating point): `%-08.3` without the conversion letter.
    var cSpelling: String {
        var text = "%"
        if leftAligned { text += "-" }
        if plusSign { text += "+" }
        if spaceSign { text += " " }
        if alternate { text += "#" }
        if zeroPadded { text += "0" }
        if width > 0 { text += String(width) }
        if let precision { text += "." + String(precision) }
        return text
    }

    /// The most bytes this field writes for a value of at most `natural` bytes.
    func largestOutput(natural: Int) -> Int { max(width, natural + (precision ?? 0)) + 4 }
}
