import FileBrowsing

/// `rev REV`: this directory as git revision REV holds it, as a level.
struct RevisionCommand: RegisteredCommand {
    let revision: String

    static let spec = CommandSpec(
        name: "rev", aliases: [], usage: "rev REV", summary: "this directory as a git revision holds it",
        details:
            "Opens the directory in view as git revision REV holds it (HEAD~3, v1.0, a branch), like an archive: its entries from git ls-tree, directories opening into theirs, view, hex and info reading from git (git show REV:FILE); back returns. Nothing there is a file on disk: marks, the pager and the editor say so. Read-only."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        RevisionCommand(revision: try words.one())
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion { .nothing }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let origin = context.current
        guard origin.listing != nil else { throw CommandError("rev: opens a directory of a work tree; this table lists \(origin.kindDescription)") }
        switch GitTreeRows.read(origin.path, at: Array(revision.utf8), options: origin.model.options, stop: context.stop.isRequested) {
        case .success(let rows):
            context.present(
                TableLevel(
                    rows: rows, kind: RevisionLevel(rows: rows), in: origin.directory, path: origin.path, decoration: context.settings.decoration))
        case .failure(let error):
            throw CommandError("rev: \(error.description)")
        }
        return .keepGoing
    }
}
