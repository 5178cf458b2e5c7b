import FileBrowsing
import TableKit
import Terminal

/// Draws one page of a level: a header (path, entry count, sort, filter,
/// page x of y, the session's modes), the numbered rows through the table
/// engine, the level's summary lines (the plan's totals), and a footer.
struct PageView {
    let level: TableLevel
    let settings: Session.Settings
    /// The session's modes, which the header names.
    let state: SessionState

    /// Lines a page may fill: the terminal's (or `LINES`') less the header,
    /// the footer, the prompt, one line for a message (`find: row 7`,
    /// `marked 3`) and the level's summary; nil when the screen's size is unknown.
    func lineBudget() -> Int? {
        guard settings.pageSize == nil, let lines = settings.window.lines() else { return nil }
        // The plan's summary lines (its totals, at least one) stand under every page too.
        let summary = level.kind.summary != nil ? max(1, level.summary.count) : 0
        return max(1, lines - 4 - summary)
    }

    /// Lines of the screen a list of names may take below a question.
    func screenRoom() -> Int { lineBudget() ?? settings.pageSize ?? 20 }

    /// Cuts the level's pages: `--page-size` rows each, else as many rows
    /// (with their section headers and footers, subtitle rows taking two
    /// lines) as fit the screen, else 20 rows.
    func layOutPages() {
        let table = level.table
        table.rowLineCount = level.style == .subtitle ? 2 : 1
        if level.style == .columns {
            let grid = ColumnsPage(level: level, width: screenWidth)
            // The height first: the page the budget cut may hold more cells than the old height.
            table.pageHeight = (lineBudget() ?? settings.pageSize ?? 20) * grid.columns
            table.lineBudget = nil
            return
        }
        if let budget = lineBudget() {
            table.lineBudget = budget
        } else {
            table.lineBudget = nil
            table.pageHeight = settings.pageSize ?? 20
        }
    }

    func draw(into output: OutputSink) {
        let table = level.table
        layOutPages()
        output.write(fitted(NameEscaping.terminalSafe(header())) + "\n")
        let items = table.visibleItems()
        if items.isEmpty {
            let model = level.model
            let note =
                if let listing = level.listing, listing.exclusion != .none {
                    "(every entry left here is marked; 'show marked' shows them)"
                } else if model.options.filter != nil {
                    "(nothing matches the filter)"
                } else {
                    level.kind.emptyNote(of: level)
                }
            // At a terminal a note wider than the screen breaks between words.
            for row in TextWrapping.rows(of: note, columns: settings.interactive ? settings.window.columns() : nil) {
                output.write(row + "\n")
            }
        } else if level.style == .columns {
            ColumnsPage(level: level, width: screenWidth).draw(items, styleMarkup: settings.useColor ? TerminalStyle.markup : nil, into: output)
        } else {
            var options = RenderOptions()
            options.showsRowNumbers = true
            options.rowNumberWidth = String(max(1, table.numberOfRows)).count
            options.styleMarkup = settings.useColor ? TerminalStyle.markup : nil
            options.columnAlignments = level.formatter.columnAlignments(for: level.source.decorations)
            if settings.interactive {
                options.width = settings.window.columns()
                options.truncatesText = options.width != nil
            }
            TextRenderer(options: options).render(items, into: &output.buffer)
        }
        if level.pendingSummary != nil {
            output.flush()
            level.settleSummary()
        }
        for line in level.summary { output.write(NameEscaping.terminalSafe(line) + "\n") }
        output.write(fitted(footer()) + "\n")
        output.flush()
    }

