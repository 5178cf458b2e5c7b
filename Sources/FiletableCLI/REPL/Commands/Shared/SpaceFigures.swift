import FileBrowsing
import SystemSeam
import TableKit

/// A sized level's figures: what `du` found (kept in the `SpaceIndex` by
/// identity, so `open`, `back` and `cd` into a scanned tree show them at
/// once) worked out for the level's rows as the marks stand, and its du
/// columns. The scan itself is `du`'s (`SpaceCommand`).
extension CommandContext {
    /// Works out `level`'s space when its directory was sized: the total
    /// of the rows not marked and what the marked ones free (for the header),
    /// and `sort du`'s figures. The figures themselves stay in the `SpaceIndex`.
    func showSpace(on level: TableLevel) {
        let measure = state.spaceMeasure
        if let known = level.knownSpace {
            level.space = LevelSpace(
                total: spaceTotal(of: level, figures: known), frees: 0, marksRevision: marks.revision, measure: measure)
            level.table.reloadData()
            return
        }
        guard let listing = level.listing, let identity = level.identity, space.hasFigures(for: identity) else {
            level.space = nil
            level.listing?.spaceFigure = nil
            return
        }
        let figures = space.figures(measure)
        listing.spaceCountsApparentSize = measure == .apparent
        listing.spaceFigure = { figures[$0] }
        level.space = LevelSpace(
            total: spaceTotal(of: level, figures: figures), frees: spaceMarked(in: level, figures: figures), marksRevision: marks.revision,
            measure: measure)
        level.table.reloadData()
    }

    /// The du columns of a sized level's rows: a row's space with everything
    /// below it, its share of the level and a bar; with item counts shown,
    /// how many files and directories a directory row holds.
    func spaceColumns(of level: TableLevel) -> ((Int) -> [String])? {
        guard let sized = level.space else { return nil }
        // Marked rows shown ('show marked') share the level with the rest.
        let total = sized.total + (state.marksShown ? sized.frees : 0)
        let measure = sized.measure
        let figures = level.knownSpace ?? space.figures(measure)
        let items = state.showsItemCounts ? space.items : nil
        let model = level.model
        // In a work tree, with `figures git`: tracked, untracked, ignored (outside one, blank).
        let split =
            state.showsGitSplit && level.listing != nil
            ? git.spaceSplit.split(of: level.path, measure: measure, stop: stop.isRequested) {
                Self.space(of: $0, figures: figures, measure: measure)
            } : nil
        let showsSplit = state.showsGitSplit
        return { row in
            let bytes = Self.space(ofRow: row, in: model, figures: figures, measure: measure)
            // A marked row inside a marked directory is in neither figure:
            // the bar is held to its ten cells whatever the share.
            let share = total > 0 ? Double(bytes) / Double(total) : 0
            let filled = min(10, max(0, Int((share * 10).rounded())))
            let tenths = Int((share * 1000).rounded())
            let percent = "\(tenths / 10).\(tenths % 10)%"
            let columns = [
                HumanSize.format(bytes), percent, "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 10 - filled) + "]",
            ]
            var all = columns
            if let items { all.append(Self.itemCount(ofRow: row, in: model, items: items)) }
            guard showsSplit else { return all }
            guard let split else { return all + ["", "", ""] }
            let (untracked, ignored) = split[model.name(ofRow: row)] ?? (0, 0)
            let tracked = max(0, bytes - untracked - ignored)
            return all + [tracked, untracked, ignored].map { HumanSize.format($0) }
        }
    }

    /// What a row holds, ncdu's `c`: a directory's files and directories, 1
    /// for anything else; blank for a directory not sized.
    static func itemCount(ofRow row: Int, in model: any FileRows, items: [FileIdentity: Int]) -> String {
        guard case .success(let status) = model.status(ofRow: row) else { return "" }
        guard status.kind == .directory else { return "1" }
        return items[status.identity].map { String($0) } ?? ""
    }

    /// The level's rows that are not marked: what the table's space is shared among.
    func spaceTotal(of level: TableLevel, figures: [FileIdentity: Int64]) -> Int64 {
        let model = level.model
        var total: Int64 = 0
        for row in 0..<model.rowCount where !deletionPlan.isMarked(row: row, of: level) && !model.isDotEntry(row: row) {
            total += Self.space(ofRow: row, in: model, figures: figures, measure: state.spaceMeasure)
        }
        return total
    }

    /// What the plan would free in this level: the marked rows' space.
    func spaceMarked(in level: TableLevel, figures: [FileIdentity: Int64]) -> Int64 {
        guard let listing = level.listing, let identity = level.identity else { return 0 }
        var total: Int64 = 0
        for name in marks.markedNames(inDirectory: identity) {
            let path = name.withUnsafeBufferPointer { listing.directory.childPath($0) }
            guard case .success(let status) = FileStatusReader.status(of: path, followSymlink: false) else { continue }
            total += Self.space(of: status, figures: figures, measure: state.spaceMeasure)
        }
        return total
    }

    static func space(ofRow row: Int, in model: any FileRows, figures: [FileIdentity: Int64], measure: SpaceMeasure = .disk) -> Int64 {
        guard case .success(let status) = model.status(ofRow: row) else { return 0 }
        return space(of: status, figures: figures, measure: measure)
    }

    /// A directory with everything below it, where a scan said; anything
    /// else its own blocks (its length, counting apparent sizes).
    static func space(of status: FileStatus, figures: [FileIdentity: Int64], measure: SpaceMeasure = .disk) -> Int64 {
        if status.kind == .directory, let known = figures[status.identity] { return known }
        return measure == .apparent ? status.size : status.blocks * 512
    }
}

/// A sized level's space, worked out when the marks last changed.
struct LevelSpace {
    /// The rows not marked, with everything below them.
    let total: Int64
    /// What the level's marked rows free.
    let frees: Int64
    /// The marks' revision the figures were worked out at.
    let marksRevision: Int
    /// What the figures count.
    let measure: SpaceMeasure

    /// The header's words: `du 1.2 GiB, the plan frees 300 MiB`.
    var note: String {
        totalNote + (frees > 0 ? ", the plan frees \(HumanSize.withUnit(frees))" : "")
    }

    /// `du 1.2 GiB`: the rows not marked.
    var totalNote: String { "du \(HumanSize.withUnit(total))" + (measure == .apparent ? " apparent" : "") }
}
