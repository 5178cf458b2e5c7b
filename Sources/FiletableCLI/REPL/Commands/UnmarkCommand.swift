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

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.plan.unmark(selectors)
        return .keepGoing
    }
}

extension Command {
    static func unmark(_ selectors: [RowSelector]) -> Command { Command(UnmarkCommand(selectors: selectors)) }
}
