import FileBrowsing

/// `unmark ARGS`: marks taken off rows shown with `show marked`.
struct UnmarkCommand: RegisteredCommand {
    let selectors: [RowSelector]

    static let spec = CommandSpec(
        name: "unmark", aliases: [], usage: "unmark ARGS", summary: "take marks off rows",
        details: "Takes marks off rows shown with 'show marked' (the D column). ARGS as for mark.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard !words.isEmpty else { throw words.usageError("missing argument") }
        return UnmarkCommand(selectors: try RowSelector.parse(words.arguments, for: "unmark"))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .rows
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.unmark(selectors)
        return .keepGoing
    }
}

extension Command {
    static func unmark(_ selectors: [RowSelector]) -> Command { Command(UnmarkCommand(selectors: selectors)) }
}

extension CommandContext {
    func unmark(_ selectors: [RowSelector]) throws(CommandError) {
        guard state.marksShown || current.kind.marksShow != .leaveTheTable else {
            throw CommandError("unmark: marked rows are hidden; 'show marked' first")
        }
        let level = current
        let rows = try selectRows(selectors, for: "unmark").filter { deletionPlan.isMarked(row: $0, of: level) }
        guard !rows.isEmpty else { throw CommandError("unmark: none of those rows is marked") }
        var entries: [EntryKey] = []
        for row in rows {
            guard let entry = level.entry(ofRow: row), marks.mark(for: entry) != nil else {
                let cover = marks.coveringMark(ofAncestry: level.ancestry).map { NameEscaping.escape($0.path) } ?? "?"
                throw CommandError("unmark: row \(row + 1) is inside the marked directory \(cover); unmark that directory")
            }
            entries.append(entry)
        }
        let removed = marks.unmark(entries)
        write("unmarked \(removed) (\(marks.count) in the plan)")
        printPage()
    }
}
