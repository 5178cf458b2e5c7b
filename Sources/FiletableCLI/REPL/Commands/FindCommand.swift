import FileBrowsing

/// `find [TEXT] [--depth N]`: the next name holding TEXT here and below;
/// `find` alone goes on with the last search.
struct FindCommand: RegisteredCommand {
    let text: String?
    var depth: Int?

    static let spec = CommandSpec(
        name: "find", aliases: ["/"], usage: "find [TEXT] [--depth N]", summary: "next name holding TEXT, here and below",
        details:
            "Searches the names (ignoring case) of this table's rows in the order shown, each directory's contents right after its row, as find(1) walks a tree; links are not followed, marked entries are left out, and --depth N stops N levels down (1: this table only). A match here moves to its page; a match deeper shows its directory as a new level on the match's page ('back' returns). 'find' alone, the same TEXT again, or 'n' right after a match go on to the next match. Ctrl-C stops a long search, and 'find' goes on from there."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var arguments = words.arguments
        var depth: Int?
        if let flag = arguments.firstIndex(of: "--depth") {
            guard flag + 1 < arguments.count else { throw words.usageError("--depth needs a number") }
            let value = try CommandWords.number(arguments[flag + 1], for: "find: --depth")
            guard value <= UserNumber.depth.upperBound else {
                throw CommandError("find: --depth \(value) is too deep (at most \(UserNumber.depth.upperBound))")
            }
            depth = value
            arguments.removeSubrange(flag...(flag + 1))
        }
        return FindCommand(text: arguments.isEmpty ? nil : arguments.joined(separator: " "), depth: depth)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return arguments.last == "--depth" ? .nothing : .words(["--depth"])
    }

    func run(in session: Session) throws(CommandError) -> Session.Outcome {
        try session.find(text, maxDepth: depth)
        return .keepGoing
    }
}

extension Command {
    static func find(_ text: String?, depth: Int? = nil) -> Command { Command(FindCommand(text: text, depth: depth)) }
}
