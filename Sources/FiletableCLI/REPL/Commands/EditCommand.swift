import FileBrowsing

/// `edit`: editing mode, a delete control on every row that can be marked.
struct EditCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "edit", aliases: [], usage: "edit", summary: "editing mode",
        details: "Shows a delete control (-) on every row that can be marked; 'done' ends it. Marking works in and out of editing mode.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return EditCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.modes.setEditing(true)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static var edit: Command { Command(EditCommand()) }
}
