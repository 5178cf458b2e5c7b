import FileBrowsing
import TableKit

/// Editing mode and simulated deletion: mark, unmark, undo, show/hide marked,
/// and the plan (marks, export, verify, prune, clear). Nothing here touches a
/// file; the only write is an export to a file the user names.
///
/// A mark names the file the row showed (read through the level's directory
/// descriptor) and a path checked to lead to that same file; every list,
/// check and export of the plan resolves the path again and says when it no
/// longer leads there.
extension Session {
    /// Brings a level in line with the session's marks and modes before a
    /// page of it is drawn: the marked names leave a directory's rows while
    /// marked rows are hidden, the du figures follow the marks, and the
    /// page's decorations (delete controls, `D`, du columns) are worked out
    /// from the state here, never kept anywhere else.
    func prepareDrawing(_ level: TableLevel) {
        level.formatter.resetClock()
        refreshIfStale(level)
        let marked = markedRows(of: level)
        let hidesMarked = !state.marksShown && level.kind.marksShow == .leaveTheTable
        level.exclude(hidesMarked ? marked : .none)
        // Marked rows leave the level's space and the header says what they
        // free: figured again when the marks change, or first shown on a
        // level a scan has sized (not on every page drawn).
        let sized = level.identity.map(space.hasFigures) ?? false
        if sized && level.space?.marksRevision != marks.revision { showSpace(on: level) }
        var decorations = RowDecorations()
        decorations.deleteControls = state.editing
        let model = level.model
        switch level.kind.marksShow {
        case .leaveTheTable:
            decorations.marksShown = state.marksShown
            decorations.isMarked = { row in marked.excludesAll || (!marked.leavesOutNoName && model.withName(ofRow: row, marked.leavesOut)) }
        case .everyRow:
            decorations.marksShown = false
            // Each row checked again as it is drawn: vanished, replaced, changed.
            decorations.isMarked = { _ in true }
            // (The level holds its source, which holds these: the level is not held back.)
            decorations.note = { [unowned level] row in level.mark(ofRow: row).flatMap(PlanVerification.problem(with:))?.description }
        case .flagged:
            decorations.marksShown = true
            decorations.isMarked = { [marks, unowned level] row in level.entry(ofRow: row).map { marks.mark(for: $0) != nil } ?? false }
        }
        decorations.spaceColumns = level.kind.columns(of: level) ?? spaceColumns(of: level)
        level.source.decorations = decorations
    }

    /// A directory level's marked names as the marks' own question (no
    /// set of names), or every name when a marked directory holds it.
    func markedRows(of level: TableLevel) -> NameExclusion {
        markedNames(in: level.identity, ancestry: { level.ancestry })
    }

    /// The names marked in the directory with `identity`, or all of them
    /// when its `ancestry` holds a marked directory.
    func markedNames(in identity: FileIdentity?, ancestry: () -> [FileIdentity]) -> NameExclusion {
        guard !marks.isEmpty, let identity else { return .none }
        let coversAll = marks.coveringMark(ofAncestry: ancestry()) != nil
        guard marks.markCount(inDirectory: identity) > 0 else { return coversAll ? NameExclusion(excludesAll: true) : .none }
        return NameExclusion(version: marks.revision, excludesAll: coversAll) { [marks] name in marks.isMarked(directory: identity, name: name) }
    }

    /// Whether a row of the current level is marked (directly, or inside a marked directory).
    func isMarked(row: Int, of level: TableLevel) -> Bool {
        guard !marks.isEmpty else { return false }
        if level.listing != nil, let identity = level.identity {
            if level.model.withName(ofRow: row, { marks.isMarked(directory: identity, name: $0) }) { return true }
            return marks.coveringMark(ofAncestry: level.ancestry) != nil
        }
        guard let entry = level.entry(ofRow: row) else { return false }
        return marks.mark(for: entry) != nil
    }

    func mark(_ selectors: [RowSelector]) throws(CommandError) {
        try mark(rows: try selectRows(selectors, for: "mark"))
    }

