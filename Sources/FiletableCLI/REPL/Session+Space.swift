import FileBrowsing
import TableKit

/// `du`: where the space goes, for the cleanup planner. One parallel scan
/// (`SpaceScan`) sizes the level and every directory below it; the figures
/// stay in `spaceTotals` by identity, so `open`, `back` and `cd` into a
/// scanned tree show them at once, and `reload` scans again.
extension Session {
    func sizeLevel() throws(CommandError) {
        let level = current
        Interruption.clear()
        let scan = SpaceScan()
        var lastShown = 0.0
        var shown = false
        let result = scan.run(level.model.directory) {
            if Interruption.isRequested { scan.cancel() }
            guard settings.interactive else { return }
            let now = Platform.monotonicSeconds()
            guard now - lastShown >= 0.1 else { return }
            lastShown = now
            let (files, bytes) = scan.progress
            output.write("\r\u{1B}[Kscanning … \(Plural.count(files, "file")), \(HumanSize.withUnit(bytes))")
            output.flush()
            shown = true
        }
        if shown {
            output.write("\r\u{1B}[K")
            output.flush()
        }
        if result.cancelled {
            Interruption.clear()
            throw CommandError("du: interrupted; nothing was changed (du again to scan)")
        }
        spaceTotals.merge(result.directories) { _, new in new }
        showSpace(on: level)
        printPage()
        let unreadable = result.errors.count
        write(
            "du: \(HumanSize.withUnit(result.root.diskBytes)) on disk in \(Plural.count(result.root.files, "file"))"
                + (unreadable > 0 ? "; \(Plural.count(unreadable, "directory", "directories")) could not be read" : ""))
    }

    /// Shows the figures on `level` when its directory was sized: the size
    /// columns, and `sort du` by them.
    func showSpace(on level: TableLevel) {
        guard let identity = level.identity, spaceTotals[identity] != nil else {
            level.formatter.spaceColumns = nil
            level.model.spaceFigure = nil
            level.spaceNote = nil
            return
        }
        let first = level.table.firstVisibleRow
        defer {
            level.table.reloadData()
            level.table.scrollToRow(first)
        }
        let figures = spaceTotals.mapValues(\.diskBytes)
        level.model.spaceFigure = { figures[$0] }
        let total = spaceTotal(of: level, figures: figures)
        let frees = spaceMarked(in: level, figures: figures)
        level.spaceNote = "du \(HumanSize.withUnit(total))" + (frees > 0 ? ", the plan frees \(HumanSize.withUnit(frees))" : "")
        level.formatter.spaceColumns = { row, model in
            let bytes = Self.space(ofRow: row, in: model, figures: figures)
            let share = total > 0 ? Double(bytes) / Double(total) : 0
            let filled = Int((share * 10).rounded())
            let percent = String(Int((share * 1000).rounded()) / 10) + "." + String(Int((share * 1000).rounded()) % 10) + "%"
            return [HumanSize.format(bytes), percent, "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 10 - filled) + "]"]
        }
    }

    /// The level's rows that are not marked: what the table's space is shared among.
    func spaceTotal(of level: TableLevel, figures: [FileIdentity: Int64]) -> Int64 {
        let model = level.model
        var total: Int64 = 0
        for row in 0..<model.rowCount where !level.source.isMarked(row: row) && !model.isDotEntry(row: row) {
            total += Self.space(ofRow: row, in: model, figures: figures)
        }
        return total
    }

    /// What the plan would free in this level: the marked rows' space.
    func spaceMarked(in level: TableLevel, figures: [FileIdentity: Int64]) -> Int64 {
        guard let identity = level.identity else { return 0 }
        var total: Int64 = 0
        for name in marks.markedNames(inDirectory: identity) {
            let path = name.withUnsafeBufferPointer { level.model.directory.childPath($0) }
            guard case .success(let status) = FileStatusReader.status(of: path, followSymlink: false) else { continue }
            total += status.kind == .directory ? (figures[status.identity] ?? status.blocks * 512) : status.blocks * 512
        }
        return total
    }

    /// A directory row with everything below it; any other row its own blocks.
    static func space(ofRow row: Int, in model: DirectoryListing, figures: [FileIdentity: Int64]) -> Int64 {
        guard case .success(let status) = model.status(ofRow: row) else { return 0 }
        if status.kind == .directory, let known = figures[status.identity] { return known }
        return status.blocks * 512
    }
}
