import FileBrowsing

/// `stats`: the engine's counters, in a fixed form scripts read.
struct StatsCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "stats", aliases: [], usage: "stats", summary: "engine counters",
        details: "Rows, entries materialised (stat calls), cells created and reused by the table, and stat cache entries.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return StatsCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let level = context.current
        let model = level.model
        let say = context.conversation.write
        say("rows: \(model.rowCount)")
        say("entries materialised: \(model.entriesMaterialised)")
        say("cells created: \(level.table.cellsCreated)")
        say("cells reused: \(level.table.cellsReused)")
        say("cache entries: \(model.cachedStatusCount)")
        if let watching = context.watching { say("pages drawn for changes: \(watching.redraws)") }
        return .keepGoing
    }
}

extension Command {
    static var stats: Command { Command(StatsCommand()) }
}
