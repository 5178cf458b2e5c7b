import FileBrowsing

/// An empty line: the next screen of the viewer right after a screen of it,
/// else the next page. Not typed by name, so not registered.
struct ContinueCommand: ReplCommand {
    func run(in session: Session) throws(CommandError) -> Session.Outcome {
        if session.viewer != nil && session.shownBefore == .viewerScreen {
            try session.more()
        } else {
            try session.nextPage()
        }
        return .keepGoing
    }
}

extension Command {
    static var continueOn: Command { Command(ContinueCommand()) }
}
