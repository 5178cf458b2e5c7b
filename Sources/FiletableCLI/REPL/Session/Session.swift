import FileBrowsing
import TableKit

/// The REPL's session: a navigation stack of table levels, its modes
/// (`SessionState`), the marks, and `execute`, which runs one command with a
/// `CommandContext` of the session's parts. The work behind those parts is
/// split by area into `Session+Paging`, `+Order`, `+Navigation`,
/// `+Inspection`, `+Viewing`, `+Programs`, `+Space` and `+Marks`.
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
    }

    enum Outcome {
        case keepGoing
        case quit
    }

    /// The levels walked and where you came from.
    let navigator: Navigator
    var stack: NavigationStack<TableLevel> { navigator.stack }
    /// The hex or text view `more` continues, and its keys move.
    let openView = OpenView()
    /// The open view, if any.
    var viewer: Viewer? { openView.viewer }
    /// The modes every page is drawn from.
    private(set) var state = SessionState()

    /// Marked rows shown in a directory's table, or left out (`show marked`).
    func showMarkedRows(_ shown: Bool) { state.marksShown = shown }

    /// Editing mode (`edit`, `done`).
    func setEditing(_ editing: Bool) { state.editing = editing }

    /// What this command leaves on the screen, for the next one to go on with.
    func leaveShown(_ shown: SessionState.Shown) { state.lastShown = shown }
    /// What the command before this one left on the screen.
    private(set) var shownBefore = SessionState.Shown.page
    /// The marks for simulated deletion, what was exported, the copies guarded.
    let deletionPlan = DeletionPlan()
    var marks: MarkStore { deletionPlan.marks }
    /// The prompt's way of speaking and asking: the front end unless the
    /// screen shows the session.
    let prompt: PromptFrontEnd
    /// Where commands speak and ask now (`presenting(on:)` changes it).
    private(set) var frontEnd: any FrontEnd
    /// The lines typed at the prompt, when the line editor keeps them.
    private(set) var history: History?
    /// The last `find`, which `find` alone (or `n` right after it) goes on with.
    let lastSearch = LastSearch()
    var search: SubtreeSearch? { lastSearch.search }
    let output: OutputSink
    /// False while the full-screen view shows the session: commands then
    /// leave the drawing of pages to it.
    var drawsPages: Bool { frontEnd.drawsPages }
    /// Opens the full-screen view (set where a terminal can show it).
    private(set) var screenOpener: (() -> Outcome)?
    let settings: Settings
    /// What `du` sized, by identity, and what it could not read.
    let space = SpaceIndex()
    /// The levels' directories watched for changes (a terminal with the line editor only).
    private(set) var watching: LevelWatching?

    /// What a person at a terminal with the line editor brings to the
    /// session: the history, the watch on the levels' directories, and the
    /// full-screen view. Set once, before the first command.
    func connect(history: History, watching: LevelWatching?, screenOpener: @escaping () -> Outcome) {
        self.history = history
        self.watching = watching
        self.screenOpener = screenOpener
    }

    /// Opens the first level on `path`.
    init(path: [UInt8], output: OutputSink, settings: Settings) throws(FileError) {
        self.output = output
        self.settings = settings
        prompt = PromptFrontEnd(output: output)
        frontEnd = prompt
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
                    level.highlight = row
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
        navigator = Navigator(root: level)
        if let selected, let row = (0..<model.rowCount).first(where: { model.withName(ofRow: $0) { $0.elementsEqual(selected) } }) {
            level.highlight = row
            PageView(level: level, settings: settings, state: state).layOutPages()
            level.table.scrollToRow(row)
        }
        if let inside {
            inside.style = level.style
            navigator.push(inside)
        }
    }

    var current: TableLevel { stack.top }

    /// The command a typed line (trimmed, not empty) asks for: right after
    /// a screen of the text or hex viewer, a viewer key (`b`, `/TEXT`, `q`)
    /// moves the viewer; otherwise the line is parsed as a command.
    func command(for line: String) throws(CommandError) -> Command {
        if state.lastShown == .viewerScreen, let viewer, !viewer.isLines, let move = ViewerMove.parse(line) {
            return .viewerMove(move)
        }
        return try CommandParser.parse(line, inTheScreen: !drawsPages)
    }

    /// Runs one command. What the last command left on the screen (a
    /// screen of the viewer, a match of `find`) is kept in `shownBefore` for
    /// the commands that go on with it (an empty line, `n`).
    func execute(_ command: Command) throws(CommandError) -> Outcome {
        shownBefore = state.lastShown
        state.lastShown = .page
        return try command.action.run(in: CommandContext(self))
    }

    /// The 0-based row a typed reference names in the current view: a number
    /// in range, a name as shown, or the start of exactly one name.
    func row(_ reference: RowReference, for command: String) throws(CommandError) -> Int {
        switch reference {
        case .number(let number):
            return try checkedRow(number, for: command)
        case .name(let text):
            let model = current.model
            if let exact = try RowNames.exactRow(text, in: model, for: command) { return exact }
            let typed = NameEscaping.typedName(text)
            var starting: [Int] = []
            for row in 0..<model.rowCount {
                if row % 65536 == 0 && Interruption.isRequested { throw CommandError("\(command): interrupted") }
                if model.withName(ofRow: row, { $0.starts(with: typed) }) { starting.append(row) }
            }
            guard let first = starting.first else {
                throw CommandError("\(command): no row named '\(text)' in this view")
            }
            guard starting.count == 1 else {
                let some = starting.prefix(4).map { NameEscaping.escape(model.name(ofRow: $0)) }.joined(separator: ", ")
                throw CommandError(
                    "\(command): '\(text)' starts \(starting.count) names (\(some)\(starting.count > 4 ? ", …" : "")); type more of it or the row number"
                )
            }
            return first
        }
    }

    /// Checks a 1-based row number against the current table; returns the 0-based row.
    func checkedRow(_ number: Int, for command: String) throws(CommandError) -> Int {
        let count = current.model.rowCount
        guard number >= 1 && number <= count else {
            throw CommandError(
                count == 0
                    ? "\(command): no row \(number) (the table is empty)"
                    : "\(command): no row \(number) (rows are 1-\(count))")
        }
        return number - 1
    }

    /// Says the REPL's own text (one line or several) through the front
    /// end, which makes each line terminal-safe: it may quote what was typed.
    func write(_ text: String) {
        frontEnd.say(.text(text))
    }

    /// A transient line on standard error (progress), written at once.
    static func writeStatusLine(_ text: String) {
        StandardStream.writeError(text)
    }

    /// A long command's progress line (`\r`-drawn): to the terminal on
    /// standard error after what the output holds, never into a capture,
    /// so the full-screen view (which keeps a command's messages for its
    /// status line) shows it on that line while the command runs.
    func writeProgress(_ line: String) {
        output.flush()
        Self.writeStatusLine(line)
    }

    func showProgress(_ line: String) {
        guard settings.interactive else { return }
        writeProgress(line)
    }

    /// Runs `body` with `frontEnd` speaking for the session (the screen while
    /// it shows the session; the prompt's for a command it runs on the
    /// normal screen), then the one before it again.
    func presenting<T>(on frontEnd: any FrontEnd, _ body: () throws -> T) rethrows -> T {
        let before = self.frontEnd
        self.frontEnd = frontEnd
        defer { self.frontEnd = before }
        return try body()
    }

    /// The full-screen view, where the terminal can show it.
    func openScreen() throws(CommandError) -> Outcome {
        guard let screenOpener else {
            throw CommandError("screen: needs a terminal with the line editor (not a script, TERM=dumb or --no-edit)")
        }
        let outcome = screenOpener()
        if outcome == .keepGoing { printPage() }
        return outcome
    }

    /// Clears the terminal, the cursor at its top; nothing in a script.
    func clearScreen() {
        guard settings.interactive else { return }
        output.write(TerminalControl.clearScreen)
        output.flush()
    }

    /// Writes a line built of text already escaped (`NameEscaping.escape`)
    /// and filetable's own style markup, which `write` would escape.
    func writeComposed(_ line: String) {
        frontEnd.say(.composed(line + "\n"))
    }
}
