/// Hex digits worked out eight at a time in one 64-bit word, with no
/// table (SWAR): each byte of the value is spread to its own 16-bit lane,
/// its two nibbles to the lane's two bytes, and every nibble turned into
/// its ASCII digit at once. The word's bytes lie in memory as the digits
/// are read, most significant first, so one store writes them.
enum HexDigitWords {
    /// Added to a digit of ten or more beyond `0`'s offset: `a` (0x61) or `A` (0x41).
    static let lowerLetters: UInt64 = 0x27
    static let upperLetters: UInt64 = 0x07

    /// Every two-byte value's four digits as they lie in memory (256 KiB
    /// each), made on first use by the first dump of a large input, then
    /// only read, by any thread: a four-byte value's eight digits are two
    /// look-ups.
    nonisolated(unsafe) static let lowerQuads = quads(letters: lowerLetters)
    nonisolated(unsafe) static let upperQuads = quads(letters: upperLetters)

    private static func quads(letters: UInt64) -> UnsafePointer<UInt32> {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << 16)
        for value in 0..<(1 << 16) {
            table[value] = UInt32(truncatingIfNeeded: of(UInt32(value), letters: letters) >> 32)
        }
        return UnsafePointer(table)
    }

    /// The eight digits of `value`, as a word to store.
    @inline(__always)
    static func of(_ value: UInt32, letters: UInt64) -> UInt64 {
        // Most significant byte first in memory, then each byte in a lane of its own.
        var word = UInt64(value.byteSwapped)
        word = (word | word << 16) & 0x0000_FFFF_0000_FFFF
        word = (word | word << 8) & 0x00FF_00FF_00FF_00FF
        // The high nibble in the lane's first byte, the low nibble in its second.
        word = (word >> 4 & 0x000F_000F_000F_000F) | (word & 0x000F_000F_000F_000F) << 8
        // A digit of ten or more carries into bit 4 once 6 is added.
        let isLetter = (word &+ 0x0606_0606_0606_0606) >> 4 & 0x0101_0101_0101_0101
        return word &+ 0x3030_3030_3030_3030 &+ isLetter &* letters
    }

    /// The `count` (1, 2, 4 or 8) little-endian bytes at `bytes` as
    /// `2 * count` digits at `out`, which has room for 8 bytes past them.
    @inline(__always)
    static func write(_ bytes: UnsafeRawPointer, count: Int, letters: UInt64, to out: UnsafeMutableRawPointer) {
        switch count {
        case 1: out.storeBytes(of: UInt16(truncatingIfNeeded: of(UInt32(bytes.load(as: UInt8.self)), letters: letters) >> 48), as: UInt16.self)
        case 2:
            let value = UInt32(UInt16(littleEndian: bytes.loadUnaligned(as: UInt16.self)))
            out.storeBytes(of: UInt32(truncatingIfNeeded: of(value, letters: letters) >> 32), as: UInt32.self)
        case 4: out.storeBytes(of: of(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)), letters: letters), as: UInt64.self)
        default:
            let value = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
            out.storeBytes(of: of(UInt32(truncatingIfNeeded: value >> 32), letters: letters), as: UInt64.self)
            out.storeBytes(of: of(UInt32(truncatingIfNeeded: value), letters: letters), toByteOffset: 8, as: UInt64.self)
        }
    }

    /// The last `count` (1 to 16) digits of `value` at `out`, which has room for 16 bytes.
    @inline(__always)
    static func writeLast(_ count: Int, of value: UInt64, letters: UInt64, to out: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(out)
        if count <= 8 {
            // The word's last `count` bytes: shifted down to its first.
            raw.storeBytes(of: of(UInt32(truncatingIfNeeded: value), letters: letters) >> UInt64(8 * (8 - count)), as: UInt64.self)
        } else {
            let high = of(UInt32(truncatingIfNeeded: value >> 32), letters: letters) >> UInt64(8 * (16 - count))
            raw.storeBytes(of: high, as: UInt64.self)
            raw.storeBytes(of: of(UInt32(truncatingIfNeeded: value), letters: letters), toByteOffset: count - 8, as: UInt64.self)
        }
    }
}
