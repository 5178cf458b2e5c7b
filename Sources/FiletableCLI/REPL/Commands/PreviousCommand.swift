import FileBrowsing

/// `prev`: the previous page.
struct PreviousCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "prev", aliases: ["p", "previous"], usage: "prev", summary: "previous page",
        details: "Shows the previous page.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return PreviousCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let table = context
        table.preparePage()
        guard table.current.table.previousPage() else { throw CommandError("prev: already on the first page") }
        table.printPage()
        return .keepGoing
    }
}

extension Command {
    static var previous: Command { Command(PreviousCommand()) }
}
