import FileBrowsing

/// `compare PATH`: how this directory and everything below it differ from
/// the tree at PATH, as a level of its own (see `ComparisonLevel`);
/// `compare --rev REV`: from a git revision (`RevisionComparisonLevel`).
struct CompareCommand: RegisteredCommand {
    let path: String
    /// The other side is this git revision, not a tree on disk.
    var isRevision = false

    static let spec = CommandSpec(
        name: "compare", aliases: [], usage: "compare PATH (or compare --rev REV)",
        summary: "how this directory differs from another tree",
        details:
            "Compares this directory and everything below it with the tree at PATH, as diff -rq does (links followed, names in byte order, contents compared byte for byte after their sizes; a file that changes while it is compared is a difference, never the same). The table has four sections: only here, only there, contents differ, not the same type; each row is named by its path below the tops and lives on the side that has it (this side for the names on both), so view, hex, info and mark take it as any row. The header says how many files were the same. A progress line on a terminal; Ctrl-C stops it and shows what was found. 'reload' compares again; 'back' returns. filetable --compare A B prints diff -rq's lines. compare --rev REV compares this directory of a git work tree with revision REV, as git sees them (git diff --name-status with the files on disk, and the untracked files git does not ignore; no renames: a moved file is only there and only here): the same four sections, a row only in the revision read from git, diff N showing a changed file against the revision's. Read-only."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        if words.arguments.first == "--rev" {
            guard words.arguments.count == 2 else { throw words.usageError("give one revision after --rev") }
            return CompareCommand(path: words.arguments[1], isRevision: true)
        }
        guard words.arguments.count == 1 else { throw words.usageError("give the other tree's path") }
        return CompareCommand(path: words.arguments[0])
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        position == 1 ? .paths(directoriesOnly: true) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let origin = context.current
        _ = try origin.directoryListing(for: "compare")
        if isRevision { return try compareWithRevision(in: context) }
        let other = try context.absolutePath(path, for: "compare")
        var progress = context.conversation.progressLine()
        let found = try ComparisonLevel.level(
            comparing: origin, with: other, progress: { totals in progress.update(OperationProgress(totals)) }, stop: context.stop)
        progress.finish()
        context.stop.forget()
        for trouble in found.troubles.prefix(5) { context.conversation.write(trouble.description) }
        if found.troubles.count > 5 { context.conversation.write("… and \(found.troubles.count - 5) more that could not be read") }
        context.present(found.level)
        context.conversation.write(found.summary)
        return .keepGoing
    }

    /// `compare --rev REV`: git's answer, under the session's stop (a git
    /// stopped or past its deadline shows nothing: no pair is called the same).
    private func compareWithRevision(in context: CommandContext) throws(CommandError) -> Ending {
        let origin = context.current
        let changes: GitRevisionChanges
        switch GitRevisionChanges.read(origin.path, against: Array(path.utf8), stop: context.stop.isRequested) {
        case .success(let read): changes = read
        case .failure(let error):
            context.stop.forget()
            throw CommandError("compare --rev: \(error.description)")
        }
        let directory: DirectoryHandle
        do {
            directory = try origin.directoryUnderItsPath()
        } catch {
            throw CommandError("compare --rev: \(error.description)")
        }
        let rows = GitChangeRows(changes, in: directory, revision: Array(path.utf8), options: origin.model.options, stop: context.stop.isRequested)
        context.present(
            TableLevel(
                rows: rows, kind: RevisionComparisonLevel(rows: rows), in: directory, path: origin.path,
                decoration: origin.formatter.decoration))
        context.conversation.write(
            "compare --rev: \(Plural.count(rows.rowCount, "difference")), \(Plural.count(changes.sameFiles, "file")) the same")
        return .keepGoing
    }
}
