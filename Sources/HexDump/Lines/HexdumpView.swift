/// One of hexdump's own views of a 16-byte block (util-linux `hexdump -b
/// -X -c -d -o -x -C`), drawn byte for byte as hexdump draws it: each view
/// gives the block a line of its own, views in the order their letters
/// were given, short blocks padded to the full width.
public enum HexdumpView: Sendable, Equatable {
    /// `-b`: one-byte octal (` 110 145 …`).
    case octalBytes
    /// `-X`: one-byte hexadecimal (`  48  65`), util-linux 2.39 on.
    case hexBytes
    /// `-c`: one-byte characters (`   H   e  \n  \0 001`).
    case characters
    /// `-d`: two-byte unsigned decimal, little-endian (`   25928`).
    case decimalWords
    /// `-o`: two-byte octal (`  062510`).
    case octalWords
    /// `-x`: two-byte hexadecimal (`    6548`).
    case hexWords
    /// `-C`: the canonical hex and text line.
    case canonical

    /// Bytes a line: every view takes a 16-byte block.
    public static let blockSize = 16

    /// Digits of the offset that starts each line and ends the dump.
    public var offsetDigits: Int { self == .canonical ? 8 : 7 }

    /// Appends the view's line for `block` (up to 16 bytes) at `offset`.
    func appendLine(_ block: UnsafeRawBufferPointer, offset: UInt64, to output: inout [UInt8]) {
        HexDigits.appendOffset(offset, digits: offsetDigits, to: &output)
        switch self {
        case .octalBytes:
            for index in 0..<16 {
                output.append(0x20)
                if index < block.count {
                    HexDigits.appendOctal(UInt32(block[index]), digits: 3, to: &output)
                } else {
                    output.append(contentsOf: [0x20, 0x20, 0x20])
                }
            }
        case .hexBytes:
            // `"%07.7_ax " 16/1 " %02x "`: the repeated unit's last blank left out.
            output.append(0x20)
            for index in 0..<16 {
                output.append(0x20)
                if index < block.count {
                    HexDigits.appendHex(UInt32(block[index]), digits: 2, uppercase: false, to: &output)
                } else {
                    output.append(contentsOf: [0x20, 0x20])
                }
                if index < 15 { output.append(0x20) }
            }
        case .characters:
            for index in 0..<16 {
                output.append(0x20)
                if index < block.count { Self.appendCharacter(block[index], to: &output) } else { output.append(contentsOf: [0x20, 0x20, 0x20]) }
            }
        case .decimalWords, .octalWords, .hexWords:
            for word in 0..<8 {
                let low = 2 * word
                guard low < block.count else {
                    output.append(contentsOf: repeatElement(0x20, count: 8))
                    continue
                }
                // Little-endian; a lone last byte is the low half, the high one zero.
                let value = UInt32(block[low]) | (low + 1 < block.count ? UInt32(block[low + 1]) << 8 : 0)
                switch self {
                case .decimalWords:
                    output.append(contentsOf: [0x20, 0x20, 0x20])
                    HexDigits.appendDecimal(value, digits: 5, to: &output)
                case .octalWords:
                    output.append(contentsOf: [0x20, 0x20])
                    HexDigits.appendOctal(value, digits: 6, to: &output)
                default:
                    output.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
                    HexDigits.appendHex(value, digits: 4, uppercase: false, to: &output)
                }
            }
        case .canonical:
            output.append(contentsOf: [0x20, 0x20])
            for index in 0..<16 {
                if index == 8 { output.append(0x20) }
                if index < block.count {
                    HexDigits.appendHex(UInt32(block[index]), digits: 2, uppercase: false, to: &output)
                    output.append(0x20)
                } else {
                    output.append(contentsOf: [0x20, 0x20, 0x20])
                }
            }
            output.append(contentsOf: [0x20, 0x7C])
            for byte in block { output.append((0x20...0x7E).contains(byte) ? byte : 0x2E) }
            output.append(0x7C)
        }
        output.append(0x0A)
    }

    /// hexdump's `%3_c`: a printable byte right-aligned, C escapes for NUL,
    /// BEL, BS, FF, LF, CR, HT and VT, three octal digits for the rest.
    private static func appendCharacter(_ byte: UInt8, to output: inout [UInt8]) {
        let escapes: [UInt8: UInt8] = [0x00: 0x30, 0x07: 0x61, 0x08: 0x62, 0x0C: 0x66, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74, 0x0B: 0x76]
        if let letter = escapes[byte] {
            output.append(contentsOf: [0x20, 0x5C, letter])
        } else if (0x20...0x7E).contains(byte) {
            output.append(contentsOf: [0x20, 0x20, byte])
        } else {
            HexDigits.appendOctal(UInt32(byte), digits: 3, to: &output)
        }
    }
}