    /// Marks `selected` rows of the current level (0-based).
    func mark(rows selected: [Int]) throws(CommandError) {
        let level = current
        let model = level.model
        // A directory without marks (and not inside a marked one) needs no look-up per row.
        let noneMarked = level.identity.map { marks.markCount(inDirectory: $0) == 0 } == true && markedRows(of: level) == .none
        let rows = noneMarked ? selected : selected.filter { !isMarked(row: $0, of: level) }
        guard !rows.isEmpty else { throw CommandError("mark: those rows are marked already") }
        if let dot = rows.first(where: { model.isDotEntry(row: $0) }) {
            throw CommandError("mark: row \(dot + 1) (\(NameEscaping.escape(model.name(ofRow: dot)))) cannot be marked")
        }
        try keepACopyOfEachGroup(markingAlso: rows)
        let request = try markRequest(for: rows, of: level)
        // Reading a million entries takes a while: Ctrl-C stops at once, nothing marked.
        let batch: MarkBatch
        switch request.take() {
        case .success(let taken): batch = taken
        case .failure(.refused(let entry, let refusal)):
            throw CommandError("mark: \(NameEscaping.escape(level.path(ofRow: rows[entry]))): \(refusal.description)")
        case .failure(.interrupted(let read)):
            Interruption.clear()
            throw CommandError("mark: interrupted after reading \(read) of \(rows.count) entries; nothing marked")
        }
        let directories = (0..<batch.count).reduce(0) { $0 + (batch.kind(at: $1) == .directory ? 1 : 0) }
        if batch.count > 1 || directories > 0, frontEnd.canAsk, !settings.assumeYes {
            guard askToMark(batch, directories: directories) else {
                write("mark: nothing marked")
                return
            }
        }
        // A mark here may cover the last copy of a group another level found (a directory holding it).
        let problemsBefore = deletionPlan.copyLevels.isEmpty ? [] : Set(lastCopyProblems(checkingFiles: false))
        let added = marks.add(batch)
        if let problem = deletionPlan.copyLevels.isEmpty ? nil : lastCopyProblems(checkingFiles: false).first(where: { !problemsBefore.contains($0) })
        {
            _ = marks.undo()
            throw CommandError("mark: refused: " + problem)
        }
        // The rows just marked leave a directory's table as they stand: no
        // look-up of every name in the plan to find them again.
        if let listing = level.listing, !state.marksShown {
            listing.exclude(markedRows(of: level), leavingOut: rows)
            level.table.reloadData()
        }
        write("marked \(added) (\(marks.count) in the plan; 'marks' to review, 'undo' to revert)")
        printPage()
    }

    /// The request that reads `rows` of `level` for marking: one taker per
    /// directory the rows live in (one for a directory's table; a table of
    /// search matches spans many). A row's name is its entry's name there.
    private func markRequest(for rows: [Int], of level: TableLevel) throws(CommandError) -> MarkRequest {
        let model = level.model
        var takers: [ObjectIdentifier: Int] = [:]
        var request = MarkRequest()
        request.entriesAreDistinct = true
        if let listing = level.listing {
            // One directory: one taker, the names read a page of storage at a time.
            let taker: Int
            do {
                taker = request.add(try MarkTaker(directory: listing.directory, path: level.path))
            } catch {
                throw CommandError("mark: \(NameEscaping.escape(level.path)): \(error.description)")
            }
            var start = 0
            while start < rows.count {
                // Runs of consecutive rows (all of them, for 'mark all') go in at once.
                var end = start + 1
                while end < rows.count && rows[end] == rows[end - 1] + 1 { end += 1 }
                request.append(rows: rows[start]..<(rows[start] + end - start), of: listing, taker: taker)
                start = end
            }
        }
        for row in rows where level.listing == nil {
            // A mark is a file on disk: a row that lives elsewhere (inside an archive) cannot be marked alone.
            guard let location = model.location(ofRow: row) else {
                throw CommandError("mark: \(NameEscaping.escape(level.path(ofRow: row))) is not a file on disk of its own; mark what holds it")
            }
            let directory = location.directory
            let key = ObjectIdentifier(directory)
            if takers[key] == nil {
                let path = level.listing != nil ? level.path : directory.path
                do {
                    takers[key] = request.add(try MarkTaker(directory: directory, path: path))
                } catch {
                    throw CommandError("mark: \(NameEscaping.escape(path)): \(error.description)")
                }
            }
            let taker = takers[key]!
            // The entry's own name in its directory (a row may show a longer path).
            location.name.withUnsafeBufferPointer {
                request.append($0, shownInode: model.reportedInode(ofRow: row), taker: taker)
            }
        }
        return request
    }

