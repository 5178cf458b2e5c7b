import FileBrowsing

/// `compare PATH`: how this directory and everything below it differ from
/// the tree at PATH, as a level of its own (see `ComparisonLevel`).
struct CompareCommand: RegisteredCommand {
    let path: String

    static let spec = CommandSpec(
        name: "compare", aliases: [], usage: "compare PATH",
        summary: "how this directory differs from another tree",
        details:
            "Compares this directory and everything below it with the tree at PATH, as diff -rq does (links followed, names in byte order, contents compared byte for byte after their sizes; a file that changes while it is compared is a difference, never the same). The table has four sections: only here, only there, contents differ, not the same type; each row is named by its path below the tops and lives on the side that has it (this side for the names on both), so view, hex, info and mark take it as any row. The header says how many files were the same. A progress line on a terminal; Ctrl-C stops it and shows what was found. 'reload' compares again; 'back' returns. filetable --compare A B prints diff -rq's lines."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard words.arguments.count == 1 else { throw words.usageError("give the other tree's path") }
        return CompareCommand(path: words.arguments[0])
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        position == 1 ? .paths(directoriesOnly: true) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let origin = context.current
        _ = try origin.directoryListing(for: "compare")
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
}
