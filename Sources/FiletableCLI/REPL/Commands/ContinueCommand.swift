import FileBrowsing

/// An empty line: the next screen of the viewer right after a screen of it,
/// else the next page; on the last page nothing, as an empty line at a
/// shell prompt does (it is not a mistake). Not typed by name, so not
/// registered.
struct ContinueCommand: ReplCommand {
    func run(in context: CommandContext) throws(CommandError) -> Ending {
        if context.viewer != nil && context.modes.shownBefore == .viewerScreen {
            try context.more()
        } else if context.current.table.currentPage + 1 < context.current.table.pageCount {
            try context.nextPage()
        }
        return .keepGoing
    }
}

extension Command {
    static var continueOn: Command { Command(ContinueCommand()) }
}
