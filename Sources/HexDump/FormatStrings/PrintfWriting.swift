/// printf's integer, character and string conversions, written straight
/// into an output buffer the caller has made room in (see
/// `PrintfField.largestOutput`): the dump's hot path makes no call to
/// printf and no allocation. A test holds each against glibc's printf.
public enum PrintfWriting {
    /// How an integer's digits are written.
    public enum Radix: Sendable, Equatable {
        case decimal, octal, hex, upperHex
    }

    /// `%d %i` (signed) and `%o %u %x %X` (`magnitude` and `negative`
    /// together are the value).
    @inline(__always)
    static func writeInteger(
        magnitude: UInt64, negative: Bool, signed: Bool, radix: Radix, field: PrintfField,
        to out: inout UnsafeMutablePointer<UInt8>
    ) {
        // printf writes one 0 for zero, none when the precision is 0.
        let digitCount = magnitude == 0 ? (field.precision == 0 ? 0 : 1) : digits(of: magnitude, radix: radix)
        var leadingZeros = max(0, (field.precision ?? 0) - digitCount)
        if radix == .octal && field.alternate && leadingZeros == 0 && (digitCount == 0 || magnitude != 0) { leadingZeros = 1 }
        var sign: UInt8 = 0
        if signed {
            if negative { sign = 0x2D } else if field.plusSign { sign = 0x2B } else if field.spaceSign { sign = 0x20 }
        }
        let prefixesHex = field.alternate && magnitude != 0 && (radix == .hex || radix == .upperHex)
        let length = (sign != 0 ? 1 : 0) + (prefixesHex ? 2 : 0) + leadingZeros + digitCount
        var padding = field.width - length
        if padding > 0 && !field.leftAligned {
            if field.zeroPadded && field.precision == nil {
                leadingZeros += padding
            } else {
                out.update(repeating: 0x20, count: padding)
                out += padding
            }
            padding = 0
        }
        if sign != 0 {
            out.pointee = sign
            out += 1
        }
        if prefixesHex {
            out[0] = 0x30
            out[1] = radix == .upperHex ? 0x58 : 0x78
            out += 2
        }
        if leadingZeros > 0 {
            out.update(repeating: 0x30, count: leadingZeros)
            out += leadingZeros
        }
        if digitCount > 0 { writeDigits(magnitude, count: digitCount, radix: radix, to: out) }
        out += digitCount
        if padding > 0 {
            out.update(repeating: 0x20, count: padding)
            out += padding
        }
    }

    /// The digits `value` (not 0) takes in `radix`.
    @inline(__always)
    static func digits(of value: UInt64, radix: Radix) -> Int {
        let bits = 64 - value.leadingZeroBitCount
        switch radix {
        case .hex, .upperHex: return (bits + 3) / 4
        case .octal: return (bits + 2) / 3
        case .decimal:
            var count = 1
            var rest = value
            while rest >= 10_000 {
                rest /= 10_000
                count += 4
            }
            while rest >= 10 {
                rest /= 10
                count += 1
            }
            return count
        }
    }

    /// Writes the last `count` digits of `value`, most significant first, at `out`.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, radix: Radix, to out: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var index = count - 1
        switch radix {
        case .hex, .upperHex:
            // Two digits a byte from a table while two remain.
            let pairs = radix == .hex ? lowerHexPairs : upperHexPairs
            while index >= 1 {
                UnsafeMutableRawPointer(out + index - 1).storeBytes(of: pairs[Int(rest & 0xFF)], as: UInt16.self)
                rest >>= 8
                index -= 2
            }
            let letterOffset: UInt8 = radix == .hex ? 0x57 : 0x37
            while index >= 0 {
                let digit = UInt8(truncatingIfNeeded: rest & 15)
                out[index] = digit < 10 ? digit + 0x30 : digit + letterOffset
                rest >>= 4
                index -= 1
            }
        case .octal:
            while index >= 0 {
                out[index] = UInt8(truncatingIfNeeded: rest & 7) + 0x30
                rest >>= 3
                index -= 1
            }
        case .decimal:
            while index >= 0 {
                out[index] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                rest /= 10
                index -= 1
            }
        }
    }

    /// Each byte's two hex digits, as they lie in memory (first digit
    /// first); written once, then only read, by any thread.
    nonisolated(unsafe) static let lowerHexPairs = hexPairs(Array("0123456789abcdef".utf8))
    nonisolated(unsafe) static let upperHexPairs = hexPairs(Array("0123456789ABCDEF".utf8))

    private static func hexPairs(_ digits: [UInt8]) -> UnsafePointer<UInt16> {
        let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
        for value in 0..<256 {
            table[value] = UInt16(littleEndian: UInt16(digits[value >> 4]) | UInt16(digits[value & 15]) << 8)
        }
        return UnsafePointer(table)
    }

    /// `%c`: the byte, padded with spaces to the width (`0` pads with spaces too, as glibc).
    static func writeCharacter(_ byte: UInt8, field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>) {
        let padding = max(0, field.width - 1)
        if !field.leftAligned && padding > 0 {
            out.update(repeating: 0x20, count: padding)
            out += padding
        }
        out.pointee = byte
        out += 1
        if field.leftAligned && padding > 0 {
            out.update(repeating: 0x20, count: padding)
            out += padding
        }
    }

    /// `%s`: at most the precision's bytes of `bytes`, padded with spaces to the width.
    static func writeString(_ bytes: UnsafeRawBufferPointer, field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>) {
        let count = min(bytes.count, field.precision ?? bytes.count)
        let padding = max(0, field.width - count)
        if !field.leftAligned && padding > 0 {
            out.update(repeating: 0x20, count: padding)
            out += padding
        }
        if count > 0, let base = bytes.baseAddress {
            out.update(from: base.assumingMemoryBound(to: UInt8.self), count: count)
            out += count
        }
        if field.leftAligned && padding > 0 {
            out.update(repeating: 0x20, count: padding)
            out += padding
        }
    }

    /// A string of static text through `%s` (hexdump's `%_c` and `%_u` names).
    static func writeString(_ text: StaticString, field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>) {
        writeString(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), field: field, to: &out)
    }
}
