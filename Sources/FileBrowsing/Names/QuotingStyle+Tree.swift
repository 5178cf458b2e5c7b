import SystemSeam

/// tree's way of writing a name (its `printit`), for `--tree`, which
/// follows the locale as tree does (`UserLocale`).
///
/// In the C locale (`treeBytes`) a byte at a time: `\a \b \t \n \v \f \r`
/// by name, `\\` and `\ ` for a backslash and a space, printable ASCII as
/// it is, any other byte as `\ooo`. In a UTF-8 locale (`treeCharacters`)
/// a character at a time: what the locale calls printable as it is, any
/// other as `\ooo` of its code point (a tab is `\011`); a name that is not
/// valid UTF-8 is written as in the C locale. One difference from tree, for
/// safety: what `NameEscaping` escapes but the locale calls printable (a
/// bidirectional override, a zero-width space, a tag character) is written
/// as its code point in octal too (`\20056`), never as itself.
extension QuotingStyle {
    /// Whether this style writes `name` as it is: tree's styles for a name
    /// of printable ASCII (no space or backslash in the C locale). False for
    /// ls's styles, which are asked in full.
    @inline(__always)
    func leavesAsItIs(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .treeBytes: return name.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x5C }
        case .treeCharacters: return name.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        case .exact: return true
        default: return false
        }
    }

    static func treeBytes(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.count)
        for byte in name {
            switch byte {
            case 7...13: out += [0x5C, Array("abtnvfr".utf8)[Int(byte) - 7]]
            case 0x5C, 0x20: out += [0x5C, byte]
            case 0x21...0x7E: out.append(byte)
            default: appendOctal(UInt32(byte), to: &out)
            }
        }
        return out
    }

    static func treeCharacters(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard UTF8Validation.isValid(name) else { return treeBytes(name) }
        var out: [UInt8] = []
        out.reserveCapacity(name.count)
        NameEscaping.forEachSequence(name) { start, length in
            let sequence = name[start..<(start + length)]
            let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first!
            if !NameEscaping.isEscaped(name, start: start, length: length) && UserLocale.isPrintable(scalar) {
                out.append(contentsOf: sequence)
            } else {
                appendOctal(scalar.value, to: &out)
            }
        }
        return out
    }

    /// `\` and the value in octal, at least three digits (printf's `\%03o`).
    private static func appendOctal(_ value: UInt32, to out: inout [UInt8]) {
        let digits = Array(String(value, radix: 8).utf8)
        out.append(0x5C)
        out += [UInt8](repeating: 0x30, count: max(0, 3 - digits.count)) + digits
    }
}