    /// Says what the new marks cover (names, up to a screen, when there are
    /// several; the files, directories and bytes inside) and asks. Ctrl-C
    /// stops a long count and asks with what was counted.
    private func askToMark(_ batch: MarkBatch, directories: Int) -> Bool {
        if batch.count > 1 {
            let room = max(1, PageView(level: current, settings: settings, state: state).screenRoom() - 2)
            let shown = batch.count > room ? room - 1 : batch.count
            for index in 0..<shown {
                write("  " + NameEscaping.escape(batch.names.name(at: index)) + (batch.kind(at: index) == .directory ? "/" : ""))
            }
            if shown < batch.count { write("  … and \(batch.count - shown) more") }
        }
        let newMarks = batch.marks
        let totals = countTotals(newMarks)
        totals.caveats.forEach { write($0) }
        let entries = Plural.count(newMarks.count, "entry", "entries")
        let kinds = directories == 0 ? "" : " (\(Plural.count(directories, "directory", "directories")))"
        let atLeast = totals.isLowerBound ? "at least " : ""
        return frontEnd.ask("Mark \(entries)\(kinds): \(atLeast)\(totals.brief) for deletion? [y/N] ")
    }

    func unmark(_ selectors: [RowSelector]) throws(CommandError) {
        guard state.marksShown || current.kind.marksShow != .leaveTheTable else {
            throw CommandError("unmark: marked rows are hidden; 'show marked' first")
        }
        let level = current
        let rows = try selectRows(selectors, for: "unmark").filter { isMarked(row: $0, of: level) }
        guard !rows.isEmpty else { throw CommandError("unmark: none of those rows is marked") }
        var entries: [EntryKey] = []
        for row in rows {
            guard let entry = level.entry(ofRow: row), marks.mark(for: entry) != nil else {
                let cover = marks.coveringMark(ofAncestry: level.ancestry).map { NameEscaping.escape($0.path) } ?? "?"
                throw CommandError("unmark: row \(row + 1) is inside the marked directory \(cover); unmark that directory")
            }
            entries.append(entry)
        }
        let removed = marks.unmark(entries)
        write("unmarked \(removed) (\(marks.count) in the plan)")
        printPage()
    }

    /// `marks`: the plan as a level of its own, a row for each marked path
    /// (a section for each directory), each checked again when drawn, and
    /// the totals under every page. On the plan's level it is drawn again.
    func showPlan() throws(CommandError) {
        guard !marks.isEmpty else {
            write("no marks")
            return
        }
        if current.kind.marksShow == .everyRow { return printPage() }
        let plan = PlanRows(marks)
        let rows = PathRows(plan.contents()) { () throws(FileError) -> PathRows.Contents in plan.contents() }
        let kind = PlanLevel(plan: plan) { [unowned self] in planSummary(plan) }
        present(TableLevel(rows: rows, kind: kind, in: current.directory, path: current.path, decoration: settings.decoration))
    }

    /// A level's rows and summary read again when what they were read from
    /// changed since (the plan's, after an unmark, undo or prune on it).
    func refreshIfStale(_ level: TableLevel) {
        guard level.kind.isStale(marksRevision: marks.revision) else { return }
        _ = try? level.reread()
        level.pendingSummary = marks.isEmpty ? nil : level.kind.summary
        if marks.isEmpty { level.summary = [] }
    }

