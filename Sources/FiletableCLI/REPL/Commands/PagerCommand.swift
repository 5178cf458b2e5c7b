import FileBrowsing

/// `pager N|NAME` (or `less N`): a file row in `$PAGER`.
struct PagerCommand: RegisteredCommand {
    let row: RowReference

    static let usesTheTerminal = true

    static let spec = CommandSpec(
        name: "pager", aliases: ["less"], usage: "pager N|NAME", summary: "open row N in $PAGER",
        details:
            "Opens a regular file in $PAGER (less when unset), started in the directory the table lists with the name as ./NAME; the table is as you left it when the pager ends. A gzip-compressed text goes to the pager decompressed, on its standard input, as the viewer shows it (zless). Directories, FIFOs, sockets and devices are refused."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return PagerCommand(row: try CommandWords.row(try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.page(row)
        return .keepGoing
    }
}

extension Command {
    static func pager(row: RowReference) -> Command { Command(PagerCommand(row: row)) }
}
