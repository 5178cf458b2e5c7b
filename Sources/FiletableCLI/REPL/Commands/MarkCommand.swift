import FileBrowsing

/// `mark ARGS`: rows marked for simulated deletion (nothing is deleted).
struct MarkCommand: RegisteredCommand {
    /// What is marked: rows of the table, or (on a table of copies) every
    /// copy but the one a rule keeps.
    enum Target: Equatable, Sendable {
        case rows([RowSelector])
        /// `--keep RULE`, its words.
        case allCopiesBut([String])
    }

    let target: Target

    static let spec = CommandSpec(
        name: "mark", aliases: ["delete", "rm"], usage: "mark ARGS", summary: "mark rows for simulated deletion",
        details:
            "ARGS: row numbers, ranges (3-7), lists (1,4,9), globs over the names in view (*.log), or all. In a comparison ('compare PATH'), 'mark same' marks the files there whose bytes are here too (never one whose copy here is marked). On a table of copies ('dupes'), 'mark --keep newest|oldest|first|shortest-path|inside GLOB' marks every copy but the one the rule keeps in each group, and no mark may leave a group without a copy outside the plan. Marked rows leave the table and the rows below are renumbered; nothing is ever deleted. Marking several rows or a directory lists them and asks with what they cover (files, directories, bytes; Ctrl-C stops a long count), unless -y was given or in a script. Ctrl-D or Ctrl-C at a question means no. A mark is the file the row showed; a row whose directory has moved since the table was read is refused."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard !words.isEmpty else { throw words.usageError("missing argument") }
        if words.arguments.first == "--keep" {
            let rule = Array(words.arguments.dropFirst())
            guard CopyTable.KeepRule(rule) != nil else {
                throw CommandError("mark: --keep takes newest, oldest, first, shortest-path or inside GLOB")
            }
            return MarkCommand(target: .allCopiesBut(rule))
        }
        return MarkCommand(target: .rows(try RowSelector.parse(words.arguments, for: "mark")))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .rows
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        switch target {
        case .allCopiesBut(let words):
            guard let rule = CopyTable.KeepRule(words) else {
                throw CommandError("mark: --keep takes newest, oldest, first, shortest-path or inside GLOB")
            }
            try context.plan.mark(keeping: rule)
        case .rows(let selectors):
            if case .name(let word)? = selectors.first, selectors.count == 1, try markKindWord(word, in: context) { return .keepGoing }
            try context.plan.mark(selectors)
        }
        return .keepGoing
    }

    /// A word the level's kind gives rows for (`mark same` in a
    /// comparison), when no row has that exact name; whether it was one.
    private func markKindWord(_ word: String, in context: CommandContext) throws(CommandError) -> Bool {
        let level = context.table.current
        guard try RowNames.exactRow(word, in: level.model, for: "mark") == nil,
            let chosen = level.kind.rows(for: word, in: level, marks: context.deletionPlan.marks)
        else { return false }
        let kept = chosen.kept > 0 ? "; \(chosen.kept) kept: the copy here is marked, or is among them" : ""
        guard !chosen.rows.isEmpty else { throw CommandError("mark \(word): no row to mark\(kept)") }
        try context.plan.mark(chosen.rows.map { .numbers(($0 + 1)...($0 + 1)) })
        if !kept.isEmpty { context.conversation.write("mark \(word): \(chosen.rows.count) marked" + kept) }
        return true
    }
}

extension Command {
    static func mark(_ selectors: [RowSelector]) -> Command { Command(MarkCommand(target: .rows(selectors))) }
    /// `mark N`: row `number` (1-based).
    static func mark(row number: Int) -> Command { .mark([.numbers(number...number)]) }
}
