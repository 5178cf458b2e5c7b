import FileBrowsing

/// `done`: the end of editing mode.
struct DoneCommand: RegisteredCommand {
    static let spec = CommandSpec(name: "done", aliases: [], usage: "done", summary: "end editing mode", details: "Leaves editing mode.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return DoneCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.modes.setEditing(false)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static var done: Command { Command(DoneCommand()) }
}