    /// The lines under the plan: what vanished or was replaced, why the
    /// totals are a lower bound, and the `total:` line scripts read.
    func planSummary(_ plan: PlanRows) -> [String] {
        Interruption.clear()
        let progress: ((Int) -> Void)? =
            settings.interactive ? { counted in Self.writeStatusLine("\rcounting: \(counted) entries (Ctrl-C stops)") } : nil
        let totals = plan.totals(progress: progress)
        if settings.interactive { Self.writeStatusLine(TerminalControl.overwriteLine) }
        Interruption.clear()
        var lines: [String] = []
        if totals.vanished > 0 {
            lines.append("vanished: \(Plural.count(totals.vanished, "marked path")) no longer exist\(totals.vanished == 1 ? "s" : "")")
        }
        if totals.replaced > 0 {
            lines.append(
                "replaced: \(Plural.count(totals.replaced, "marked path")) name\(totals.replaced == 1 ? "s" : "") a different file now (not counted; 'marks prune' drops them)"
            )
        }
        lines += lastCopyProblems().map { "warning: " + $0 }
        return lines + totals.caveats + [totals.summary]
    }

    /// `marks --print`: every marked path by parent directory, each checked
    /// again, then the totals, as one stream (for scripts).
    func printMarks() throws(CommandError) {
        guard !marks.isEmpty else {
            write("no marks")
            return
        }
        let all = marks.all
        var parent: [UInt8]?
        for mark in all {
            let (directory, name) = mark.parentAndName
            if directory != parent {
                write(NameEscaping.escape(directory) + ":")
                parent = directory
            }
            var line = "  " + NameEscaping.escape(name) + (mark.snapshot.kind == .directory ? "/" : "")
            if let problem = PlanVerification.problem(with: mark) { line += "  (\(problem.description))" }
            write(line)
        }
        output.flush()
        let totals = countTotals(all)
        if totals.interrupted { throw CommandError("marks: counting interrupted; the marks are as they were") }
        if totals.vanished > 0 {
            write("vanished: \(Plural.count(totals.vanished, "marked path")) no longer exist\(totals.vanished == 1 ? "s" : "")")
        }
        if totals.replaced > 0 {
            write(
                "replaced: \(Plural.count(totals.replaced, "marked path")) name\(totals.replaced == 1 ? "s" : "") a different file now (not counted; 'marks prune' drops them)"
            )
        }
        totals.caveats.forEach { write($0) }
        lastCopyProblems().forEach { write("warning: " + $0) }
        write(totals.summary)
    }

    /// Adds up marks, showing progress on a terminal (Ctrl-C stops).
    private func countTotals(_ marked: [Mark]) -> PlanTotals {
        Interruption.clear()
        let progress: ((Int) -> Void)? =
            settings.interactive
            ? { counted in
                Self.writeStatusLine("\rcounting: \(counted) entries (Ctrl-C stops)")
            } : nil
        let totals = PlanTotals.count(marked, progress: progress)
        if settings.interactive { Self.writeStatusLine(TerminalControl.overwriteLine) }
        Interruption.clear()
        return totals
    }

    /// Whether the session may end: with marks not exported since they last
    /// changed, a person at a terminal is asked first (batch mode is not).
    func mayQuit() -> Bool {
        guard deletionPlan.hasUnexportedChanges, frontEnd.canAsk, !settings.assumeYes else { return true }
        if frontEnd.ask("Quit and drop \(Plural.count(marks.count, "mark"))? [y/N] ") { return true }
        write("quit: kept \(Plural.count(marks.count, "mark")); 'marks export FILE' writes the plan")
        return false
    }

    /// Rows named by ARGS in the current view: numbers, ranges (3-7), lists
    /// (1,4,9), globs over names (*.log), or all. Returns 0-based rows.
    func selectRows(_ selectors: [RowSelector], for command: String) throws(CommandError) -> [Int] {
        let model = current.model
        // `all` is every row: no set of a million numbers to build and sort.
        if selectors.contains(.all) { return Array(0..<model.rowCount) }
        var rows = Set<Int>()
        for selector in selectors {
            switch selector {
            case .all: rows.formUnion(0..<model.rowCount)
            case .numbers(let numbers):
                rows.formUnion(try checkedRow(numbers.lowerBound, for: command)...(try checkedRow(numbers.upperBound, for: command)))
            case .name(let word): rows.formUnion(try RowNames.rows(word, in: model, for: command))
            }
        }
        return rows.sorted()
    }
}
