import FileBrowsing

/// `diff N [M]`: the lines two text files differ in, as `diff -u` writes
/// them, in the text viewer (see `FileDiff`).
struct DiffCommand: RegisteredCommand {
    let first: RowReference
    let second: RowReference?

    static let usesTheTerminal = true

    static let spec = CommandSpec(
        name: "diff", aliases: [], usage: "diff N|NAME [M|NAME]", summary: "how two text files differ, as diff -u shows it",
        details:
            "In a comparison ('compare PATH'), diff N shows how row N's file here differs from its file there (a file whose contents differ, or are the same); anywhere, diff N M compares two rows. The output is diff -u's, byte for byte on what we tested (three lines of context, changes close together in one hunk, times as diff writes them), shown in the text viewer with its keys; n and N go to the next and the previous hunk (the search is set to '@@ -'). Binary files are said to differ, as diff says it; files over 64 MiB are refused. Nothing is written."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard (1...2).contains(words.arguments.count) else {
            throw words.usageError(words.arguments.isEmpty ? "missing argument" : "too many arguments")
        }
        let first = try CommandWords.row(words.arguments[0])
        let second = words.arguments.count == 2 ? try CommandWords.row(words.arguments[1]) : nil
        return DiffCommand(first: first, second: second)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        position <= 2 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let first = try context.row(self.first, for: "diff")
        let second = try self.second.map { reference throws(CommandError) in try context.row(reference, for: "diff") }
        let diff = try FileDiff.rows(first, second, of: context.current)
        context.write("diff: " + diff.summary)
        guard !diff.text.isEmpty else { return .keepGoing }
        let viewer: TextViewer
        do {
            viewer = try TextViewer(file: MemoryBytes(path: diff.title, bytes: diff.text), layout: context.textLayout(wraps: false))
        } catch {
            throw CommandError("diff: \(error.description)")
        }
        viewer.title = diff.title
        viewer.search(for: "@@ -")
        context.openView.open(.text(viewer))
        try context.showText(viewer, notices: 1)
        return .keepGoing
    }
}

extension Command {
    static func diff(_ first: RowReference, _ second: RowReference? = nil) -> Command { Command(DiffCommand(first: first, second: second)) }
}
