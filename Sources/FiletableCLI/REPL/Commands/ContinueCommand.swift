import FileBrowsing

/// An empty line: the next screen of the viewer right after a screen of it,
/// else the next page. Not typed by name, so not registered.
struct ContinueCommand: ReplCommand {
    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        if context.viewing.viewer != nil && context.table.shownBefore == .viewerScreen {
            try context.viewing.more()
        } else {
            try context.table.nextPage()
        }
        return .keepGoing
    }
}

extension Command {
    static var continueOn: Command { Command(ContinueCommand()) }
}
