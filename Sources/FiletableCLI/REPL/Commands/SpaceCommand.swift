import FileBrowsing

/// `du`: every row sized with everything below it (a parallel scan).
struct SpaceCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "du", aliases: [], usage: "du", summary: "size every row with everything below it",
        details:
            "Scans the tree below this directory on every core (a progress line at a terminal; Ctrl-C stops it), then shows each row's space on disk, its share of the level and a bar; 'sort du' orders by it. Levels below are sized by the same scan, so opening them shows figures at once; reload scans again. Marked rows leave the total, and the header says what the plan would free. Nothing is deleted."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return SpaceCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.table.sizeLevel()
        return .keepGoing
    }
}

extension Command {
    static var du: Command { Command(SpaceCommand()) }
}
