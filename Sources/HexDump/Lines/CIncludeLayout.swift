/// xxd -i: the bytes as a C array, `columns` a line, between the
/// declaration and the length xxd writes for a named file (standard input
/// gets the bytes alone, as xxd does); with `-b` as binary literals, with
/// `-t` a 0 after them that the length leaves out.
public struct CIncludeLayout: Sendable, Equatable {
    public var columns = 12
    public var uppercase = false
    /// Each byte as `0b01000001` (xxd -i -b).
    public var bits = false
    /// A 0 element after the bytes when the input ended (xxd -t), not when
    /// `length` (xxd -l) cut it.
    public var terminated = false
    public var length: UInt64?
    /// Letters of the names uppercased (xxd -C).
    public var capitalized = false
    /// The array's name as given (xxd -n), else made from the file's name;
    /// nil for standard input without one.
    public var name: [UInt8]?

    public init() {}

    /// The C name xxd makes: `__` before a leading digit, each byte that is
    /// not an ASCII letter or digit an underscore.
    var identifier: [UInt8]? {
        guard let name else { return nil }
        var result: [UInt8] = (name.first.map { (0x30...0x39).contains($0) } ?? false) ? [0x5F, 0x5F] : []
        for byte in name {
            switch byte {
            case 0x30...0x39, 0x41...0x5A: result.append(byte)
            case 0x61...0x7A: result.append(capitalized ? byte - 0x20 : byte)
            default: result.append(0x5F)
            }
        }
        return result
    }

    func appendOpening(to output: inout [UInt8]) {
        guard let identifier else { return }
        output.append(contentsOf: Array("unsigned char ".utf8) + identifier + Array("[] = {\n".utf8))
    }

    /// Appends byte number `index` (from 0) with what goes before it.
    func appendByte(_ byte: UInt8, index: UInt64, to output: inout [UInt8]) {
        if index == 0 {
            output.append(contentsOf: [0x20, 0x20])
        } else if index % UInt64(max(1, columns)) == 0 {
            output.append(contentsOf: [0x2C, 0x0A, 0x20, 0x20])
        } else {
            output.append(contentsOf: [0x2C, 0x20])
        }
        if bits {
            output.append(contentsOf: [0x30, 0x62])
            for bit in 0..<8 { output.append(byte & (0x80 >> bit) != 0 ? 0x31 : 0x30) }
            return
        }
        output.append(contentsOf: uppercase ? [0x30, 0x58] : [0x30, 0x78])
        HexDigits.appendHex(byte, digits: 2, uppercase: uppercase, to: &output)
    }

    func appendClosing(count: UInt64, to output: inout [UInt8]) {
        if terminated && length.map({ count < $0 }) ?? true { appendByte(0, index: count, to: &output) }
        if count > 0 { output.append(0x0A) }
        guard let identifier else { return }
        output.append(contentsOf: Array("};\nunsigned int ".utf8) + identifier + Array((capitalized ? "_LEN" : "_len").utf8))
        output.append(contentsOf: Array(" = \(count);\n".utf8))
    }
}
