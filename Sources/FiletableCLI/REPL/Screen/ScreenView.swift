import FileBrowsing
import SystemSeam
import TableKit
import Terminal

/// The full-screen view of a session (`filetable --screen`, or `screen` at
/// the prompt): the same levels, marks and commands as the prompt, shown as
/// a scrolling table with a highlighted row moved one key at a time, and on
/// a wide screen the highlighted row's detail beside it. Frames are drawn
/// by `ScreenFrame`, which writes only the lines that changed.
///
/// Runs on the main thread, in raw mode on the alternate screen; both are
/// left on every way out (`q`, a signal, a crash: `RawTerminal`).
final class ScreenView {
    let session: Session
    let editor: LineEditor
    /// The device keys come from and frames go to: the editor's.
    var terminal: any TerminalDevice { editor.terminal }
    let frame: ScreenFrame
    /// The keys: the loop the line editor shares.
    var keys: KeyInput { editor.keys }
    /// The detail was left out of the last frame while keys were waiting.
    var detailPending = false
    /// The level the watches were last brought up to date for (nil until
    /// the first frame: the levels are watched after it, before the others).
    private var watchedLevel: ObjectIdentifier?
    /// A command runs (out of raw mode): a question it asks reads its key raw.
    var runningCommand = false
    /// What the running command said so far (`FrontEnd.say`), a line each.
    var said: [String] = []
    /// How many of those lines a question showed already.
    var saidShown = 0
    /// The directory holding the first level, read once for the parent
    /// column of Miller columns (names only).
    var parentListing: (path: [UInt8], rows: DirectoryListing?)?
    /// The line under the table: the last message, a question, a filter typed.
    var status = ""
    /// A full-width view of a file (Enter on a file, `x`), over the table.
    var viewer: ScreenViewerState?
    /// Whether the first mark's explanation was given (once a session view).
    private var markExplained = false
    /// `F` in the file view: its end is shown again as the file grows, until a key.
    var following = false
    /// A count typed in the file view before its key (`50` of `50g`, less's way).
    var viewerCount = ""
    /// The detail drawn last, and for which row, so a frame redrawn for
    /// another reason does not read the file again.
    var detailCache: (level: ObjectIdentifier, row: Int, width: Int, height: Int, lines: [String])?
    /// The header's word on the plan, and the marks' revision it counted.
    private var marksCounted: (revision: Int, text: String)?

    /// Started with `--screen`: `q` ends filetable (asking first when the
    /// plan was never exported, as `quit` does).
    private let endsSession: Bool

    init(session: Session, editor: LineEditor, endsSession: Bool = false) {
        self.session = session
        self.editor = editor
        self.endsSession = endsSession
        frame = ScreenFrame(output: editor.terminal.output)
    }

    /// Shows the session until `q`; what the prompt does then.
    func run() -> Ending {
        // While the screen shows the session, commands speak and ask here.
        session.presenting(on: self) { showUntilQuit() }
    }

    private func showUntilQuit() -> Ending {
        terminal.enterRaw()
        terminal.enterFullScreen()
        defer {
            // The prompt turns pages: each level back on the prompt's page holding its highlight.
            for level in session.stack.levels where level.table.scrollsFreely {
                PageView(level: level, settings: session.settings, state: session.state).layOutPages()
                level.table.scrollToRow(level.highlight)
            }
            terminal.leaveFullScreen()
            terminal.leaveRaw()
        }
        status = "? lists the keys; q leaves"
        // The screen highlights what a find or a start on a FILE pointed at: no word after it.
        for level in session.stack.levels { level.pointed = nil }
        while true {
            draw()
            guard let key = nextKey() else { return .quit }
            if viewer != nil {
                handleViewerKey(key)
                continue
            }
            if key == .control("z") {
                suspend()
                continue
            }
            if key == .control("l") {
                frame.invalidate()
                continue
            }
            // The config's maps come first: a user's key is one more layer on the table.
            if let line = session.settings.config.keyMaps[key] {
                runMapped(line)
                if session.context.picking?.picked != nil { return .quit }
                continue
            }
            guard let action = ScreenKey.action(for: key) else {
                if let note = ScreenKey.unboundNote(for: key) { status = NameEscaping.terminalSafe(note) }
                continue
            }
            if action == .quit {
                if endsSession && !session.context.mayQuit() {
                    status = "kept the marks; ':marks export FILE' writes the plan"
                    continue
                }
                return .keepGoing
            }
            perform(action)
            // A pick (Enter on a file, or `:pick`) ends the session.
            if session.context.picking?.picked != nil { return .quit }
        }
    }

