import SystemSeam
import TableKit

/// ls's `--quoting-style` words, for people and scripts that expect ls's
/// quoting (`-Q`, `--quoting-style=shell-escape`). filetable's own escapes
/// (`NameEscaping`) stay the default.
///
/// The promise of `NameEscaping` holds in every style: no control byte,
/// bidirectional override or invalid UTF-8 reaches the terminal. Styles
/// that escape write such bytes as `\ooo` (octal, as ls does); the literal
/// and plain shell styles show `?` for them, as ls does at a terminal. In a
/// locale that is not UTF-8 (C, POSIX) the styles that escape also escape
/// every byte above 0x7F, as ls does there, where they are not characters
/// (`r\303\251sum\303\251`; the others write them as they are).
public enum QuotingStyle: String, CaseIterable, Sendable {
    case literal
    case shell
    case shellAlways = "shell-always"
    case shellEscape = "shell-escape"
    case shellEscapeAlways = "shell-escape-always"
    case c
    case escape
    /// Between the locale's quotation marks: `‘’` in a UTF-8 locale, else
    /// `'` (`locale`) or `"` (`clocale`), as gnulib's quotearg picks them
    /// when gettext has no translation of them.
    case locale
    case clocale
    /// tree's names in the C locale (`QuotingStyle+Tree.swift`); not an ls word.
    case treeBytes = "tree-bytes"
    /// tree's names in a UTF-8 locale; not an ls word.
    case treeCharacters = "tree-characters"
    /// The bytes as they are, for `--zero`'s NUL-ended lines (a format for
    /// programs, as `--print0`); not an ls word.
    case exact

    /// The styles `--quoting-style` names (ls's words).
    public static var lsStyles: [QuotingStyle] { allCases.filter { $0 != .treeBytes && $0 != .treeCharacters && $0 != .exact } }

    /// Whether ls puts a space before names that are not quoted, in `-l`
    /// and column listings where some name of the directory is, so the
    /// names line up.
    public var alignsUnquotedNames: Bool { self == .shell || self == .shellEscape }

    /// The name as this style writes it, and whether it came out quoted.
    public func quote(_ name: UnsafeBufferPointer<UInt8>) -> (text: [UInt8], quoted: Bool) { quote(name, alsoEscaping: "") }

    /// `quote`, with the characters of `also` backslashed too in the
    /// escaping styles (a header's `:`).
    private func quote(_ name: UnsafeBufferPointer<UInt8>, alsoEscaping also: String) -> (text: [UInt8], quoted: Bool) {
        switch self {
        case .literal: return (Self.questionMarks(name), false)
        case .c: return (Self.backslashed(name, open: "\"", close: "\"", escapes: "\"\\" + also), true)
        case .escape: return (Self.backslashed(name, open: "", close: "", escapes: "\\ " + also), false)
        case .locale, .clocale:
            let (open, close) = UserLocale.isUTF8 ? ("\u{2018}", "\u{2019}") : self == .locale ? ("'", "'") : ("\"", "\"")
            return (Self.backslashed(name, open: open, close: close, escapes: "\\" + (UserLocale.isUTF8 ? "" : open) + also), true)
        case .treeBytes: return (Self.treeBytes(name), false)
        case .treeCharacters: return (Self.treeCharacters(name), false)
        case .exact: return (Array(name), false)
        case .shell, .shellAlways, .shellEscape, .shellEscapeAlways:
            let escapes = self == .shellEscape || self == .shellEscapeAlways
            let always = self == .shellAlways || self == .shellEscapeAlways
            return Self.shellWord(name, escapesControls: escapes, alwaysQuoted: always)
        }
    }

    public func quote(_ name: [UInt8]) -> (text: [UInt8], quoted: Bool) {
        name.withUnsafeBufferPointer { quote($0) }
    }

    /// A directory's name above its listing (`dir:`): as `quote`, except
    /// that a colon counts as special, as ls's headers have it: the shell
    /// styles quote the name, the escaping ones write `\:`.
    public func quoteHeader(_ name: [UInt8]) -> [UInt8] {
        guard name.contains(0x3A) else { return quote(name).text }
        switch self {
        case .shell: return QuotingStyle.shellAlways.quote(name).text
        case .shellEscape: return QuotingStyle.shellEscapeAlways.quote(name).text
        default: return name.withUnsafeBufferPointer { quote($0, alsoEscaping: ":").text }
        }
    }

    /// The quoted name as text (valid UTF-8 by construction).
    public func string(_ name: [UInt8]) -> String {
        String(decoding: quote(name).text, as: UTF8.self)
    }

    // MARK: - The pieces

