import FileBrowsing

/// `back [all]`: the level below, as it was left.
struct BackCommand: RegisteredCommand {
    var all = false

    static let spec = CommandSpec(
        name: "back", aliases: ["b"], usage: "back [all]", summary: "return to the previous table",
        details: "Pops one level and restores it as you left it (page, sort, filter, style). 'back all' returns to the first level.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        if words.isEmpty { return BackCommand(all: false) }
        guard try words.one().lowercased() == "all" else { throw words.usageError("expected 'all' or nothing") }
        return BackCommand(all: true)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(["all"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        guard context.navigator.stack.canGoBack else { throw CommandError("back: nothing to go back to (this is the first level)") }
        context.navigator.back(all: all)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func back(all: Bool) -> Command { Command(BackCommand(all: all)) }
}
