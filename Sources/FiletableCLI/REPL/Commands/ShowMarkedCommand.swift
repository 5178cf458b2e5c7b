import FileBrowsing

/// `show marked`: marked rows brought back into view with a D.
struct ShowMarkedCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "show", aliases: [], usage: "show marked", summary: "bring marked rows back into view",
        details: "Shows marked rows again, with a D in the control column.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard try words.one().lowercased() == "marked" else { throw words.usageError("expected 'marked'") }
        return ShowMarkedCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(["marked"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.modes.showMarkedRows(true)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static var showMarked: Command { Command(ShowMarkedCommand()) }
}