    // MARK: Drawing

    var size: (rows: Int, columns: Int) {
        terminal.size.map { (max(4, $0.rows), max(20, $0.columns)) } ?? (24, 80)
    }

    /// The panes: the session's choice (`layout`), else by the width.
    var layout: ScreenLayout { session.state.layout ?? ScreenLayout.automatic(columns: size.columns) }
    var showsDetail: Bool { layout.showsPreview }

    func draw() {
        let (rows, columns) = size
        if let viewer {
            frame.show(viewer.lines(rows: rows, columns: columns, status: status), rows: rows, columns: columns)
            return
        }
        let level = session.current
        session.context.prepareDrawing(level)
        // The lines under a plan (its `total:`, what vanished), as the prompt ends its pages, above the status line.
        if level.settleSummary() { frame.invalidate() }
        let summary = level.summary.suffix(max(0, min(3, rows - 4))).map {
            ScreenFrame.Line(text: TextWidth.truncatingTail(NameEscaping.terminalSafe($0), to: columns - 1), inverse: false)
        }
        let tableHeight = rows - 2 - summary.count
        let parentWidth = layout == .columns ? max(12, columns / 6) : 0
        let tableWidth = layout == .columns ? (columns - parentWidth) * 9 / 20 : showsDetail ? columns * 11 / 20 : columns
        level.table.lineBudget = tableHeight
        level.keepHighlightInside()
        // Row by row, as a scrolling list: the highlight past the last row scrolls by one.
        level.table.scrollToShow(level.highlight)
        // Lines end a column short of the edge, so none wraps.
        let table = ScreenTable(level: level, settings: session.settings, width: showsDetail ? tableWidth : tableWidth - 1)
        var lines = table.lines(height: tableHeight)
        if layout == .columns {
            let parent = parentColumn(of: level, width: parentWidth)?.lines(height: tableHeight)
            let blank = String(repeating: " ", count: parentWidth)
            lines = lines.enumerated().map { index, line in (parent?[index] ?? blank) + " │ " + line }
        }
        if showsDetail {
            // The " │ " between the panes, and the last column left empty as on every screen.
            let detailWidth = max(1, columns - tableWidth - (layout == .columns ? parentWidth + 3 : 0) - 4)
            let detail = detailLines(level: level, width: detailWidth, height: tableHeight)
            lines = lines.enumerated().map { index, line in
                line + " │ " + (index < detail.count ? detail[index] : "")
            }
        }
        let header = PageView(level: level, settings: session.settings, state: session.state)
            .header(extra: session.marks.isEmpty ? [] : [marksSummary()], showsPlanFreeing: session.marks.isEmpty, width: columns)
        // Bold, not reverse video: the reverse is the highlighted row's alone.
        let headerLine = ScreenFrame.Line(
            text: TerminalControl.bold + TextWidth.truncatingTail(NameEscaping.terminalSafe(header), to: columns - 1) + TerminalControl.boldOff,
            inverse: false)
        let statusLine = ScreenFrame.Line(text: statusText(level: level, width: columns - 1), inverse: false)
        // Levels pushed here are watched as the prompt's are, before their
        // frame is out (a change made once it shows is seen); the first
        // frame goes out first, since watching a million entries takes 40 ms.
        // Only when the level changed: a key that moves the highlight does no more.
        let top = ObjectIdentifier(level)
        let isFirstFrame = watchedLevel == nil
        if !isFirstFrame && top != watchedLevel { session.watching?.pageDrawn() }
        frame.show([headerLine] + lines.map { ScreenFrame.Line(text: $0, inverse: false) } + summary + [statusLine], rows: rows, columns: columns)
        if isFirstFrame { session.watching?.pageDrawn() }
        watchedLevel = top
    }

