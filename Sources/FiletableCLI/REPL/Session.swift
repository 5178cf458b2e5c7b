import FileBrowsing
import TableKit

/// The REPL's state and its evaluator: a navigation stack of table levels,
/// and `execute`, which carries out one command. Evaluation is split by area
/// into `Session+Paging`, `+Navigation`, `+View` and `+Inspection`.
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
    }

    enum Outcome {
        case keepGoing
        case quit
    }

    var stack: NavigationStack<TableLevel>
    /// The hex or text view `more` continues, if one is open.
    var viewer: Viewer?
    /// The last command showed a screen of the viewer (an empty line continues it).
    var viewerJustShown = false
    /// The session's marks for simulated deletion.
    let marks = MarkStore()
    /// Editing mode: every editable row shows a delete control.
    var editing = false
    /// Marked rows stay in view with a D instead of leaving the table.
    var showMarked = false
    /// The marks' revision when they were last exported: quitting with a
    /// different one would lose the plan, so an interactive session asks.
    var exportedRevision = 0
    /// Asks the user a yes/no question (interactive sessions only); nil means yes.
    var confirm: ((String) -> Bool)?
    /// The lines typed at the prompt, when the line editor keeps them.
    var history: History?
    /// The last `find`, which `find` alone (or `n` right after it) goes on with.
    var search: SubtreeSearch?
    /// The last command showed a match of `find`: `n` goes on with the search.
    var searchJustShown = false
    /// The path of the level shown before the last move, for `cd -`.
    var previousPath: [UInt8]?
    let output: OutputSink
    let settings: Settings
    /// What every directory `du` has sized takes on disk, by identity: a level
    /// already scanned, or below one, shows its figures without another scan.
    var spaceOnDisk: [FileIdentity: Int64] = [:]
    /// The levels' directories watched for changes (a terminal with the line editor only).
    var watching: LevelWatching?

    /// Opens the first level on `path`.
    init(path: [UInt8], output: OutputSink, settings: Settings) throws(FileError) {
        self.output = output
        self.settings = settings
        // The first level, like every other, is opened by the path it shows.
        let label = DisplayPath.absolute(path)
        let handle = try DirectoryHandle.open(resolving: label, displayPath: path)
        var options = settings.listOptions
        options.recordsInodes = true
        let model = try DirectoryListing(directory: handle, options: options)
        stack = NavigationStack(root: TableLevel(model: model, path: label, decoration: settings.decoration))
    }

    var current: TableLevel { stack.top }

    func execute(_ command: Command) throws(CommandError) -> Outcome {
        // The viewer keeps its place across other commands ('more' goes on);
        // an empty line goes on with it only right after a screen of it.
        let viewing = viewerJustShown
        let searching = searchJustShown
        viewerJustShown = false
        searchJustShown = false
        // Marks and modes reach the table in printPage, which every change ends with.
        switch command {
        case .edit:
            editing = true
            printPage()
        case .done:
            editing = false
            printPage()
        case .mark(let arguments): try mark(arguments)
        case .unmark(let arguments): try unmark(arguments)
        case .undo: try undo()
        case .showMarked(let on):
            showMarked = on
            printPage()
        case .marksList: try listMarks()
        case .marksExport(let path, let format, let force, let allowChanged):
            try exportMarks(to: path, format: format, force: force, allowChanged: allowChanged)
        case .marksVerify: try verifyMarks()
        case .marksClear: try clearMarks()
        case .marksPrune: try pruneMarks()
        case .more: try more()
        case .continueOn: if viewer != nil && viewing { try more() } else { try nextPage() }
        case .hex(let row, let offset, let length): try hex(row, offset: offset, length: length)
        case .view(let row, let start, let wraps): try view(row, from: start, wraps: wraps)
        case .list(let long, let all):
            if long { current.style = .long }
            if all { current.update { $0.hidden = .shown } }
            printPage()
        case .next: if searching, let search { try find(nil, maxDepth: search.maxDepth) } else { try nextPage() }
        case .previous: try previousPage()
        case .top:
            current.table.scrollToRow(0)
            printPage()
        case .end:
            current.table.scrollToRow(current.table.numberOfRows - 1)
            printPage()
        case .page(let page): try showPage(page)
        case .goto(let row): try goto(row)
        case .find(let text, let depth): try find(text, maxDepth: depth)
        case .open(let row): try open(row)
        case .back(let all): try back(all: all)
        case .up: try up()
        case .cd(let path): try changeDirectory(path)
        case .pwd: printBreadcrumb()
        case .info(let row): try info(row)
        case .reload: try reload()
        case .du: try sizeLevel()
        case .stats: printStats()
        case .sort(let key, let descending): sort(key, descending: descending)
        case .watch(let on):
            guard let watching else {
                throw CommandError("watch: changes are followed at a terminal with the line editor only (here, 'reload' reads the directory again)")
            }
            watching.applies = on
            write(on ? "watch: changes to this directory now show as they come" : "watch: changes are noted above the prompt; 'reload' shows them")
        case .directoriesFirst(let on):
            current.update { $0.directoriesFirst = on }
            printPage()
        case .hidden(let on):
            current.update { $0.hidden = on ? .shown : .hidden }
            printPage()
        case .filter(let glob):
            current.update { $0.filter = glob.map(GlobPattern.init) }
            printPage()
        case .group(let grouping):
            current.update { $0.grouping = grouping }
            printPage()
        case .index: try printIndex()
        case .jump(let title): try jump(title)
        case .style(let style):
            current.style = style
            printPage()
        case .shell(let script): try runShell(script)
        case .pager(let row): try page(row)
        case .help(let name): try help(name)
        case .history: try printHistory()
        case .quit: return mayQuit() ? .quit : .keepGoing
        }
        return .keepGoing
    }

    /// The 0-based row a typed reference names in the current view: a number
    /// in range, a name as shown, or the start of exactly one name.
    func row(_ reference: RowReference, for command: String) throws(CommandError) -> Int {
        switch reference {
        case .number(let number):
            return try checkedRow(number, for: command)
        case .name(let text):
            let model = current.model
            let typed = NameEscaping.typedName(text)
            var starting: [Int] = []
            for row in 0..<model.rowCount {
                if row % 65536 == 0 && Interruption.isRequested { throw CommandError("\(command): interrupted") }
                let (exact, prefix) = model.withName(ofRow: row) { ($0.elementsEqual(typed), $0.starts(with: typed)) }
                if exact { return row }
                if prefix { starting.append(row) }
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

    /// Writes the REPL's own text (one line or several), each line made
    /// terminal-safe: it may quote what was typed.
    func write(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            output.write(NameEscaping.terminalSafe(String(line)) + "\n")
        }
    }

    /// `history`: the lines typed before, oldest first, numbered.
    private func printHistory() throws(CommandError) {
        guard let history else { throw CommandError("history: kept only at a terminal with the line editor (not in a script, or with --no-edit)") }
        guard !history.entries.isEmpty else {
            write("history: empty")
            return
        }
        let width = String(history.entries.count).count
        for (index, line) in history.entries.enumerated() {
            write(String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)  " + line)
        }
    }

    /// `help` and `help CMD`, wrapped at word boundaries to the screen's
    /// width (80 columns in a script), a screen at a time at a terminal.
    private func help(_ name: String?) throws(CommandError) {
        let width = min(max(Terminal.columns() ?? 80, 20), 120)
        guard let name else { return showLines(CommandCatalog.overview(width: width)) }
        guard let spec = CommandCatalog.spec(named: name) else {
            throw CommandError("help: no command '\(name)'" + (CommandCatalog.suggestion(for: name).map { "; did you mean '\($0)'?" } ?? ""))
        }
        var lines = [spec.usage] + TextWrapping.wrap(spec.summary, width: width, first: "  ", rest: "  ")
        lines += TextWrapping.wrap(spec.details, width: width)
        if !spec.aliases.isEmpty { lines.append("Aliases: " + spec.aliases.joined(separator: ", ")) }
        showLines(lines)
    }
}
