import FileBrowsing
import TableKit
import Terminal

/// The full-screen view's `:` command line, the commands it runs on the
/// normal screen, the pages it shows over the table, and Ctrl-Z.
extension ScreenView {
    /// `:`: a REPL command typed on the status line with the prompt's
    /// editor, history and completion, the table above it. A command that
    /// shows screens of its own or runs a program (`usesTheTerminal`: view,
    /// hex, more, pager, editor, `!`) runs on the normal screen, a key coming
    /// back; any other runs in place: its last line on the status line, a
    /// longer answer (`info`, `help`, `stats`) on pages over the table.
    func commandLine() {
        let rows = size.rows
        frame.output.write(TerminalControl.moveTo(row: rows) + TerminalControl.eraseLine + TerminalControl.showCursor)
        frame.output.flush()
        // The editor reads the keys the view reads: what was typed fast after
        // `:` is the line's, what after its end the view's again.
        let line = editor.readLine(prompt: ":", escapeCancels: true)
        frame.output.write(TerminalControl.hideCursor)
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
        // The screen draws a row a line: columns are the prompt's pages' (it was ignored in silence).
        if let style = command.action as? StyleCommand, style.style == .columns {
            status = "style columns: kept for the prompt's pages; the screen shows a row a line"
        }
    }

    /// The row `reference` names, highlighted and opened full width (the
    /// viewer then moved by `start`: a line, an offset, a search).
    func openInTheScreen(_ reference: RowReference, asHex: Bool, then start: ViewerMove?) {
        let row: Int
        do {
            row = try session.context.row(reference, for: asHex ? "hex" : "view")
        } catch {
            status = error.message
            return
        }
        session.current.moveHighlight(to: row)
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
    func runOnTheNormalScreen(_ command: Command, waitsForKey: Bool = true) {
        leaveForAMoment()
        var failure: String?
        // On the normal screen the prompt's front end prints, as at the prompt.
        session.presenting(on: session.prompt) {
            failure = session.execute(command).failure?.message
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
    func showPage(_ lines: [String]) {
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
    func suspend() {
        leaveForAMoment()
        terminal.suspend()
        comeBack()
    }

    func leaveForAMoment() {
        terminal.leaveFullScreen()
        terminal.leaveRaw()
        session.output.flush()
    }

    func comeBack() {
        terminal.enterRaw()
        terminal.enterFullScreen()
        frame.invalidate()
        detailCache = nil
    }

    /// `?`: the keys, from `ScreenKey.table`, each summary wrapped beside
    /// its keys at any width (never cut), a screen at a time.
    func showHelp() {
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