    /// Each UTF-8 sequence as it is, or `?` a byte where `NameEscaping` would escape.
    private static func questionMarks(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.count)
        NameEscaping.forEachSequence(name) { start, length in
            if NameEscaping.isEscaped(name, start: start, length: length) {
                out.append(0x3F)
            } else {
                out.append(contentsOf: name[start..<(start + length)])
            }
        }
        return out
    }

    /// What an escaping style escapes: what `NameEscaping` would, and in a
    /// locale that is not UTF-8 any byte above 0x7F (ls's `isprint` there).
    private static func escapes(_ name: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        NameEscaping.isEscaped(name, start: start, length: length) || (name[start] >= 0x80 && !UserLocale.isUTF8)
    }

    /// C escapes (`\n`, `\t`, `\ooo`) for what `escapes` says, a backslash
    /// before each character of `escapes`, between `open` and `close`.
    private static func backslashed(_ name: UnsafeBufferPointer<UInt8>, open: String, close: String, escapes: String) -> [UInt8] {
        var out = Array(open.utf8)
        let escaped = Array(escapes.utf8)
        NameEscaping.forEachSequence(name) { start, length in
            if Self.escapes(name, start: start, length: length) {
                for byte in name[start..<(start + max(1, length))] { appendCEscape(byte, to: &out) }
            } else if length == 1, escaped.contains(name[start]) {
                out += [0x5C, name[start]]
            } else {
                out.append(contentsOf: name[start..<(start + length)])
            }
        }
        return out + Array(close.utf8)
    }

    /// `\a \b \t \n \v \f \r` by name, any other byte as `\ooo`.
    private static func appendCEscape(_ byte: UInt8, to out: inout [UInt8]) {
        let named: [UInt8: UInt8] = [7: 0x61, 8: 0x62, 9: 0x74, 10: 0x6E, 11: 0x76, 12: 0x66, 13: 0x72]
        out.append(0x5C)
        if let letter = named[byte] {
            out.append(letter)
        } else {
            out += [0x30 + (byte >> 6), 0x30 + ((byte >> 3) & 7), 0x30 + (byte & 7)]
        }
    }

    /// Characters that make a shell word need quotes anywhere in it.
    private static let shellSpecial = Set(" !\"$&()*;<=>?[\\]^`|\t".utf8)

    /// The shell styles: the name bare when the shell reads it so, else in
    /// single quotes (`'it'\''s $x'`), or in double quotes when its only
    /// problem is a single quote (`"it's"`). With `escapesControls`,
    /// control bytes leave the quotes as `$'\n'`; without, they show as `?`.
    private static func shellWord(
        _ name: UnsafeBufferPointer<UInt8>, escapesControls: Bool, alwaysQuoted: Bool
    )
        -> (text: [UInt8], quoted: Bool)
    {
        var hasControl = false
        var hasSingleQuote = false
        var needsQuotes = alwaysQuoted || name.isEmpty
        var specialInDoubleQuotes = false
        let isEscaped = { (start: Int, length: Int) in
            escapesControls ? escapes(name, start: start, length: length) : NameEscaping.isEscaped(name, start: start, length: length)
        }
        NameEscaping.forEachSequence(name) { start, length in
            if isEscaped(start, length) {
                hasControl = true
                // Only escapes need quotes around them; `?` needs them only
                // for tab, newline and carriage return, as in ls (quotearg
                // counts them as white space; `\a`, `\b`, `\v`, `\f` stay bare).
                if escapesControls || (length == 1 && [9, 10, 13].contains(name[start])) { needsQuotes = true }
                return
            }
            guard length == 1 else { return }
            let byte = name[start]
            if byte == 0x27 {
                hasSingleQuote = true
                needsQuotes = true
            }
            if shellSpecial.contains(byte) { needsQuotes = true }
            if start == 0 && (byte == 0x23 || byte == 0x7E) { needsQuotes = true }  // # and ~ lead
            if (byte == 0x7B || byte == 0x7D) && name.count == 1 { needsQuotes = true }  // { or } alone
            if byte == 0x22 || byte == 0x24 || byte == 0x60 || byte == 0x5C || byte == 0x21 { specialInDoubleQuotes = true }
        }
        if !needsQuotes { return (questionMarks(name), false) }
        if hasSingleQuote && !hasControl && !specialInDoubleQuotes {
            return ([0x22] + Array(name) + [0x22], true)
        }
        var out: [UInt8] = [0x27]
        // Inside `$'…`: the run of escapes goes on until a plain character closes it with `''`.
        var inEscapeRun = false
        NameEscaping.forEachSequence(name) { start, length in
            if isEscaped(start, length) {
                if escapesControls {
                    if !inEscapeRun { out += Array("'$'".utf8) }
                    inEscapeRun = true
                    for byte in name[start..<(start + max(1, length))] { appendCEscape(byte, to: &out) }
                } else {
                    out.append(0x3F)
                }
                return
            }
            if inEscapeRun { out += Array("''".utf8) }
            inEscapeRun = false
            if length == 1 && name[start] == 0x27 {
                out += Array("'\\''".utf8)
            } else {
                out.append(contentsOf: name[start..<(start + length)])
            }
        }
        out.append(0x27)
        return (out, true)
    }
}
