/// Every command the REPL knows, by what it is for, in the order `help`
/// and the man page list them. Adding a command is a new file in this
/// folder (a `RegisteredCommand`) and one line here.
enum CommandRegistry {
    static let groups: [(title: String, commands: [any RegisteredCommand.Type])] = [
        (
            "Paging",
            [
                ListCommand.self, NextCommand.self, PreviousCommand.self, TopCommand.self, EndCommand.self, PageCommand.self,
                GotoCommand.self, FindCommand.self,
            ]
        ),
        (
            "Moving around",
            [OpenCommand.self, BackCommand.self, UpCommand.self, ChangeDirectoryCommand.self, PrintPathCommand.self, RevisionCommand.self]
        ),
        (
            "Looking at files",
            [
                InfoCommand.self, HexCommand.self, ViewCommand.self, MoreCommand.self, PagerCommand.self, EditorCommand.self,
                ReloadCommand.self,
                WatchCommand.self, SpaceCommand.self, FiguresCommand.self, DupesCommand.self, CompareCommand.self, DiffCommand.self,
                StatsCommand.self,
            ]
        ),
        (
            "The view",
            [
                SortCommand.self, DirectoriesFirstCommand.self, HiddenCommand.self, FilterCommand.self, GroupCommand.self,
                IndexCommand.self, JumpCommand.self, StyleCommand.self, LayoutCommand.self, GitCommand.self, GitIgnoreCommand.self,
            ]
        ),
        (
            "Editing and the deletion plan",
            [
                EditCommand.self, DoneCommand.self, MarkCommand.self, UnmarkCommand.self, UndoCommand.self, ShowMarkedCommand.self,
                HideMarkedCommand.self, MarksCommand.self,
            ]
        ),
        ("Choosing files (--choose-files)", [SelectCommand.self, PickCommand.self]),
        ("The session", [ScreenCommand.self, ShellCommand.self, HistoryCommand.self, ClearCommand.self, HelpCommand.self, QuitCommand.self]),
    ]

    /// Every registered command, in `help`'s order.
    static let all: [any RegisteredCommand.Type] = groups.flatMap(\.commands)

    /// The command a name or alias stands for, ignoring case.
    static func command(named word: String) -> (any RegisteredCommand.Type)? {
        let word = word.lowercased()
        return all.first { $0.spec.name == word || $0.spec.aliases.contains(word) }
    }
}
