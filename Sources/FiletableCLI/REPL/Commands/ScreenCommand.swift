import FileBrowsing
import Terminal

/// `screen`: the full-screen view of this session; `q` there comes back here.
/// Its help lists the keys from `ScreenKey.table`, as the man page does.
struct ScreenCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "screen", aliases: [], usage: "screen", summary: "the full-screen view: one key a move, the detail beside",
        details:
            "Shows this session full screen, on the same level, with the highlighted row's detail beside the table at 120 columns or more; q comes back to this prompt. Needs a terminal with the line editor. Its keys: "
            + ScreenKey.table.map { "\($0.keys): \($0.summary)" }.joined(separator: "; ") + "."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return ScreenCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.openScreen()
    }
}

extension CommandContext {
    /// The full-screen view, where the terminal can show it.
    func openScreen() throws(CommandError) -> Ending {
        guard let screenOpener = conversation.screenOpener else {
            throw CommandError("screen: needs a terminal with the line editor (not a script, TERM=dumb or --no-edit)")
        }
        let outcome = screenOpener()
        if outcome == .keepGoing { printPage() }
        return outcome
    }
}
