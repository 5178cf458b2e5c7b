/// Turns a line the user typed into a `Command`. Words are split on spaces;
/// an argument may be quoted ('…' or "…") to keep its spaces. The first word
/// names a registered command, whose own `parse` reads the rest; a bare
/// number opens that row, and so does a row's name alone that names no
/// command (`isRowName`: nnn, lf and broot jump to it; sftp needs cd), `!`
/// hands the rest of the line to the shell, and an empty line goes on
/// (`continueOn`).
enum CommandParser {
    /// `inTheScreen`: typed on the full-screen view's command line, whose
    /// mistakes point to its own help.
    static func parse(_ line: String, inTheScreen: Bool = false, isRowName: (String) -> Bool = { _ in false }) throws(CommandError) -> Command {
        // `!CMD` hands the rest of the line to the shell as it was typed.
        if line.hasPrefix("!") {
            let script = String(line.dropFirst()).trimmingSpaces
            return .shell(script.isEmpty ? nil : script)
        }
        let words = try split(line)
        guard let first = words.first else { return .continueOn }
        if Int(first) != nil, words.count == 1 { return .open(row: .number(try CommandWords.number(first, for: "row"))) }
        guard let command = CommandRegistry.command(named: first) else {
            if words.count == 1, isRowName(first) { return .open(row: .name(first)) }
            // A pasted megabyte is echoed by its start: the error stays one readable line.
            let shown = first.count > 40 ? first.prefix(40) + "…" : first
            if let suggestion = CommandCatalog.suggestion(for: first) {
                throw CommandError("unknown command '\(shown)'; did you mean '\(suggestion)'?")
            }
            throw CommandError("unknown command '\(shown)'; " + (inTheScreen ? "':help' lists them, '?' the keys" : "type 'help' for the list"))
        }
        return Command(try command.parse(CommandWords(spec: command.spec, arguments: Array(words.dropFirst()))))
    }

    /// Splits on unquoted spaces; quotes group words and are removed.
    static func split(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw CommandError("unbalanced quote in '\(line)'") }
        if inWord { words.append(current) }
        return words
    }
}
