import FileBrowsing

/// `end`: the last page.
struct EndCommand: RegisteredCommand {
    static let spec = CommandSpec(name: "end", aliases: [], usage: "end", summary: "last page", details: "Shows the last page.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return EndCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        // Pages cut first (--page-size or the screen): the last page is the one holding the last row at that height.
        context.preparePage()
        context.current.table.scrollToRow(context.current.table.numberOfRows - 1)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static var end: Command { Command(EndCommand()) }
}