    /// The status line: the last message on the left, where the highlight
    /// is (`23/1594`) on the right, as nnn and less show it.
    private func statusText(level: TableLevel, width: Int) -> String {
        let count = level.model.rowCount
        let position = count == 0 ? "" : "\(level.highlight + 1)/\(count)"
        let room = width - TextWidth.of(position) - 1
        // A message too long to share the line with the place keeps the line.
        guard room >= 10, TextWidth.of(status) <= room else { return TextWidth.truncatingTail(status, to: width) }
        return TextWidth.truncatingTail(status, to: room).padded(to: room) + " " + position
    }

    /// `3 marks, 1.2 MiB`: the plan's size as `marks` counts it, counted
    /// again only when the marks changed, and for a tenth of a second at
    /// most (a marked tree too large says `at least`; `:marks` counts all).
    private func marksSummary() -> String {
        let marks = session.marks
        if let known = marksCounted, known.revision == marks.revision { return known.text }
        let totals = PlanTotals.count(marks.all, deadline: MonotonicClock.seconds + 0.1)
        // One figure with its meaning: what deleting the plan would free on disk.
        let size = (totals.isLowerBound ? "at least " : "") + HumanSize.withUnit(totals.kibibytes * 1024)
        let text = "plan: \(Plural.count(marks.count, "mark")), frees \(size) on disk"
        marksCounted = (marks.revision, text)
        return text
    }

    private func detailLines(level: TableLevel, width: Int, height: Int) -> [String] {
        guard level.model.rowCount > 0 else { return [] }
        let id = ObjectIdentifier(level)
        if let cache = detailCache, cache.level == id, cache.row == level.highlight, cache.width == width, cache.height == height {
            detailPending = false
            return cache.lines
        }
        // Keys waiting (a held Down): the detail of a row the highlight is
        // only passing is not read; it is drawn once the keys stop.
        if keys.hasPending || keys.keyWaiting(milliseconds: 0) {
            detailPending = true
            return []
        }
        detailPending = false
        let lines = DetailPane(session: session, width: width, height: height).lines(forRow: level.highlight)
        detailCache = (id, level.highlight, width, height, lines)
        return lines
    }

    private func perform(_ action: ScreenAction) {
        let level = session.current
        let count = level.model.rowCount
        let page = max(1, size.rows - 3)
        switch action {
        case .up: level.moveHighlight(by: -1)
        case .down: level.moveHighlight(by: 1)
        case .pageUp: level.moveHighlight(by: -page)
        case .pageDown: level.moveHighlight(by: page)
        case .top: level.moveHighlight(to: 0)
        case .bottom: level.moveHighlight(to: count - 1)
        case .open:
            if let picking = session.context.picking, count > 0, !level.model.isDirectory(row: level.highlight, followSymlinks: true) {
                // Picking: Enter on a file picks it, or the selection when there is one.
                run(.pick(picking.selected.isEmpty ? [.numbers(level.highlight + 1...level.highlight + 1)] : []))
            } else {
                openHighlighted(asHex: false)
            }
        case .hex: openHighlighted(asHex: true)
        case .diff: openDiff()
        case .back:
            // Back the way you came; at the first level, or on a level h
            // reached by going up, the parent directory, as ranger, nnn, lf
            // and mc go (Enter then goes down again, the highlight on it).
            if session.stack.canGoBack && !level.cameUp {
                run(.back(all: false))
            } else if level.path != [0x2F] {
                run(.up)
            } else {
                status = "/ has no parent; q leaves"
            }
        case .filter: typeFilter()
        case .clearFilter:
            guard level.model.options.filter != nil else { return }
            applyFilter("")
            status = ""
        case .mark:
            guard count > 0 else { return }
            // Picking: space selects (the row stays, with a +); there are no deletion marks.
            if session.context.picking != nil {
                run(.select([.numbers(level.highlight + 1...level.highlight + 1)]))
                return
            }
            let first = session.marks.isEmpty && !markExplained
            run(.mark(row: level.highlight + 1))
            // The first mark says where the row went and how to see it again.
            if first && !session.marks.isEmpty {
                markExplained = true
                status = "marked 1: it left the table for the plan; M shows it, :marks lists the plan"
            }
        case .undo: run(.undo)
        case .showMarked: run(session.state.marksShown ? .hideMarked : .showMarked)
        case .pager, .editor:
            guard count > 0 else { return }
            let reference = RowReference.number(level.highlight + 1)
            runOnTheNormalScreen(action == .pager ? .pager(row: reference) : Command(EditorCommand(row: reference)), waitsForKey: false)
        case .sizes: run(.du())
        case .apparentSize: run(.figures(session.state.spaceMeasure == .apparent ? "disk" : "apparent"))
        case .itemCounts: run(.figures(session.state.showsItemCounts ? "nocounts" : "counts"))
        case .cycleSort:
            // du's order joins the cycle once the level was sized.
            let order: [SortKey] = level.space != nil ? [.name, .size, .time, .ext, .space] : [.name, .size, .time, .ext]
            let now = order.firstIndex(of: level.model.options.sortKey) ?? -1
            run(.sort(order[(now + 1) % order.count], descending: nil))
        case .reverseSort: run(SortCommand.reversing(level.model.options))
        case .hidden: run(.hidden(level.model.options.hidden == .hidden))
        case .toggleDetail: run(.layout(showsDetail ? .single : size.columns >= 120 ? .columns : .split))
        case .cycleLayout: run(.layout(layout.next))
        case .help: showHelp()
        case .lastMessage:
            let (_, columns) = size
            showPage(status.isEmpty ? ["(no message)"] : TextWrapping.wrap(status, width: max(10, columns - 1)))
        case .command: commandLine()
        case .quit: break
        }
        session.current.keepHighlightInside()
    }

