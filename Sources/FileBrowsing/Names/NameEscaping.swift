import TableKit

/// The one function that turns a file name (bytes) into text for a terminal.
///
/// Escaped: C0 controls (`\n`, `\t`, `\r`, others `\xHH`), DEL (`\x7F`), the
/// backslash (`\\`), bytes that are not valid UTF-8 (`\xHH`), C1 controls,
/// bidirectional, line-breaking and invisible formatting characters, every
/// default-ignorable character and blank look-alike (`\u{202E}`,
/// `\u{200B}`, `\u{E0041}`; the table is `needsEscape`). Every entry therefore stays on one line, cannot
/// drive the terminal, cannot pass for another name, and the text reads back
/// to the exact bytes with `unescape`.
///
/// Everything else filetable prints that came from a user or a disk (error
/// messages echoing what was typed, headers, help) goes through
/// `terminalSafe`, the same escaping with the backslash left alone, and typed
/// bytes become text through `typedText`.
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

    /// A file's text as the viewer shows it: escaped as a name is, but a
    /// backslash is itself (`C:\Windows`, `\d+`): in text it is text, and
    /// nothing has to read the line back to bytes.
    /// The columns a name takes as shown (escaped): what `--sort=width` orders by.
    public static func displayWidth(of name: UnsafeBufferPointer<UInt8>) -> Int {
        isPlain(name) && name.allSatisfy({ $0 < 0x80 }) ? name.count : TextWidth.of(escape(name))
    }

    public static func escapeText(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer(escapeKeepingBackslashes)
    }

    /// `escape` with the backslash left as itself: what `escapeText` and
    /// `terminalSafe` both write.
    private static func escapeKeepingBackslashes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if isPlain(bytes, allowingBackslash: true) { return String(decoding: bytes, as: UTF8.self) }
        var out = ByteBuffer(capacity: bytes.count + 8)
        appendEscapedSlowly(bytes, to: &out, keepingBackslashes: true)
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

    /// Text that is safe to print as it stands: every control, invisible or
    /// reordering character escaped as in a name, but backslashes kept, so text
    /// already escaped (a name in a message) passes unchanged. How messages,
    /// headers and prompts that carry typed text reach the terminal.
    public static func terminalSafe(_ text: String) -> String {
        var text = text
        return text.withUTF8(escapeKeepingBackslashes)
    }

    /// Typed bytes (a command line, an argument) as text: valid UTF-8 as it
    /// is, every other byte as `\xHH`, the form names are shown and typed in,
    /// so `cd` and the other commands that read escapes get the exact bytes
    /// back and no byte turns into U+FFFD.
    public static func typedText(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { bytes in
            if UTF8Validation.isValid(bytes) { return String(decoding: bytes, as: UTF8.self) }
            var out = ByteBuffer(capacity: bytes.count + 8)
            forEachSequence(bytes) { start, length in
                if length == 0 {
                    appendHexEscape(bytes[start], to: &out)
                } else {
                    out.append(UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]))
                }
            }
            return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        }
    }

    private static func appendEscapedSlowly(
        _ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer,
        keepingBackslashes: Bool = false
    ) {
        forEachSequence(bytes) { start, length in
            let byte = bytes[start]
            if byte < 0x80 {
                if byte == 0x5C && keepingBackslashes { out.append(byte) } else { appendASCII(byte, to: &out) }
            } else if length == 0 {
                appendHexEscape(byte, to: &out)
            } else {
                let scalar = UTF8Validation.decode(bytes, at: start, length: length)
                if escapes(scalar, in: bytes, start: start, length: length) {
                    out.append("\\u{")
                    out.append(String(scalar.value, radix: 16, uppercase: true))
                    out.append(0x7D)
                } else {
                    out.append(UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]))
                }
            }
        }
    }

    /// Walks `bytes` one UTF-8 sequence at a time: `body(start, length)`, with
    /// length 0 for a byte that starts no valid sequence (it is one byte long).
    /// The one walk that escaping, typed text and shell quoting share.
    @inline(__always)
    static func forEachSequence(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ start: Int, _ length: Int) -> Void) {
        var i = 0
        while i < bytes.count {
            let length = bytes[i] < 0x80 ? 1 : UTF8Validation.sequenceLength(bytes, at: i)
            body(i, length)
            i += max(1, length)
        }
    }

    /// Whether `escape` writes the sequence `forEachSequence` reported as an
    /// escape (the backslash aside): a C0 control or DEL, a byte that is not
    /// UTF-8, or a character of `needsEscape` (a joiner or variation
    /// selector unless `isJoinedInScript`).
    static func isEscaped(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        switch length {
        case 0: return true
        case 1: return bytes[start] < 0x20 || bytes[start] == 0x7F
        default: return escapes(UTF8Validation.decode(bytes, at: start, length: length), in: bytes, start: start, length: length)
        }
    }

    /// Whether the character at `start` is written as `\u{…}`.
    @inline(__always)
    private static func escapes(_ scalar: Unicode.Scalar, in bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        if needsEscape(scalar) { return true }
        return isJoiner(scalar) && !isJoinedInScript(bytes, start: start, length: length)
    }

    /// True when the bytes are printable ASCII without a backslash: shown as is.
    @inline(__always)
    public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, allowingBackslash: Bool = false) -> Bool {
        for byte in bytes where byte < 0x20 || byte > 0x7E || (byte == 0x5C && !allowingBackslash) { return false }
        return true
    }

    /// Characters escaped although valid, wherever they stand: C1 controls,
    /// formatting characters that reorder or break lines, every
    /// Default_Ignorable_Code_Point of Unicode 15 (soft hyphen, combining
    /// grapheme joiner, Hangul fillers, Mongolian vowel separator and
    /// selectors, zero-width space, word joiner and the invisible operators,
    /// tag characters, musical formatting, the byte-order mark) and the blank
    /// look-alikes of a space or of nothing (no-break and typographic spaces,
    /// the Braille blank, interlinear annotation marks). Each lets two names
    /// look the same, or a name look like something else. The one table every
    /// output shares: listings, the prompt, `marks` and the `--sh` export.
    /// The joiners and variation selectors (`isJoiner`) are escaped too,
    /// unless they stand inside a script or an emoji sequence.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0xA0, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x1680, 0x17B4, 0x17B5, 0x180B...0x180F,
            0x2000...0x200B, 0x200E, 0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x2800, 0x3000, 0x3164,
            0xFEFF, 0xFFA0, 0xFFF0...0xFFFB, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// The zero-width non-joiner and joiner (U+200C, U+200D) and the
    /// variation selectors (U+FE00-U+FE0F): Persian, Indic scripts and emoji
    /// sequences need them, but between two ASCII characters they only hide.
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200C || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
    }

    /// A joiner stays when the character before it is one shown as itself
    /// outside ASCII, and so is the one after it (a variation selector may
    /// also end the name or stand before printable ASCII: `❤️.txt`): inside
    /// a word of a script or an emoji sequence. The neighbours are the same
    /// characters in the escaped text, so escaping it again changes nothing.
    private static func isJoinedInScript(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        // The sequence that ends where this one starts.
        var lead = start - 1
        while lead >= 0 && start - lead < 4 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= 0, isShownOutsideASCII(bytes, at: lead, ending: start) else { return false }
        let next = start + length
        let isSelector = bytes[start] == 0xEF
        guard next < bytes.count else { return isSelector }
        if bytes[next] < 0x80 { return isSelector && bytes[next] >= 0x20 && bytes[next] != 0x7F }
        let nextLength = UTF8Validation.sequenceLength(bytes, at: next)
        return nextLength >= 2 && isShownOutsideASCII(bytes, at: next, ending: next + nextLength)
    }

    /// Whether `bytes[start..<end]` is one valid character outside ASCII
    /// that `escape` writes as itself whatever stands around it.
    private static func isShownOutsideASCII(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, ending end: Int) -> Bool {
        guard bytes[start] >= 0xC2, UTF8Validation.sequenceLength(bytes, at: start) == end - start else { return false }
        let scalar = UTF8Validation.decode(bytes, at: start, length: end - start)
        return !needsEscape(scalar) && !isJoiner(scalar)
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

    /// The bytes of a name typed as it is shown: its escapes unescaped, or,
    /// when they are malformed, the text as typed.
    public static func typedName(_ text: String) -> [UInt8] {
        unescape(text) ?? Array(text.utf8)
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
            case "n":
                out.append(0x0A)
                i += 2
            case "t":
                out.append(0x09)
                i += 2
            case "r":
                out.append(0x0D)
                i += 2
            case "\\":
                out.append(0x5C)
                i += 2
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
