import FileBrowsing
import TableKit

/// The full-screen view of a session (`filetable --screen`, or `screen` at
/// the prompt): the same levels, marks and commands as the prompt, shown as
/// a scrolling table with a highlighted row moved one key at a time, and on
/// a wide screen the highlighted row's detail beside it. Frames are drawn
/// by `ScreenFrame`, which writes only the lines that changed.
///
/// Runs on the main thread, in raw mode on the alternate screen; both are
/// left on every way out (`q`, a signal, a crash: `RawTerminal`).
final class ScreenView {
    private let session: Session
    private let editor: LineEditor
    /// The device keys come from and frames go to: the editor's.
    private var terminal: any TerminalDevice { editor.terminal }
    private let frame: ScreenFrame
    private var decoder = KeyDecoder()
    /// Keys decoded and not yet handled (a burst of letters, one at a time).
    private var typedAhead: [Key] = []
    /// The detail was left out of the last frame while keys were waiting.
    private var detailPending = false
    /// The level the watches were last brought up to date for (nil until
    /// the first frame: the levels are watched after it, before the others).
    private var watchedLevel: ObjectIdentifier?
    /// A command runs (out of raw mode): a question it asks reads its key raw.
    private var runningCommand = false
    /// What the running command said so far (`FrontEnd.say`), a line each.
    private var said: [String] = []
    /// How many of those lines a question showed already.
    private var saidShown = 0
    /// The detail pane: nil follows the width (on at 120 columns and more).
    private var detailChosen: Bool?
    /// The line under the table: the last message, a question, a filter typed.
    private var status = ""
    /// A full-width view of a file (Enter on a file, `x`), over the table.
    private var viewer: ScreenViewerState?
    /// Whether the first mark's explanation was given (once a session view).
    private var markExplained = false
    /// `F` in the file view: its end is shown again as the file grows, until a key.
    private var following = false
    /// The detail drawn last, and for which row, so a frame redrawn for
    /// another reason does not read the file again.
    private var detailCache: (level: ObjectIdentifier, row: Int, width: Int, height: Int, lines: [String])?
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
    func run() -> Session.Outcome {
        // While the screen shows the session, commands speak and ask here.
        session.presenting(on: self) { showUntilQuit() }
    }

