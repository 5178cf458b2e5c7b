import SystemSeam

/// hexdump's format strings (`-e FORMAT`, `-f FILE`), read as util-linux
/// hexdump reads them: each string is drawn for every block of input in
/// turn; a string is units (`iterations/bytes "text"`), and a unit's text
/// is print units, each some literal text and at most one conversion.
/// The block is the largest string's count of bytes; a string's last
/// unit without an iteration count repeats to fill it; a unit repeated
/// drops one trailing blank from its last repetition. `HexdumpFormatDump`
/// draws input through it.
public struct HexdumpFormat: Sendable {
    /// What one conversion writes.
    public enum Conversion: Sendable, Equatable {
        /// `%_a[dox]`: the offset of the next byte; `%_A[dox]` the same, once, after the input.
        case address(PrintfWriting.Radix)
        /// `%d %i` (signed), `%o %u %x %X`: a 1, 2, 4 or 8-byte little-endian integer.
        case integer(signed: Bool, PrintfWriting.Radix)
        /// `%e %E %f %g %G`: a 4 or 8-byte IEEE number, written by printf.
        case floatingPoint(letter: UInt8)
        /// `%c`: the byte as it is.
        case character
        /// `%_p`: the byte if printable ASCII, else `.`.
        case printable
        /// `%_c`: printable, a C escape (`\0 \a \b \f \n \r \t \v`), or three octal digits.
        case escapedCharacter
        /// `%_u`: printable, ASCII's name for a control (`nul` … `us`, `del`), or hex.
        case asciiName
        /// `%s`: bytes up to a NUL or the block's end, at most the precision's.
        case string
    }

    /// Literal text, then at most one conversion of `byteCount` bytes.
    public struct PrintUnit: Sendable, Equatable {
        public var text: [UInt8]
        public var conversion: Conversion?
        public var field = PrintfField()
        public var byteCount = 0
        /// Its colour unit (`_L[...]`) when colours are wanted and every colour name is known.
        public var colors: [HexdumpColorCondition]?

        /// The most bytes it writes, a `%s` taking at most `blockSize`.
        func largestOutput(blockSize: Int) -> Int {
            let natural: Int
            switch conversion {
            case nil: natural = 0
            case .address?, .integer?: natural = 26
            case .floatingPoint?: natural = 330 + (field.precision ?? 6)
            case .character?, .printable?: natural = 1
            case .escapedCharacter?, .asciiName?: natural = 3
            case .string?: natural = blockSize
            }
            return text.count + field.largestOutput(natural: natural)
        }
    }

    /// `iterations/bytes "format"`, read into print units.
    public struct FormatUnit: Sendable, Equatable {
        public var iterations = 1
        /// The iteration count was written (a last unit without one repeats to fill the block).
        public var iterationsGiven = false
        /// Bytes one iteration takes: the count written, else its conversions' sum.
        public var byteCount = 0
        public var prints: [PrintUnit] = []
        /// Holds `%_A`: the string stops here for every block, and this
        /// unit is drawn once after the input (the last such unit).
        public var endsDump = false
        /// The unit repeats and its last print unit ends in a blank, which
        /// its last iteration leaves out (`16/1 "%02x "`).
        public var dropsLastBlank = false
    }

    /// One `-e` string (or line of a `-f` file).
    public struct FormatString: Sendable, Equatable {
        public var units: [FormatUnit] = []
        /// Bytes of a block the string takes.
        public var byteCount: Int { units.reduce(0) { $0 + $1.byteCount * $1.iterations } }
    }

    public let strings: [FormatString]
    /// Bytes a block: the largest string's count.
    public let blockSize: Int
    /// Some print unit has a colour unit.
    public var hasColors: Bool { strings.contains { $0.units.contains { $0.prints.contains { $0.colors != nil } } } }
    /// The unit drawn after the input, with the offset past its end.
    public let endUnit: FormatUnit?

    /// The largest block filetable takes (hexdump allocates whatever a count asks).
    public static let largestBlock = 1 << 24

    /// Reads `sources` (each an `-e` string or a `-f` line) as hexdump
    /// does: every string's syntax first, then its conversions. Colour
    /// units (`_L[...]`) are read when `colors` is set (hexdump's `-L`,
    /// `--color`), else skipped unread, as hexdump skips them.
    public init(parsing sources: [[UInt8]], colors: Bool = false) throws(HexdumpFormatError) {
        var written: [[FormatUnitText]] = []
        for source in sources { written.append(try Self.units(of: source)) }
        var strings: [FormatString] = []
        for units in written {
            var string = FormatString()
            for unit in units { string.units.append(try Self.formatUnit(unit, colors: colors)) }
            strings.append(string)
        }
        let blockSize = strings.map(\.byteCount).max() ?? 0
        guard blockSize <= Self.largestBlock else { throw .blockTooLarge(blockSize) }
        for index in strings.indices { Self.fillBlock(&strings[index], blockSize: blockSize) }
        self.strings = strings
        self.blockSize = blockSize
        endUnit = strings.flatMap(\.units).last(where: \.endsDump)
    }

    /// The strings of a `-f` file: one a line, blank lines and `#` comments skipped.
    public static func sources(ofFormatFile contents: [UInt8]) -> [[UInt8]] {
        contents.split(separator: 0x0A, omittingEmptySubsequences: true).compactMap { line in
            let text = line.drop(while: isBlank)
            return text.isEmpty || text.first == 0x23 ? nil : Array(text)
        }
    }

    /// The strings hexdump uses for its own letters (`-b -X -c -d -o -x -C`).
    public static func sources(of view: HexdumpView) -> [[UInt8]] {
        let offsets = #""%07.7_Ax\n""#
        switch view {
        case .octalBytes: return [offsets, #""%07.7_ax " 16/1 "%03o " "\n""#].map { Array($0.utf8) }
        case .hexBytes: return [offsets, #""%07.7_ax " 16/1 " %02x " "\n""#].map { Array($0.utf8) }
        case .characters: return [offsets, #""%07.7_ax " 16/1 "%3_c " "\n""#].map { Array($0.utf8) }
        case .decimalWords: return [offsets, #""%07.7_ax " 8/2 "  %05u " "\n""#].map { Array($0.utf8) }
        case .octalWords: return [offsets, #""%07.7_ax " 8/2 " %06o " "\n""#].map { Array($0.utf8) }
        case .hexWords: return [offsets, #""%07.7_ax " 8/2 "   %04x " "\n""#].map { Array($0.utf8) }
        case .canonical:
            return [#""%08.8_Ax\n""#, #""%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x " "#, #""  |" 16/1 "%_p" "|\n""#].map { Array($0.utf8) }
        }
    }

    /// C's `isspace`.
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// The string's last unit repeats to fill the block when no count was
    /// written; a repeated unit drops its last blank (hexdump's rules).
    private static func fillBlock(_ string: inout FormatString, blockSize: Int) {
        let taken = string.byteCount
        for index in string.units.indices {
            var unit = string.units[index]
            if index == string.units.count - 1, taken < blockSize, !unit.iterationsGiven, unit.byteCount > 0 {
                unit.iterations += (blockSize - taken) / unit.byteCount
            }
            if unit.iterations > 1, let last = unit.prints.last, last.conversion == nil, let byte = last.text.last, isBlank(byte) {
                unit.dropsLastBlank = true
            }
            string.units[index] = unit
        }
    }
}
