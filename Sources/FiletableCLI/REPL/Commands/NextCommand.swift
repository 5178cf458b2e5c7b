import FileBrowsing

/// `next`: the next page; right after a match of `find`, the next match.
struct NextCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "next", aliases: ["n"], usage: "next", summary: "next page",
        details: "Shows the next page. An empty line does the same.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return NextCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        if context.modes.shownBefore == .searchMatch, let search = context.search {
            try context.find(nil, maxDepth: search.maxDepth)
        } else {
            try context.nextPage()
        }
        return .keepGoing
    }
}

extension Command {
    static var next: Command { Command(NextCommand()) }
}

extension CommandContext {
    func nextPage() throws(CommandError) {
        preparePage()
        guard current.table.nextPage() else { throw CommandError("next: already on the last page") }
        printPage()
    }
}
