/// Numbers written as the dump tools' printf formats write them: at least
/// `digits` digits, zero-padded, more when the number needs them.
enum HexDigits {
    static let lower = Array("0123456789abcdef".utf8)
    static let upper = Array("0123456789ABCDEF".utf8)

    static func appendHex<Number: BinaryInteger>(_ value: Number, digits: Int, uppercase: Bool, to output: inout [UInt8]) {
        append(UInt64(value), radix: 16, digits: digits, alphabet: uppercase ? upper : lower, to: &output)
    }

    static func appendOctal<Number: BinaryInteger>(_ value: Number, digits: Int, to output: inout [UInt8]) {
        append(UInt64(value), radix: 8, digits: digits, alphabet: lower, to: &output)
    }

    static func appendDecimal<Number: BinaryInteger>(_ value: Number, digits: Int, to output: inout [UInt8]) {
        append(UInt64(value), radix: 10, digits: digits, alphabet: lower, to: &output)
    }

    /// hexdump's `%0N.N_ax`: the offset in lowercase hex.
    static func appendOffset(_ offset: UInt64, digits: Int, to output: inout [UInt8]) {
        appendHex(offset, digits: digits, uppercase: false, to: &output)
    }

    private static func append(_ value: UInt64, radix: UInt64, digits: Int, alphabet: [UInt8], to output: inout [UInt8]) {
        // The digits the value needs, then each written in place from the last (no array of its own).
        var needed = 1
        var rest = value / radix
        while rest > 0 {
            needed += 1
            rest /= radix
        }
        let count = max(needed, digits)
        let start = output.count
        output.append(contentsOf: repeatElement(0x30, count: count))
        rest = value
        var index = start + count - 1
        repeat {
            output[index] = alphabet[Int(rest % radix)]
            rest /= radix
            index -= 1
        } while rest > 0
    }
}
