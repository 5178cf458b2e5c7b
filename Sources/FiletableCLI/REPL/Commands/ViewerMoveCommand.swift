import FileBrowsing

/// A move of the open viewer (`b`, `/TEXT`, `G`, `q`, …), typed right after
/// a screen of it: see `ViewerMove`. Not typed by name, so not registered;
/// `Session.command(for:)` reads a line as one before it reads it as a
/// command.
struct ViewerMoveCommand: ReplCommand {
    let move: ViewerMove

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.viewing.move(move)
        return .keepGoing
    }
}

extension Command {
    static func viewerMove(_ move: ViewerMove) -> Command { Command(ViewerMoveCommand(move: move)) }
}
