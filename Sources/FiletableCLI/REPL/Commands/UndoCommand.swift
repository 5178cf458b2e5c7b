import FileBrowsing

/// `undo`: the last mark, unmark, prune or clear reverted.
struct UndoCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "undo", aliases: [], usage: "undo", summary: "revert the last mark, unmark or clear",
        details: "Reverts the last mark, unmark or marks clear; again and again, back to the start of the session.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return UndoCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let marks = context.marks
        guard let change = marks.undo() else { throw CommandError("undo: nothing to undo") }
        var parts: [String] = []
        if change.unmarked > 0 { parts.append("unmarked \(change.unmarked)") }
        if change.remarked > 0 { parts.append("marked \(change.remarked) again") }
        context.conversation.write("undo: " + parts.joined(separator: ", ") + " (\(marks.count) in the plan)")
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static var undo: Command { Command(UndoCommand()) }
}
