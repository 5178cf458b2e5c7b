import TableKit

/// The one function that turns a file name (bytes) into text for a terminal.
///
/// Escaped: C0 controls (`\n`, `\t`, `\r`, others `\xHH`), DEL (`\x7F`), the
/// backslash (`\\`), bytes that are not valid UTF-8 (`\xHH`), C1 controls and
/// bidirectional or line-breaking formatting characters (`\u{202E}`). Every
/// entry therefore stays on one line, cannot drive the terminal, and the text
/// reads back to the exact bytes with `unescape`.
public enum NameEscaping {
    /// The display text for a name or path.
    public static func escape(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { escape($0) }
    }

    public static func escape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if isPlain(bytes) { return String(decoding: bytes, as: UTF8.self) }
        var out = ByteBuffer(capacity: bytes.count + 8)
        appendEscaped(bytes, to: &out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the display text of a name as UTF-8 to `out`: how a listing
    /// fills a cell without making a String per row.
    @inline(__always)
    public static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        if isPlain(bytes) {
            out.append(bytes)
        } else {
            appendEscapedSlowly(bytes, to: &out)
        }
    }

    private static func appendEscapedSlowly(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x80 {
                appendASCII(byte, to: &out)
                i += 1
                continue
            }
            let length = UTF8Validation.sequenceLength(bytes, at: i)
            guard length > 0 else {
                appendHexEscape(byte, to: &out)
                i += 1
                continue
            }
            let scalar = UTF8Validation.decode(bytes, at: i, length: length)
            if needsEscape(scalar) {
                out.append("\\u{")
                out.append(String(scalar.value, radix: 16, uppercase: true))
                out.append(0x7D)
            } else {
                out.append(UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]))
            }
            i += length
        }
    }

    /// True when the bytes are printable ASCII without a backslash: shown as is.
    @inline(__always)
    public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte > 0x7E || byte == 0x5C { return false }
        return true
    }

    /// Formatting characters that reorder or break lines on a terminal.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }

    private static func appendASCII(_ byte: UInt8, to out: inout ByteBuffer) {
        switch byte {
        case 0x0A: out.append("\\n")
        case 0x09: out.append("\\t")
        case 0x0D: out.append("\\r")
        case 0x5C: out.append("\\\\")
        case 0x20...0x7E: out.append(byte)
        default: appendHexEscape(byte, to: &out)
        }
    }

    /// `\xHH`, upper-case hex digits.
    private static func appendHexEscape(_ byte: UInt8, to out: inout ByteBuffer) {
        let digits: StaticString = "0123456789ABCDEF"
        out.append(0x5C)
        out.append(0x78)
        out.append(digits.utf8Start[Int(byte >> 4)])
        out.append(digits.utf8Start[Int(byte & 0xF)])
    }

    /// The exact bytes an escaped text stands for (the inverse of `escape`).
    /// Returns nil for a malformed escape.
    public static func unescape(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            guard scalar == "\\" else {
                out.append(contentsOf: Array(String(scalar).utf8))
                i += 1
                continue
            }
            guard i + 1 < scalars.count else { return nil }
            switch scalars[i + 1] {
            case "n": out.append(0x0A); i += 2
            case "t": out.append(0x09); i += 2
            case "r": out.append(0x0D); i += 2
            case "\\": out.append(0x5C); i += 2
            case "x":
                guard i + 3 < scalars.count,
                      let value = UInt8(String(String.UnicodeScalarView(scalars[(i + 2)...(i + 3)])), radix: 16)
                else { return nil }
                out.append(value)
                i += 4
            case "u":
                guard i + 2 < scalars.count, scalars[i + 2] == "{",
                      let close = scalars[(i + 3)...].firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 3)..<close])), radix: 16),
                      let decoded = Unicode.Scalar(value)
                else { return nil }
                out.append(contentsOf: Array(String(decoded).utf8))
                i = close + 1
            default:
                return nil
            }
        }
        return out
    }
}
