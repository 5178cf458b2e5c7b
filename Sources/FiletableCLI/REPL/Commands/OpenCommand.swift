import FileBrowsing

/// `open N|NAME` (or just N): a directory is pushed as a new level, and so
/// is an archive (its members); any other file shows its details.
struct OpenCommand: RegisteredCommand {
    let row: RowReference

    static let spec = CommandSpec(
        name: "open", aliases: ["o"], usage: "open N|NAME  (or just N)", summary: "open row N",
        details:
            "A directory, or a symlink to one, is pushed as a new table, and so is an archive (a tar, .tar.gz or zip, known by its content): its members, read without extracting, which view, hex and info read; any other file shows its details. Every command that takes a row takes its number, its name as shown (escapes typed as shown; Tab completes it), or the start of a name no other row starts with."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return OpenCommand(row: try CommandWords.row(try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.navigation.open(row)
        return .keepGoing
    }
}

extension Command {
    static func open(row: RowReference) -> Command { Command(OpenCommand(row: row)) }
}
