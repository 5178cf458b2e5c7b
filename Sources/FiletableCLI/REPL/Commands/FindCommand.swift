import FileBrowsing

/// `find [TEXT] [--depth N]`: the next name holding TEXT here and below;
/// `find` alone goes on with the last search. `find TEXT --all` shows every
/// match below the level at once, as a level of its own.
struct FindCommand: RegisteredCommand {
    let text: String?
    var depth: Int?
    /// Every match as one table (`--all`), instead of one match at a time.
    var all = false

    static let spec = CommandSpec(
        name: "find", aliases: ["/"], usage: "find [TEXT] [--depth N]", summary: "next name holding TEXT, here and below",
        details:
            "Searches the names (ignoring case) nearest first: this table's rows in the order shown, then every directory one level down, then two, and so on; links are not followed, marked entries are left out, and --depth N stops N levels down (1: this table only). A match here moves to its page; a match deeper shows its directory as a new level on the match's page ('back' returns). 'find' alone, the same TEXT again, or 'n' right after a match go on to the next match. Ctrl-C stops a long search, and 'find' goes on from there. 'find TEXT --all' shows every match below this level as one table, nearest first (this table's matches, then one level down, and so on), one line a match named by its path below here (a match also answers to its own name when no other has it); its rows take open, info, view, hex, pager and mark like any table's, 'reload' searches again and 'back' returns. Hidden entries (and hidden directories) are searched when this table shows them ('hidden on'); when they are not, a search that finds nothing more says so. Ctrl-C stops it with the matches found so far."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var arguments = words.arguments
        let all = arguments.contains("--all")
        arguments.removeAll { $0 == "--all" }
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
        let text = arguments.isEmpty ? nil : arguments.joined(separator: " ")
        if all && text == nil { throw CommandError("find: --all needs TEXT to look for (usage: find TEXT --all [--depth N])") }
        return FindCommand(text: text, depth: depth, all: all)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 || arguments.last == "--depth" ? .nothing : .words(["--all", "--depth"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        if all, let text {
            try context.table.findAll(text, maxDepth: depth)
        } else {
            try context.table.find(text, maxDepth: depth)
        }
        return .keepGoing
    }
}

extension Command {
    static func find(_ text: String?, depth: Int? = nil) -> Command { Command(FindCommand(text: text, depth: depth)) }
}