    /// `extra` parts (the full-screen view's word on the marks) go last,
    /// and the path gives way to them as to the others. `showsPlanFreeing`
    /// false leaves the du figure's "the plan frees" to the caller, which
    /// says the plan's figure once (the full-screen view's `plan: …`).
    /// `width`: the columns the header fits (the full-screen view's); nil
    /// for the terminal's at the prompt.
    func header(extra: [String] = [], showsPlanFreeing: Bool = true, width: Int? = nil) -> String {
        let model = level.model
        let table = level.table
        var parts = level.kind.headerParts(of: level)
        let options = model.options
        // The direction as `sort` takes it: size and time run largest and
        // newest first (desc) unless asc was asked; the others asc unless desc.
        var sort = "sort \(options.sortKey.rawValue)"
        if let word = (level.kind as? HasItsOwnOrder)?.orderWord(of: level) {
            // A kind's own order runs largest first unless asc was asked.
            sort = "sort \(word)" + (options.reversed ? " asc" : "")
        } else if options.reversed && options.sortKey != .none {
            sort += options.sortKey == .size || options.sortKey == .time ? " asc" : " desc"
        } else if options.reversed {
            sort += " reversed"
        }
        if options.gitChangesFirst != nil { sort = "sort git" }
        if options.directoriesFirst { sort += ", dirs first" }
        parts.append(sort)
        if let filter = options.filter { parts.append("filter " + NameEscaping.terminalSafe(filter.pattern)) }
        if let kind = options.gitKind { parts.append("filter --git " + kind.word) }
        if options.gitIgnored != nil { parts.append("gitignore on") }
        if options.hidden != .hidden { parts.append("hidden shown") }
        if options.grouping != .none { parts.append("group \(options.grouping.rawValue)") }
        // The full-screen view scrolls row by row: its status line says
        // which row the highlight is on (the header stays as it scrolls).
        if !table.scrollsFreely { parts.append("page \(table.currentPage + 1) of \(table.pageCount)") }
        if state.editing { parts.append("editing") }
        if state.marksShown && level.kind.marksShow == .leaveTheTable { parts.append("marked shown") }
        if let space = level.space { parts.append(showsPlanFreeing ? space.note : space.totalNote) }
        if level.space != nil && state.showsGitSplit { parts.append("git: tracked untracked ignored") }
        parts += extra
        // On a terminal the header keeps to one line: the path gives way.
        if settings.interactive, let width = width ?? settings.window.columns() {
            let others = parts.dropFirst().joined(separator: " | ")
            let room = width - 1 - TextWidth.of(others) - 3
            if TextWidth.of(parts[0]) > room { parts[0] = TextWidth.truncatingMiddle(parts[0], to: max(8, room)) }
        }
        return parts.joined(separator: " | ")
    }

    /// The columns a page may fill: the terminal's, else 80 (`style columns` in a script).
    private var screenWidth: Int { (settings.interactive ? settings.window.columns() : nil) ?? settings.window.columns() ?? 80 }

    /// At a terminal, a header or footer cut to one line of the screen.
    private func fitted(_ line: String) -> String {
        guard settings.interactive, let width = settings.window.columns(), TextWidth.of(line) > width - 1 else { return line }
        return TextWidth.truncatingTail(line, to: max(1, width - 1))
    }

    /// What can be done from here, in words that fit the width: the full
    /// hints, else shorter ones, else the last ones (`help` is always there).
    func footer() -> String {
        let table = level.table
        var full: [String] = []
        var short: [String] = []
        if table.currentPage + 1 < table.pageCount {
            full.append("n next")
            short.append("n next")
        }
        if table.currentPage > 0 {
            full.append("p prev")
            short.append("p prev")
        }
        // A row's number is typed, not the letter N (n is next).
        full += ["a number opens its row", "b back", "help"]
        short += ["# opens", "b back", "help"]
        func line(_ hints: ArraySlice<String>) -> String { "-- " + hints.joined(separator: ", ") + " --" }
        guard settings.interactive, let width = settings.window.columns() else { return line(full[...]) }
        if TextWidth.of(line(full[...])) <= width - 1 { return line(full[...]) }
        var hints = short[...]
        while hints.count > 1 && TextWidth.of(line(hints)) > width - 1 { hints = hints.dropFirst() }
        return line(hints)
    }
}
