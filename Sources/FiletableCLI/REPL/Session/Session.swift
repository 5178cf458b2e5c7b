import FileBrowsing
import SystemSeam
import TableKit
import Terminal

/// The REPL's session: the place that wires the owners of its state (the
/// levels walked, the deletion plan, du's figures, the open view, the last
/// search, the modes, the conversation) into the `CommandContext` every
/// command is handed, and `execute`, which runs one command. It has no
/// state of its own beyond them; what a command does is in its own file
/// (`Commands/`), the work several share in files named for it.
final class Session {
    /// Settings fixed for the session.
    struct Settings {
        /// Rows per page from `--page-size`; nil to follow the terminal.
        var pageSize: Int?
        /// A person at a terminal: names may be shortened to fit the width.
        var interactive = false
        var useColor = false
        var decoration = NameDecoration()
        var home: [UInt8]?
        /// `-y`: mark without asking.
        var assumeYes = false
        /// The first level's view settings, from the command line (`-a`, `-S`, `--filter` …).
        var listOptions = ListOptions()
        /// Columns between tab stops in the text viewer (`--tabs N`).
        var tabSize = 8
        /// The size pages and the viewer fit (the terminal's, or a test's).
        var window = WindowSize.ofTerminal
        /// `--choose-files`: rows are selected and picked, never marked.
        var choosesFiles = false
        /// The config file's settings, as prompt commands run before the
        /// first page, and its key maps for the full-screen view.
        var config = SessionConfig()
    }

    /// What every command is handed: the owners below, wired once.
    let context: CommandContext
    let settings: Settings

    // The owners, for the front ends (the prompt, the full-screen view).

    var navigator: Navigator { context.navigator }
    var deletionPlan: DeletionPlan { context.deletionPlan }
    var conversation: Conversation { context.conversation }
    var current: TableLevel { context.current }
    var stack: NavigationStack<TableLevel> { context.stack }
    var marks: MarkStore { context.marks }
    var state: SessionState { context.state }
    var viewer: Viewer? { context.viewer }
    var output: OutputSink { context.output }
    var prompt: PromptFrontEnd { context.conversation.prompt }
    var history: History? { context.conversation.history }
    var watching: LevelWatching? { context.conversation.watching }
    var drawsPages: Bool { context.drawsPages }

    /// What a person at a terminal with the line editor brings to the
    /// session: the history, the watch on the levels' directories, and the
    /// full-screen view. Set once, before the first command.
    func connect(history: History, watching: LevelWatching?, screenOpener: @escaping () -> Ending) {
        conversation.connect(history: history, watching: watching, screenOpener: screenOpener)
    }

    /// Runs `body` with `frontEnd` speaking for the session (see `Conversation.presenting`).
    func presenting<T>(on frontEnd: any FrontEnd, _ body: () throws -> T) rethrows -> T {
        try conversation.presenting(on: frontEnd, body)
    }

    /// Opens the first level on `path`.
    init(path: [UInt8], output: OutputSink, settings: Settings) throws(FileError) {
        self.settings = settings
        // The first level, like every other, is opened by the path it shows.
        var label = DisplayPath.absolute(path)
        var selected: [UInt8]?
        var inside: TableLevel?
        let handle: DirectoryHandle
        do {
            handle = try DirectoryHandle.open(resolving: label, displayPath: path)
        } catch  where (error.reason == .notADirectory || error.reason == .system(.notADirectory)) && !PathBytes.split(label).name.isEmpty {
            // `filetable FILE`, as ranger takes it: its directory, the file
            // highlighted; a path that goes on inside an archive
            // (`filetable backup.tgz/etc`) opens that place over it.
            var file = label
            if let (place, member) = try ArchiveLevel.placeInside(label) {
                let path = member == nil ? label : PathBytes.split(label).parent
                inside = ArchiveLevel.level(at: place, path: path, decoration: settings.decoration)
                if let member, let level = inside, let row = (0..<level.model.rowCount).first(where: { level.model.name(ofRow: $0) == member }) {
                    level.moveHighlight(to: row)
                }
                file = place.archivePath
            }
            let (parent, name) = PathBytes.split(file)
            label = parent.isEmpty ? [0x2F] : parent
            selected = name
            handle = try DirectoryHandle.open(resolving: label)
        }
        var options = settings.listOptions
        options.recordsInodes = true
        let model = try DirectoryListing(directory: handle, options: options)
        let level = TableLevel(model: model, path: label, decoration: settings.decoration)
        let navigator = Navigator(root: level)
        context = CommandContext(
            navigator: navigator, deletionPlan: DeletionPlan(), space: SpaceIndex(), openView: OpenView(), lastSearch: LastSearch(),
            modes: Modes(), conversation: Conversation(output: output, interactive: settings.interactive, window: settings.window),
            picking: settings.choosesFiles ? FilePicking() : nil, git: GitColumn(waits: !settings.interactive), settings: settings
        )
        if let selected, let row = (0..<model.rowCount).first(where: { model.withName(ofRow: $0) { $0.elementsEqual(selected) } }) {
            level.moveHighlight(to: row)
            // The prompt's first page marks the file named.
            level.pointed = (row, "named")
            PageView(level: level, settings: settings, state: SessionState()).layOutPages()
            level.table.scrollToRow(row)
        }
        if let inside {
            inside.style = level.style
            navigator.push(inside)
        }
    }

    /// The command a typed line (trimmed, not empty) asks for: right after
    /// a screen of the text or hex viewer, a viewer key (`b`, `/TEXT`, `q`)
    /// moves the viewer; otherwise the line is parsed as a command.
    func command(for line: String) throws(CommandError) -> Command {
        if state.lastShown == .viewerScreen, let viewer, !viewer.isLines, let move = ViewerMove.parse(line) {
            return .viewerMove(move)
        }
        // A row's exact name typed alone opens it (a name that is also a command runs the command).
        let model = current.model
        return try CommandParser.parse(line, inTheScreen: !drawsPages) { word in
            (try? RowNames.exactRow(word, in: model, for: "open")).flatMap { $0 } != nil
        }
    }

    /// Runs one command and says what happened: what it said, what it
    /// changed, whether the session ends, or its mistake. What the last
    /// command left on the screen (a screen of the viewer, a match of
    /// `find`) is kept in `Modes.shownBefore` for the commands that go on
    /// with it (an empty line, `n`).
    func execute(_ command: Command) -> Outcome {
        context.modes.beginCommand()
        let before = Outcome.Snapshot(context)
        context.conversation.beginCommand()
        var outcome = Outcome()
        do throws(CommandError) {
            outcome.ending = try command.action.run(in: context)
        } catch {
            outcome.failure = error
        }
        outcome.messages = context.conversation.endCommand()
        outcome.changes = Outcome.Snapshot(context).changes(since: before, tableShown: context.conversation.tableShown)
        return outcome
    }
}
