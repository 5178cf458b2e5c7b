/// What each of hexdump's conversions writes for the bytes at hand
/// (`hexdump-display.c`'s `print`, `conv_c` and `conv_u`), through
/// `PrintfWriting`'s printf rules; floating point through the C library.
enum HexdumpConversionWriting {
    /// Writes `conversion` of the `count` bytes at `bytes` (little-endian,
    /// as hexdump reads them on this machine); `address` is their offset.
    @inline(__always)
    static func write(
        _ conversion: HexdumpFormat.Conversion, of bytes: UnsafeRawPointer, count: Int, address: UInt64,
        field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>
    ) {
        switch conversion {
        case .address(let radix):
            writeAddress(address, radix: radix, field: field, to: &out)
        case .integer(let signed, let radix):
            writeInteger(load(bytes, count: count), count: count, signed: signed, radix: radix, field: field, to: &out)
        case .floatingPoint:
            break  // written by the C library, through the dump
        case .character:
            PrintfWriting.writeCharacter(bytes.load(as: UInt8.self), field: field, to: &out)
        case .printable:
            let byte = bytes.load(as: UInt8.self)
            PrintfWriting.writeCharacter(isPrintable(byte) ? byte : 0x2E, field: field, to: &out)
        case .escapedCharacter:
            writeEscaped(bytes.load(as: UInt8.self), field: field, to: &out)
        case .asciiName:
            writeASCIIName(bytes.load(as: UInt8.self), field: field, to: &out)
        case .string:
            break  // drawn by the dump, which knows the block's end
        }
    }

    /// `%_a`: an offset, through `%lld` for `d` (its sign flags apply), else unsigned.
    @inline(__always)
    static func writeAddress(_ address: UInt64, radix: PrintfWriting.Radix, field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>) {
        PrintfWriting.writeInteger(magnitude: address, negative: false, signed: radix == .decimal, radix: radix, field: field, to: &out)
    }

    /// An integer of `count` bytes read as `raw` (little-endian), signed
    /// (`%d %i`, sign-extended) or not.
    @inline(__always)
    static func writeInteger(
        _ raw: UInt64, count: Int, signed: Bool, radix: PrintfWriting.Radix, field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>
    ) {
        guard signed else {
            return PrintfWriting.writeInteger(magnitude: raw, negative: false, signed: false, radix: radix, field: field, to: &out)
        }
        let shift = UInt64(64 - 8 * count)
        let value = Int64(bitPattern: raw << shift) >> shift
        PrintfWriting.writeInteger(magnitude: value.magnitude, negative: value < 0, signed: true, radix: radix, field: field, to: &out)
    }

    /// The 4 or 8-byte IEEE number at `bytes`.
    static func floatingPoint(at bytes: UnsafeRawPointer, count: Int) -> Double {
        count == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: load(bytes, count: 4)))) : Double(bitPattern: load(bytes, count: 8))
    }

    /// printf's `isprint` in the C locale and in UTF-8 ones alike: a byte
    /// of 0x80 or more is no character there.
    @inline(__always)
    static func isPrintable(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) }

    @inline(__always)
    static func load(_ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
        switch count {
        case 1: return UInt64(bytes.load(as: UInt8.self))
        case 2: return UInt64(UInt16(littleEndian: bytes.loadUnaligned(as: UInt16.self)))
        case 4: return UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
        default: return UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        }
    }

    /// `%_c`: C's escapes, the character, or three octal digits, through `%s` or `%c`.
    private static func writeEscaped(_ byte: UInt8, field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>) {
        let escape: StaticString?
        switch byte {
        case 0x00: escape = "\\0"
        case 0x07: escape = "\\a"
        case 0x08: escape = "\\b"
        case 0x0C: escape = "\\f"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x0B: escape = "\\v"
        default: escape = nil
        }
        if let escape {
            PrintfWriting.writeString(escape, field: field, to: &out)
        } else if isPrintable(byte) {
            PrintfWriting.writeCharacter(byte, field: field, to: &out)
        } else {
            let octal = [0x30 + (byte >> 6), 0x30 + (byte >> 3 & 7), 0x30 + (byte & 7)]
            octal.withUnsafeBytes { PrintfWriting.writeString($0, field: field, to: &out) }
        }
    }

    private static let controlNames: [StaticString] = [
        "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "lf", "vt", "ff", "cr", "so", "si",
        "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us",
    ]

    /// `%_u`: ASCII's name for a control, the character, or its hex through `%x`.
    private static func writeASCIIName(_ byte: UInt8, field: PrintfField, to out: inout UnsafeMutablePointer<UInt8>) {
        if byte <= 0x1F {
            PrintfWriting.writeString(controlNames[Int(byte)], field: field, to: &out)
        } else if byte == 0x7F {
            PrintfWriting.writeString("del", field: field, to: &out)
        } else if isPrintable(byte) {
            PrintfWriting.writeCharacter(byte, field: field, to: &out)
        } else {
            PrintfWriting.writeInteger(magnitude: UInt64(byte), negative: false, signed: false, radix: .hex, field: field, to: &out)
        }
    }
}
