import FileBrowsing

/// `hide marked`: marked rows taken out of view again.
struct HideMarkedCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "hide", aliases: [], usage: "hide marked", summary: "take marked rows out of view", details: "Hides marked rows again.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard try words.one().lowercased() == "marked" else { throw words.usageError("expected 'marked'") }
        return HideMarkedCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(["marked"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.modes.showMarkedRows(false)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static var hideMarked: Command { Command(HideMarkedCommand()) }
}
