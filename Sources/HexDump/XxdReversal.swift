/// xxd's `-r`: a hex dump read back into bytes, as xxd reads it, a
/// character at a time from any pieces of input. In xxd's layout each
/// line is an offset, then up to `columns` bytes as pairs of hex digits
/// (the text column after them is skipped); a jump in the offsets is
/// filled with zero bytes, one back is an error. In the plain layout
/// (`-r -p`) every pair of hex digits is a byte and the rest is ignored.
/// In the bit layout (`-r -b`) each eight `0`s and `1`s after a line's
/// offset are a byte, up to `columns` a line. Never seeks its output: the
/// bytes come out in order.
public struct XxdReversal: Sendable {
    /// The dump's offsets go back, which bytes in order cannot do.
    public struct BackwardsOffset: Error, Sendable {
        /// The offset the dump asked for, and where the output was.
        public let wanted: Int64
        public let written: Int64
    }

    private let columns: Int
    private let plain: Bool
    private let bits: Bool
    /// `-r -b`: the bits read so far (the low eight are the byte) and how many.
    private var bitValue: UInt64 = 0
    private var bitCount = 0
    /// `-s`: added to every offset of the dump.
    private let baseOffset: Int64
    /// The last three characters' hex values, newest first (-1: not a digit).
    private var n1 = -1
    private var n2 = 0
    private var n3 = 0
    /// Bytes read on this line; at `columns` the next digits are an offset.
    private var position: Int
    private var ignoresGarbage = true
    private var skipsLine = false
    private var wantedOffset: Int64 = 0
    private var writtenOffset: Int64 = 0

    public init(columns: Int, plain: Bool, bits: Bool = false, baseOffset: Int64) {
        self.columns = columns
        self.plain = plain
        self.bits = bits
        self.baseOffset = baseOffset
        position = columns
    }

    /// The bytes `input` gives, appended to `output`; a jump in the
    /// offsets is handed to `zeros` (with the bytes so far), which may be
    /// of any size: the caller writes it without holding it.
    public mutating func read(
        _ input: UnsafeRawBufferPointer, into output: inout [UInt8], zeros: (Int64, inout [UInt8]) -> Void
    ) throws(BackwardsOffset) {
        for character in input { try read(character, into: &output, zeros: zeros) }
    }

    private mutating func read(
        _ character: UInt8, into output: inout [UInt8], zeros: (Int64, inout [UInt8]) -> Void
    ) throws(BackwardsOffset) {
        if skipsLine {
            guard character == 0x0A else { return }
            skipsLine = false
            return endLine()
        }
        if character == 0x0D { return }
        if plain && (character == 0x20 || character == 0x0A || character == 0x09) { return }
        if bits {
            n1 = Self.hexValue(character)
            if n1 < 0 && ignoresGarbage { return }
            if character == 0x30 || character == 0x31 {
                bitValue = bitValue &<< 1 | UInt64(character - 0x30)
                bitCount += 1
            }
        } else {
            n3 = n2
            n2 = n1
            n1 = Self.hexValue(character)
            if n1 < 0 && ignoresGarbage { return }
        }
        ignoresGarbage = false
        if !plain && position >= columns {
            // The line's offset: its digits, up to the first other character.
            if n1 < 0 {
                position = 0
                bitCount = 0
            } else {
                wantedOffset = wantedOffset &<< 4 | Int64(n1)
            }
            return
        }
        let target = baseOffset &+ wantedOffset
        if target != writtenOffset {
            guard target > writtenOffset else { throw BackwardsOffset(wanted: target, written: writtenOffset) }
            zeros(target - writtenOffset, &output)
            writtenOffset = target
        }
        if bits {
            if bitCount == 8 {
                output.append(UInt8(truncatingIfNeeded: bitValue))
                writtenOffset += 1
                wantedOffset += 1
                bitValue = 0
                bitCount = 0
                position += 1
                if position >= columns { return skip(from: character) }
            }
        } else if n2 >= 0 && n1 >= 0 {
            output.append(UInt8(n2 << 4 | n1))
            writtenOffset += 1
            wantedOffset += 1
            n1 = -1
            if !plain {
                position += 1
                // The line's bytes are all read: the rest is its text column.
                if position >= columns { return skip(from: character) }
            }
        } else if n1 < 0 && n2 < 0 && n3 < 0 {
            // Garbage after the bytes: the rest of the line is skipped.
            return skip(from: character)
        }
        if character == 0x0A { endLine() }
    }

    private mutating func skip(from character: UInt8) {
        if character == 0x0A { endLine() } else { skipsLine = true }
    }

    private mutating func endLine() {
        if !plain { wantedOffset = 0 }
        position = columns
        ignoresGarbage = true
    }

    private static func hexValue(_ character: UInt8) -> Int {
        switch character {
        case 0x30...0x39: return Int(character - 0x30)
        case 0x61...0x66: return Int(character - 0x61 + 10)
        case 0x41...0x46: return Int(character - 0x41 + 10)
        default: return -1
        }
    }
}
