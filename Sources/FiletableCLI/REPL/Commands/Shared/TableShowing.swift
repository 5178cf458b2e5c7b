import FileBrowsing
import TableKit

/// Showing the current level after a change: its decorations worked out
/// from the marks and modes, the front end told to show it (the prompt
/// prints the page; the full-screen view draws its own next frame), and a
/// new level pushed on the page holding a row.
extension CommandContext {
    /// The table changed: its decorations are worked out again and the
    /// front end shows it (the prompt prints the page; the full-screen view
    /// draws its own next frame).
    func printPage() {
        prepareDrawing(current)
        guard conversation.showTable(current, state: state, settings: settings) else { return }
        watching?.pageDrawn()
    }

    /// Reads the current level again, keeping its page, and draws it: what
    /// `watch on` does when the directory changes.
    func refreshCurrent() {
        // A sized level's total follows its rows.
        if (try? current.reread()) != nil, current.space != nil { showSpace(on: current) }
        printPage()
    }

    /// Sets the page height for the terminal as it is now (it may have been resized).
    func preparePage() {
        PageView(level: current, settings: settings, state: state).layOutPages()
    }

    /// Brings a level in line with the session's marks and modes before a
    /// page of it is drawn: the marked names leave a directory's rows while
    /// marked rows are hidden, the du figures follow the marks, and the
    /// page's decorations (delete controls, `D`, du columns) are worked out
    /// from the state here, never kept anywhere else.
    func prepareDrawing(_ level: TableLevel) {
        level.formatter.resetClock()
        refreshIfStale(level)
        let marked = deletionPlan.markedRows(of: level)
        let hidesMarked = !state.marksShown && level.kind.marksShow == .leaveTheTable
        level.exclude(hidesMarked ? marked : .none)
        // Marked rows leave the level's space and the header says what they
        // free: figured again when the marks change, or first shown on a
        // level a scan has sized (not on every page drawn).
        let sized = level.identity.map(space.hasFigures) ?? false
        if sized && (level.space?.marksRevision != marks.revision || level.space?.measure != state.spaceMeasure) { showSpace(on: level) }
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
        // The row a find pointed at says so, after any note of the kind's
        // (asked only while there is one: a note is a call a row drawn).
        if level.pointed != nil {
            let kindsNote = decorations.note
            decorations.note = { [unowned level] row in kindsNote?(row) ?? level.pointedWord(ofRow: row) }
        }
        // A copy's path, cut to fit, keeps what tells it from the others of its group.
        if level.kind is GuardsCopyGroups {
            decorations.keptWhenCut = { [unowned level] row in
                guard let group = level.model.sections.first(where: { $0.rows.contains(row) }), group.rows.count > 1 else { return nil }
                let shown = { (row: Int) in level.model.withName(ofRow: row) { NameEscaping.escape($0) } }
                return PathDifference.differingRange(of: shown(row), among: group.rows.filter { $0 != row }.map(shown))
            }
        }
        if git.shows {
            decorations.gitLetters = { [git, unowned level] row in
                level.model.location(ofRow: row) == nil ? "--" : git.letters(ofPath: level.path(ofRow: row))
            }
        }
        if let picking {
            decorations.isSelected = { [unowned level] row in picking.isSelected(level.path(ofRow: row)) }
        }
        decorations.marksRevision = marks.revision
        if let own = (level.kind as? HasItsOwnColumns)?.columns(of: level) {
            decorations.spaceColumns = own
        } else {
            decorations.spaceColumns = spaceColumns(of: level)
            if state.showsItemCounts { decorations.spaceColumnAlignments.append(.trailing) }
            if state.showsGitSplit && decorations.spaceColumns != nil { decorations.spaceColumnAlignments += [.trailing, .trailing, .trailing] }
        }
        level.source.decorations = decorations
    }

    /// A level's rows and summary read again when what they were read from
    /// changed since (the plan's, after an unmark, undo or prune on it).
    func refreshIfStale(_ level: TableLevel) {
        guard (level.kind as? RowsAreMarks)?.isStale(marksRevision: marks.revision) == true else { return }
        _ = try? level.reread()
        level.pendingSummary = marks.isEmpty ? nil : level.kind.summary
        if marks.isEmpty { level.summary = [] }
    }
}
