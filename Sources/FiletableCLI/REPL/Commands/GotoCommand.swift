import FileBrowsing

/// `goto N|NAME`: the page holding a row.
struct GotoCommand: RegisteredCommand {
    let row: RowReference

    static let spec = CommandSpec(
        name: "goto", aliases: ["g"], usage: "goto N|NAME", summary: "the page holding row N",
        details: "Shows the page that holds row N. Row numbers run across the whole table.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return GotoCommand(row: try CommandWords.row(try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let table = context
        let index = try table.row(row, for: "goto")
        table.preparePage()
        table.current.table.scrollToRow(index)
        // The full-screen view highlights the row gone to.
        table.current.moveHighlight(to: index)
        table.printPage()
        return .keepGoing
    }
}

extension Command {
    static func goto(row: RowReference) -> Command { Command(GotoCommand(row: row)) }
}
