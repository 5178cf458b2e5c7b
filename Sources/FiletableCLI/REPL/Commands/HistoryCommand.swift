import FileBrowsing

/// `history`: the lines typed at the prompt, numbered.
struct HistoryCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "history", aliases: [], usage: "history", summary: "the lines typed before",
        details:
            "Lists the lines typed at the prompt, oldest first. Up and Down walk them; Ctrl-R searches back, Ctrl-S forward. They are kept in $XDG_STATE_HOME/filetable/history (default ~/.local/state/filetable/history), at most 1,000, without repeats or lines typed with a leading space; a script's commands are never kept."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return HistoryCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        guard let history = context.conversation.history else {
            throw CommandError("history: kept only at a terminal with the line editor (not in a script, or with --no-edit)")
        }
        guard !history.entries.isEmpty else {
            context.conversation.write("history: empty")
            return .keepGoing
        }
        let width = String(history.entries.count).count
        for (index, line) in history.entries.enumerated() {
            context.conversation.write(String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)  " + line)
        }
        return .keepGoing
    }
}

extension Command {
    static var history: Command { Command(HistoryCommand()) }
}
