import FileBrowsing

/// `more`: the next screen of the open hex or text view; `more N`, as the
/// `more` program is used, row N in the pager.
struct MoreCommand: RegisteredCommand {
    var row: RowReference?

    static let usesTheTerminal = true

    static let spec = CommandSpec(
        name: "more", aliases: ["m"], usage: "more [N|NAME]", summary: "next screen of hex or view; row N in $PAGER",
        details:
            "Continues the hex or text view where the last screen stopped. An empty line does the same while a view is open. 'more N' opens row N in $PAGER, as 'pager N' does."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard !words.arguments.isEmpty else { return MoreCommand() }
        return MoreCommand(row: try CommandWords.row(try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        if let row {
            try context.page(row)
        } else {
            try context.more()
        }
        return .keepGoing
    }
}

extension Command {
    static var more: Command { Command(MoreCommand()) }
}

extension CommandContext {
    func more() throws(CommandError) {
        switch viewer {
        case nil:
            throw CommandError("more: nothing to continue (use hex N or view N)")
        case .text, .hex:
            if openView.atEnd {
                // The view stays open at its end: its keys still move it.
                leaveShown(.viewerScreen)
                throw CommandError("more: nothing to continue (use hex N or view N)")
            }
            try move(.forward(.screen))
        case .lines(let lines, let next):
            showLines(lines, from: next)
        }
    }
}
