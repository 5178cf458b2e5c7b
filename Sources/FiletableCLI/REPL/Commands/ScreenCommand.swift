import FileBrowsing

/// `screen`: the full-screen view of this session; `q` there comes back here.
struct ScreenCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "screen", aliases: [], usage: "screen", summary: "the full-screen view: one key a move, the detail beside",
        details:
            "Shows this session full screen, on the same level: Up/Down (j/k) move a highlight, Enter or Right opens, Left goes back to the row you came from, / filters as you type, space marks, d sizes, s sorts, Tab shows the highlighted row's detail (by itself at 120 columns), : runs a command, ? lists the keys, q comes back to this prompt. Needs a terminal with the line editor."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return ScreenCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.conversation.openScreen()
    }
}
