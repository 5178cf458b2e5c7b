import FileBrowsing
import TableKit

/// `du`: where the space goes, for the cleanup planner. One parallel scan
/// (`SpaceScan`) sizes the level and every directory below it; the figures
/// stay in `spaceOnDisk` by identity, so `open`, `back` and `cd` into a
/// scanned tree show them at once, and `reload` scans again.
extension Session {
    func sizeLevel() throws(CommandError) {
        let level = current
        Interruption.clear()
        let scan = SpaceScan()
        var progress = ScanProgress()
        let result = scan.run(level.model.directory) {
            if Interruption.isRequested { scan.cancel() }
            if settings.interactive, let line = progress.update(scan, scanning: level.path) {
                output.write(line)
                output.flush()
            }
        }
        if let erasure = progress.erasure {
            output.write(erasure)
            output.flush()
        }
        if let stuck = result.errors.first(where: { $0.reason == .system(.notResponding) && $0.path == level.model.directory.path }) {
            throw CommandError("du: \(stuck.description)")
        }
        if result.cancelled {
            Interruption.clear()
            throw CommandError("du: interrupted; nothing was changed (du again to scan)")
        }
        spaceOnDisk.merge(result.directories.mapValues(\.diskBytes)) { _, new in new }
        showSpace(on: level)
        printPage()
        let unreadable = result.errors.count
        write(
            "du: \(HumanSize.withUnit(result.root.diskBytes)) on disk in \(Plural.count(result.root.files, "file"))"
                + (unreadable > 0 ? "; \(Plural.count(unreadable, "directory", "directories")) could not be read" : ""))
    }

    /// Shows the figures on `level` when its directory was sized: the size
    /// columns, the header's total (the rows not marked) and `sort du`.
    func showSpace(on level: TableLevel) {
        guard let identity = level.identity, spaceOnDisk[identity] != nil else {
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
        let figures = spaceOnDisk
        level.model.spaceFigure = { figures[$0] }
        let total = spaceTotal(of: level, figures: figures)
        let frees = spaceMarked(in: level, figures: figures)
        level.spaceNote = "du \(HumanSize.withUnit(total))" + (frees > 0 ? ", the plan frees \(HumanSize.withUnit(frees))" : "")
        level.formatter.spaceColumns = { row, model in
            let bytes = Self.space(ofRow: row, in: model, figures: figures)
            let share = total > 0 ? Double(bytes) / Double(total) : 0
            let filled = Int((share * 10).rounded())
            let tenths = Int((share * 1000).rounded())
            let percent = "\(tenths / 10).\(tenths % 10)%"
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
            total += Self.space(of: status, figures: figures)
        }
        return total
    }

    static func space(ofRow row: Int, in model: DirectoryListing, figures: [FileIdentity: Int64]) -> Int64 {
        guard case .success(let status) = model.status(ofRow: row) else { return 0 }
        return space(of: status, figures: figures)
    }

    /// A directory with everything below it, where a scan said; anything
    /// else its own blocks.
    static func space(of status: FileStatus, figures: [FileIdentity: Int64]) -> Int64 {
        if status.kind == .directory, let known = figures[status.identity] { return known }
        return status.blocks * 512
    }
}
