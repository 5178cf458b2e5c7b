import FileBrowsing

/// `editor N|NAME`: a file row in the user's editor.
struct EditorCommand: RegisteredCommand {
    let row: RowReference

    static let usesTheTerminal = true

    static let spec = CommandSpec(
        name: "editor", aliases: [], usage: "editor N|NAME", summary: "open row N in $VISUAL or $EDITOR",
        details:
            "Opens a regular file in $VISUAL, else $EDITOR, else vi, started as 'pager' starts the pager: in the directory the table lists, with the name as ./NAME. filetable itself never writes to the file; the editor is your program. Directories, FIFOs, sockets and devices are refused. ('edit' is editing mode, the delete controls.)"
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return EditorCommand(row: try CommandWords.row(try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.edit(row)
        return .keepGoing
    }
}