    /// Runs a command on the session; its message (or mistake) goes to
    /// the status line. The terminal is out of raw mode meanwhile, so Ctrl-C
    /// stops a long one (a `du` of a large tree) as it does at the prompt.
    @discardableResult
    func run(_ command: Command) -> [String] {
        said = []
        saidShown = 0
        var failure: String?
        session.context.stop.forget()
        terminal.leaveRaw()
        runningCommand = true
        let outcome = session.execute(command)
        failure = outcome.failure?.message
        runningCommand = false
        terminal.enterRaw()
        session.context.stop.forget()
        // Keys typed meanwhile were echoed where the cursor rests: all drawn anew.
        frame.invalidate()
        // The pane's facts are of a row that may have moved, gone or been marked.
        if !outcome.changes.isDisjoint(with: [.level, .table, .plan, .modes]) { detailCache = nil }
        status = failure ?? said.last(where: { !$0.isEmpty }) ?? ""
        // What a question showed already is not shown again.
        return takeUnshownLines()
    }

    /// A key the config maps: its prompt command line run as `:` runs one.
    private func runMapped(_ line: String) {
        do throws(CommandError) {
            run(try session.command(for: line))
        } catch {
            status = error.message
        }
    }

    /// What the running command said since a question last showed it,
    /// without the empty lines at the end; from now on it counts as shown.
    func takeUnshownLines() -> [String] {
        var lines = Array(said.dropFirst(saidShown))
        saidShown = said.count
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

extension String {
    /// The string followed by spaces up to `width` columns (cut first if wider).
    func padded(to width: Int) -> String {
        let shown = TextWidth.of(self)
        if shown > width { return TextWidth.truncatingTail(self, to: width) }
        return self + String(repeating: " ", count: width - shown)
    }
}

/// The screen as its session's front end: what a command says is kept for
/// the status line (several lines: a page over the table), a question is
/// asked on the status line with one key, and frames are its own to draw.
extension ScreenView: FrontEnd {
    var drawsPages: Bool { false }

    func say(_ message: Message) {
        said += message.lines
    }

    var canAsk: Bool { true }

    /// The next frame shows it (each key draws one).
    func showTable(_ level: TableLevel, state: SessionState, settings: Session.Settings) -> Bool { false }

    /// On the status line, cut to its width; the rest of the frame stays.
    func showProgress(_ progress: OperationProgress?) {
        let (rows, columns) = size
        frame.showLastLine(progress?.text ?? status, rows: rows, columns: columns)
    }
}
