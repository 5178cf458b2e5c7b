import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// Name escaping: escape then unescape gives the original bytes; the escaped
/// text never holds a C0, DEL, C1, bidirectional or invisible character;
/// `terminalSafe` holds none either and leaves escaped text as it is; a
/// shell word holds no control byte and decodes back to the bytes; every
/// ls quoting style and tree's gives terminal-safe text.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    let escaped = NameEscaping.escape(bytes)
    checkDisplaySafe(escaped)
    guard NameEscaping.unescape(escaped) == bytes else { fatalError("escape does not read back: \(bytes)") }
    guard NameEscaping.terminalSafe(escaped) == escaped else { fatalError("terminalSafe changed escaped text") }
    let typed = NameEscaping.typedText(bytes)
    checkDisplaySafe(NameEscaping.terminalSafe(typed))
    if !bytes.contains(0x5C), NameEscaping.unescape(typed) != bytes { fatalError("typedText does not read back") }
    let word = ShellQuoting.word(bytes)
    if word.contains(where: { $0 < 0x20 || $0 == 0x7F }) { fatalError("control byte in a shell word") }
    guard decodeShellWord(word) == bytes else { fatalError("shell word does not read back: \(bytes)") }
    // `.exact` is `--zero`'s bytes as they are, for programs: not for display.
    for style in QuotingStyle.allCases where style != .exact {
        let (quoted, _) = style.quote(bytes)
        checkDisplaySafe(String(decoding: quoted, as: UTF8.self))
        if String(validating: quoted, as: UTF8.self) == nil { fatalError("\(style) wrote invalid UTF-8") }
    }
    return 0
}

/// Fails when `text` holds a character a terminal would act on or hide.
func checkDisplaySafe(_ text: String) {
    if !isTerminalSafe(text) { fatalError("unescaped character in \(text.debugDescription)") }
}

/// The shell's reading of one word as `ShellQuoting` writes it: `'…'` runs
/// with `\'` between them, or one `$'…'` with `\\`, `\'` and `\xHH`.
func decodeShellWord(_ word: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    var i = 0
    if word.starts(with: [0x24, 0x27]) {
        i = 2
        while i < word.count - 1 {
            if word[i] == 0x5C {
                if word[i + 1] == 0x78, let value = UInt8(String(decoding: word[(i + 2)..<(i + 4)], as: UTF8.self), radix: 16) {
                    out.append(value)
                    i += 4
                } else {
                    out.append(word[i + 1])
                    i += 2
                }
            } else {
                out.append(word[i])
                i += 1
            }
        }
        return word.last == 0x27 ? out : nil
    }
    var quoted = false
    while i < word.count {
        let byte = word[i]
        if byte == 0x27 {
            quoted.toggle()
            i += 1
            continue
        }
        if !quoted && byte == 0x5C {
            out.append(word[i + 1])
            i += 2
            continue
        }
        out.append(byte)
        i += 1
    }
    return quoted ? nil : out
}