    private func showUntilQuit() -> Session.Outcome {
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
            guard let action = ScreenKey.action(for: key) else { continue }
            if action == .quit {
                if endsSession && !session.mayQuit() {
                    status = "kept the marks; ':marks export FILE' writes the plan"
                    continue
                }
                return .keepGoing
            }
            perform(action)
        }
    }

    // MARK: Drawing

    private var size: (rows: Int, columns: Int) {
        terminal.size.map { (max(4, $0.rows), max(20, $0.columns)) } ?? (24, 80)
    }

    private var showsDetail: Bool { detailChosen ?? (size.columns >= 120) }

    private func draw() {
        let (rows, columns) = size
        if let viewer {
            frame.show(viewer.lines(rows: rows, columns: columns, status: status), rows: rows, columns: columns)
            return
        }
        let level = session.current
        session.prepareDrawing(level)
        // The lines under a plan (its `total:`, what vanished), as the prompt ends its pages, above the status line.
        if level.settleSummary() { frame.invalidate() }
        let summary = level.summary.suffix(max(0, min(3, rows - 4))).map {
            ScreenFrame.Line(text: TextWidth.truncatingTail(NameEscaping.terminalSafe($0), to: columns - 1), inverse: false)
        }
        let tableHeight = rows - 2 - summary.count
        let tableWidth = showsDetail ? columns * 11 / 20 : columns
        level.table.lineBudget = tableHeight
        clampHighlight(level)
        // Row by row, as a scrolling list: the highlight past the last row scrolls by one.
        level.table.scrollToShow(level.highlight)
        // Lines end a column short of the edge, so none wraps.
        let table = ScreenTable(level: level, settings: session.settings, width: showsDetail ? tableWidth : tableWidth - 1)
        var lines = table.lines(height: tableHeight)
        if showsDetail {
            // The " │ " between the panes, and the last column left empty as on every screen.
            let detailWidth = max(1, columns - tableWidth - 4)
            let detail = detailLines(level: level, width: detailWidth, height: tableHeight)
            lines = lines.enumerated().map { index, line in
                line + " │ " + (index < detail.count ? detail[index] : "")
            }
        }
        let header = PageView(level: level, settings: session.settings, state: session.state)
            .header(extra: session.marks.isEmpty ? [] : [marksSummary()], showsPlanFreeing: session.marks.isEmpty, width: columns)
        // Bold, not reverse video: the reverse is the highlighted row's alone.
        let headerLine = ScreenFrame.Line(
            text: "\u{1B}[1m" + TextWidth.truncatingTail(NameEscaping.terminalSafe(header), to: columns - 1) + "\u{1B}[22m", inverse: false)
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
        let totals = PlanTotals.count(marks.all, deadline: Syscalls.monotonicSeconds() + 0.1)
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
        if !typedAhead.isEmpty || decoder.hasPending || waitForInput(milliseconds: 0) {
            detailPending = true
            return []
        }
        detailPending = false
        let lines = DetailPane(session: session, width: width, height: height).lines(forRow: level.highlight)
        detailCache = (id, level.highlight, width, height, lines)
        return lines
    }

    private func clampHighlight(_ level: TableLevel) {
        level.highlight = min(max(0, level.highlight), max(0, level.model.rowCount - 1))
    }

    // MARK: Keys

    /// The next key; waits for the level's changes meanwhile (they redraw
    /// the frame). Nil when the input ends.
    private func nextKey() -> Key? {
        while true {
            if !typedAhead.isEmpty { return typedAhead.removeFirst() }
            if let key = decoder.next() {
                // Letters typed fast arrive as one text: each is a key here.
                if case .text(let text) = key, text.count > 1 {
                    typedAhead = text.map { Key.text(String($0)) }
                    continue
                }
                return key
            }
            if decoder.hasPending, !waitForInput(milliseconds: 40) {
                if let key = decoder.next(endOfBurst: true) { return key }
                // A paste whose end marker has not come after a second of silence is over, as at the prompt.
                if decoder.isInsidePaste, !waitForInput(milliseconds: 1000), let key = decoder.endUnterminatedPaste() { return key }
            }
            // Idle at last: the detail left out while keys came is drawn now.
            if detailPending && !waitForInput(milliseconds: 0) { draw() }
            let events = session.watching
            let watched: [Int32] = events.map { $0.descriptors.filter { $0 >= 0 } } ?? []
            // Following a file (F): a look at its end four times a second.
            let timeout = following ? 250 : events?.timeout ?? -1
            guard let ready = terminal.waitForReading(watched, milliseconds: timeout) else {
                if terminal.takeResize() {
                    frame.invalidate()
                    draw()
                }
                continue
            }
            if following, let viewer, !ready.contains(true) {
                _ = viewer.apply(.end, size: size)
                draw()
                continue
            }
            if !ready[0] {
                // A change may move the rows: the highlight stays on the same file.
                let level = session.current
                let before = level.highlight < level.model.rowCount ? HighlightedFile(row: level.highlight, of: level) : nil
                if let output = events?.wake() {
                    // The screen shows changes as they come (the prompt only counts them).
                    if case .notice = output, session.current === level, (try? level.reread()) != nil {
                        if level.space != nil { session.showSpace(on: level) }
                    } else if case .lines(let text) = output, let last = text.split(separator: "\n").last {
                        status = NameEscaping.terminalSafe(String(last))
                    }
                    if let before, session.current === level { keepHighlight(on: before, in: level) }
                    detailCache = nil
                    draw()
                }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let read = chunk.withUnsafeMutableBytes { terminal.read(into: $0) }
            guard case .success(let count) = read else {
                if read.failureValue == .interrupted { continue }
                return nil
            }
            if count == 0 { return nil }
            decoder.feed(chunk[..<count])
        }
    }

    /// The file the highlight is on: its inode as the directory reported
    /// it (so a rename keeps it), and its name where there is no inode.
    private struct HighlightedFile {
        let name: [UInt8]
        let inode: UInt64?

        init(row: Int, of level: TableLevel) {
            name = level.model.name(ofRow: row)
            inode = level.listing?.reportedInode(ofRow: row)
        }

        func isShown(at row: Int, in level: TableLevel) -> Bool {
            if let inode, let listing = level.listing { return listing.reportedInode(ofRow: row) == inode }
            return level.model.withName(ofRow: row) { $0.elementsEqual(name) }
        }
    }

    /// Puts the highlight back on the same file after the rows changed, by
    /// identity (it stays where it was when that file left the table).
    private func keepHighlight(on file: HighlightedFile, in level: TableLevel) {
        let count = level.model.rowCount
        if level.highlight < count, file.isShown(at: level.highlight, in: level) { return }
        for row in 0..<count where file.isShown(at: row, in: level) {
            level.highlight = row
            return
        }
    }

    private func waitForInput(milliseconds: Int32) -> Bool {
        terminal.keyWaiting(milliseconds: milliseconds)
    }

    private func perform(_ action: ScreenAction) {
        let level = session.current
        let count = level.model.rowCount
        let page = max(1, size.rows - 3)
        switch action {
        case .up: level.highlight -= 1
        case .down: level.highlight += 1
        case .pageUp: level.highlight -= page
        case .pageDown: level.highlight += page
        case .top: level.highlight = 0
        case .bottom: level.highlight = count - 1
        case .open: openHighlighted(asHex: false)
        case .hex: openHighlighted(asHex: true)
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
        case .mark:
            guard count > 0 else { return }
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
        case .sizes:
            // Sized, then largest first (ncdu's order): du's summary stays on the status line.
            run(.du())
            let summary = status
            if level.space != nil {
                run(.sort(.space, descending: nil))
                status = summary
            }
        case .cycleSort:
            // du's order joins the cycle once the level was sized.
            let order: [SortKey] = level.space != nil ? [.name, .size, .time, .ext, .space] : [.name, .size, .time, .ext]
            let now = order.firstIndex(of: level.model.options.sortKey) ?? -1
            run(.sort(order[(now + 1) % order.count], descending: nil))
        case .hidden: run(.hidden(level.model.options.hidden == .hidden))
        case .toggleDetail: detailChosen = !showsDetail
        case .help: showHelp()
        case .command: commandLine()
        case .quit: break
        }
        clampHighlight(session.current)
    }

    /// Runs a command on the session; its message (or mistake) goes to
    /// the status line. The terminal is out of raw mode meanwhile, so Ctrl-C
    /// stops a long one (a `du` of a large tree) as it does at the prompt.
    @discardableResult
    private func run(_ command: Command) -> [String] {
        said = []
        saidShown = 0
        var failure: String?
        Interruption.clear()
        terminal.leaveRaw()
        runningCommand = true
        do {
            _ = try session.execute(command)
        } catch {
            failure = error.message
        }
        runningCommand = false
        terminal.enterRaw()
        Interruption.clear()
        // Keys typed meanwhile were echoed where the cursor rests: all drawn anew.
        frame.invalidate()
        detailCache = nil
        status = failure ?? said.last(where: { !$0.isEmpty }) ?? ""
        // What a question showed already is not shown again.
        var lines = Array(said.dropFirst(saidShown))
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private func openHighlighted(asHex: Bool) {
        let level = session.current
        guard level.model.rowCount > 0 else { return }
        let row = level.highlight
        if !asHex && level.model.isDirectory(row: row, followSymlinks: true) {
            run(.open(row: .number(row + 1)))
            return
        }
        // Where calls can hang, the file must answer a read first (never a frozen screen).
        if let location = level.model.location(ofRow: row), location.directory.isGuarded, let identity = location.directory.identity {
            let name = location.name
            let fd = location.directory.fd
            // (A read that fails says why below, when the file is opened.)
            guard HangGuard.run(in: identity, { Syscalls.readsOneByte(name, in: fd, at: 0) }) != nil else {
                status = "\(NameEscaping.escape(level.path(ofRow: row))): not responding (the file system has not answered)"
                return
            }
        }
        do {
            viewer = try ScreenViewerState(session: session, row: row, asHex: asHex, columns: size.columns)
            status = "Up Down PgUp PgDn g G move  / ? n N search  q back to the table"
        } catch {
            status = error.message
        }
    }

    private func handleViewerKey(_ key: Key) {
        guard let viewer else { return }
        if key == .text("/") || key == .text("?") {
            guard let text = typeOnStatusLine(prompt: key == .text("/") ? "/" : "?"), !text.isEmpty else { return }
            status = viewer.apply(.search(text, backward: key == .text("?")), size: size)
            return
        }
        // Any key stops following, as in less.
        if following {
            following = false
            status = ""
        }
        guard let move = ScreenViewerState.move(for: key) else { return }
        if move == .close {
            self.viewer = nil
            status = ""
            return
        }
        status = viewer.apply(move, size: size)
        if move == .follow && status.isEmpty {
            following = true
            status = "following as the file grows (any key stops)"
        }
    }

    // MARK: Typing on the status line

    /// Filter as you type: every key redraws the table with the filter so
    /// far; Enter keeps it, Esc clears it.
    private func typeFilter() {
        let typed = typeOnStatusLine(
            prompt: "/", initial: session.current.model.options.filter?.pattern ?? "", endsOnEmptyBackspace: true, changed: applyFilter)
        guard let text = typed else {
            applyFilter("")
            status = ""
            return
        }
        status = text.isEmpty ? "" : "filter \(text) (/ then Esc clears it)"
    }

    /// Narrows the rows as the filter is typed (the highlight on the first
    /// match); cleared, the rows come back with the highlight still on the
    /// file it was on, as ranger and lf keep it.
    private func applyFilter(_ text: String) {
        let level = session.current
        let before = level.highlight < level.model.rowCount ? HighlightedFile(row: level.highlight, of: level) : nil
        level.update { $0.filter = text.isEmpty ? nil : NameFilter(typed: text) }
        level.highlight = 0
        if text.isEmpty, let before { keepHighlight(on: before, in: level) }
        detailCache = nil
    }

    /// Text typed on the status line after `prompt`, `changed` told after
    /// every key: the text at Enter, nil at Esc (and, with
    /// `endsOnEmptyBackspace`, at Backspace with nothing left to delete).
    private func typeOnStatusLine(
        prompt: String, initial: String = "", endsOnEmptyBackspace: Bool = false, changed: (String) -> Void = { _ in }
    ) -> String? {
        var text = initial
        while true {
            status = prompt + text
            changed(text)
            draw()
            guard let key = nextKey() else { return nil }
            switch key {
            case .enter: return text
            case .escape, .control("c"), .control("g"): return nil
            case .backspace:
                if !text.isEmpty {
                    text.removeLast()
                } else if endsOnEmptyBackspace {
                    return nil
                }
            case .text(let typed): text += typed
            case .paste(let bytes): text += NameEscaping.escape(bytes)
            default: break
            }
        }
    }

    /// A yes/no question on the status line (marking a directory, say):
    /// one key, read in raw mode even when asked from a command's run.
    /// What the command wrote before it asked stands above the question.
    func ask(_ question: String) -> Bool {
        status = NameEscaping.terminalSafe(question)
        // What the command said before asking (the names a mark covers) is
        // shown over the table, the question under it; else the table.
        var lines = runningCommand ? Array(said.dropFirst(saidShown)) : []
        saidShown = said.count
        while lines.last?.isEmpty == true { lines.removeLast() }
        let (rows, columns) = size
        // A question is never cut: wider than a line, it wraps between words.
        let question = TextWrapping.wrap(status, width: max(10, columns - 1))
        if lines.isEmpty && question.count == 1 {
            draw()
        } else {
            let room = max(0, rows - question.count)
            let shown = lines.suffix(room).map { ScreenFrame.Line(text: TextWidth.truncatingTail($0, to: columns - 1), inverse: false) }
            let blank = Array(repeating: ScreenFrame.Line(text: "", inverse: false), count: max(0, room - shown.count))
            let asked = question.suffix(rows).map { ScreenFrame.Line(text: $0, inverse: false) }
            frame.show(shown + blank + asked, rows: rows, columns: columns)
        }
        terminal.enterRaw()
        defer { if runningCommand { terminal.leaveRaw() } }
        guard let key = nextKey() else { return false }
        return key == .text("y") || key == .text("Y")
    }

    // MARK: Leaving the screen for a moment

    /// `:`: a REPL command typed on the status line with the prompt's
    /// editor, history and completion, the table above it. A command that
    /// shows screens of its own or runs a program (`usesTheTerminal`: view,
    /// hex, more, pager, editor, `!`) runs on the normal screen, a key coming
    /// back; any other runs in place: its last line on the status line, a
    /// longer answer (`info`, `help`, `stats`) on pages over the table.
    private func commandLine() {
        let rows = size.rows
        frame.output.write("\u{1B}[\(rows);1H\u{1B}[2K\u{1B}[?25h")
        frame.output.flush()
        // What was typed fast after `:` is the line's; what after its end, the view's again.
        var ahead = typedAhead
        typedAhead = []
        while let key = decoder.next() { ahead.append(key) }
        editor.typeAhead(ahead, bytes: decoder.takeUndecoded())
        let line = editor.readLine(prompt: ":")
        let after = editor.takeTypedAhead()
        typedAhead = after.keys
        decoder.feed(after.bytes)
        frame.output.write("\u{1B}[?25l")
        frame.output.flush()
        terminal.enterRaw()
        // The editor may have listed completions or ended its line below: all drawn anew.
        frame.invalidate()
        guard case .text(let typed) = line else { return }
        let text = typed.trimmingSpaces
        guard !text.isEmpty else { return }
        let command: Command
        do {
            command = try session.command(for: text)
        } catch {
            status = error.message
            return
        }
        switch command.name {
        case "quit":
            status = "quit: q leaves the screen"
            return
        case "screen":
            status = "screen: this is the screen"
            return
        case "more":
            status = "more: a file shown here scrolls with its keys (Enter opens it, x its bytes)"
            return
        default: break
        }
        // `:view NAME` and `:hex NAME` open the same full-width views as Enter and x.
        if let view = command.action as? ViewCommand {
            var start: ViewerMove?
            switch view.from {
            case .line(let line)?: start = .line(line)
            case .text(let text)?: start = .search(text, backward: false)
            case nil: start = nil
            }
            return openInTheScreen(view.row, asHex: false, then: start)
        }
        if let hex = command.action as? HexCommand {
            var start = hex.search
            if start == nil, case .fromStart(let offset) = hex.offset, offset > 0 { start = .line(Int(clamping: offset)) }
            return openInTheScreen(hex.row, asHex: true, then: start)
        }
        guard !command.usesTheTerminal else {
            runOnTheNormalScreen(command)
            return
        }
        let lines = run(command)
        if lines.filter({ !$0.isEmpty }).count > 1 { showPage(lines) }
    }

    /// The row `reference` names, highlighted and opened full width (the
    /// viewer then moved by `start`: a line, an offset, a search).
    private func openInTheScreen(_ reference: RowReference, asHex: Bool, then start: ViewerMove?) {
        let row: Int
        do {
            row = try session.row(reference, for: asHex ? "hex" : "view")
        } catch {
            status = error.message
            return
        }
        session.current.highlight = row
        openHighlighted(asHex: asHex)
        if let viewer, let start {
            let said = viewer.apply(start, size: size)
            if !said.isEmpty { status = said }
        }
    }

    /// Runs `command` on the normal screen (programs it starts get the
    /// terminal, pages are drawn as at the prompt); a key returns to the
    /// view, or with `waitsForKey` false (`p` and `e`: the pager or editor
    /// ended) the view comes back at once, a failure on its status line.
    private func runOnTheNormalScreen(_ command: Command, waitsForKey: Bool = true) {
        leaveForAMoment()
        var failure: String?
        // On the normal screen the prompt's front end prints, as at the prompt.
        session.presenting(on: session.prompt) {
            do throws(CommandError) {
                _ = try session.execute(command)
            } catch {
                failure = error.message
            }
        }
        if waitsForKey {
            if let failure { session.output.write("filetable: \(failure)\n") }
            session.output.write("-- a key returns to the screen --")
            session.output.flush()
            terminal.enterRaw()
            _ = nextKey()
        }
        comeBack()
        if !waitsForKey { status = failure ?? "" }
    }

    /// Lines over the table, a screen at a time: a key shows the next
    /// screen, q or Esc returns to the table.
    private func showPage(_ lines: [String]) {
        var first = 0
        while first < lines.count {
            let (rows, columns) = size
            let room = max(1, rows - 1)
            let shown = lines[first..<min(lines.count, first + room)]
            let last = first + room >= lines.count
            let footer = last ? "-- a key returns to the table --" : "-- \(Plural.count(lines.count - first - room, "more line")): a key, or q --"
            frame.show(
                // A command's lines are as wide as the screen at most (help wraps to it).
                (shown + [footer]).map { ScreenFrame.Line(text: TextWidth.truncatingTail($0, to: columns), inverse: false) },
                rows: rows, columns: columns)
            guard let key = nextKey(), !last, key != .text("q"), key != .escape else { return }
            first += room
        }
    }

    /// Ctrl-Z: the terminal as the shell left it, stopped until `fg`.
    private func suspend() {
        leaveForAMoment()
        terminal.suspend()
        comeBack()
    }

    private func leaveForAMoment() {
        terminal.leaveFullScreen()
        terminal.leaveRaw()
        session.output.flush()
    }

    private func comeBack() {
        terminal.enterRaw()
        terminal.enterFullScreen()
        frame.invalidate()
        detailCache = nil
    }

    /// `?`: the keys, from `ScreenKey.table`, each summary wrapped beside
    /// its keys at any width (never cut), a screen at a time.
    private func showHelp() {
        let width = max(20, size.columns - 1)
        let keyWidth = min(28, width / 3)
        var lines = ["filetable's screen: the keys", ""]
        for key in ScreenKey.table {
            let keys = "  " + key.keys.padded(to: keyWidth) + " "
            lines += TextWrapping.wrap(key.summary, width: width, first: keys, rest: String(repeating: " ", count: keys.count))
        }
        lines += [""] + TextWrapping.wrap("In a file shown full width: Up/Down/PgUp/PgDn/g/G move, / ? n N search, q back.", width: width)
        showPage(lines)
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
}
