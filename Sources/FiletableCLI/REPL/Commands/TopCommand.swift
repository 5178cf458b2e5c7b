import FileBrowsing

/// `top`: the first page.
struct TopCommand: RegisteredCommand {
    static let spec = CommandSpec(name: "top", aliases: [], usage: "top", summary: "first page", details: "Shows the first page.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return TopCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.current.table.scrollToRow(0)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static var top: Command { Command(TopCommand()) }
}
