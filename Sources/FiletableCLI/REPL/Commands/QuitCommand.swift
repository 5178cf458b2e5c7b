import FileBrowsing

/// `quit`: the end of the session (asking first when marks would be lost).
struct QuitCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "quit", aliases: ["exit", "q"], usage: "quit", summary: "leave",
        details:
            "Leaves filetable (so does Ctrl-D). With marks changed since the last 'marks export', a terminal session asks first; a script does not."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return QuitCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        return context.mayQuit() ? .quit : .keepGoing
    }
}

extension Command {
    static var quit: Command { Command(QuitCommand()) }
}

extension CommandContext {
    /// Whether the session may end: with marks not exported since they last
    /// changed, a person at a terminal is asked first (batch mode is not).
    func mayQuit() -> Bool {
        guard deletionPlan.hasUnexportedChanges, conversation.canAsk, !settings.assumeYes else { return true }
        if conversation.ask("Quit and drop \(Plural.count(marks.count, "mark"))? [y/N] ") { return true }
        write("quit: kept \(Plural.count(marks.count, "mark")); 'marks export FILE' writes the plan")
        return false
    }
}
