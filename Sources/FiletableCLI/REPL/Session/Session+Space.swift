import FileBrowsing
import TableKit

/// `du`: where the space goes, for the cleanup planner. One parallel scan
/// (`SpaceScan`) sizes the level and every directory below it; the figures
/// stay in the `SpaceIndex` by identity, so `open`, `back` and `cd` into a
/// scanned tree show them at once, and `reload` scans again.
extension Session {
    func sizeLevel(_ request: SpaceRequest = SpaceRequest()) throws(CommandError) {
        let level = current
        // Rows that know their space (an archive's index) are sized at once, without a scan.
        if let known = level.model.knownSpace() {
            guard request.saveFile == nil && request.sinceFile == nil else {
                throw CommandError("du --save and --since work on a directory's table; this one lists \(level.kindDescription)")
            }
            level.knownSpace = known
            showSpace(on: level)
            printPage()
            let total = level.space?.total ?? 0
            write("du: \(HumanSize.withUnit(total)) as stored in the archive (from its index, nothing extracted)")
            return
        }
        let listing = try level.directoryListing(for: "du")
        Interruption.clear()
        // A saved scan, or one to compare with, starts from the file (read first: a bad one costs no scan).
        let then = try request.sinceFile.map { file throws(CommandError) in try Self.savedScan(file) }
        // A file --save may not replace is refused before the scan, as at the command line.
        if let file = request.saveFile {
            do {
                try SavedScan.checkWritable(NameEscaping.typedName(file))
            } catch {
                throw CommandError("du --save: \(error.description)")
            }
        }
        var options = SpaceScan.Options()
        options.oneFileSystem = request.oneFileSystem
        // Kept or compared: every entry recorded.
        if request.saveFile != nil || then != nil { options.recordedDepth = .max }
        if let then, then.root != level.path {
            throw CommandError(
                "du --since: \(NameEscaping.terminalSafe(request.sinceFile ?? "")) is a scan of \(NameEscaping.escape(then.root)), not of this level (\(NameEscaping.escape(level.path)))"
            )
        }
        // A scan of / leaves the pseudo file systems out, as gdu does: their
        // sizes are not disk space, and /proc alone holds thousands of entries.
        let leftOut = level.path == [0x2F] && !request.everything ? Self.pseudoFileSystems() : []
        options.skippedDirectories = Set(leftOut.map(\.identity))
        let scan = SpaceScan(options: options)
        var progress = ScanProgress()
        let result = scan.run(listing.directory) {
            if Interruption.isRequested { scan.cancel() }
            if settings.interactive, let line = progress.update(scan, scanning: level.path) {
                writeProgress(line)
            }
        }
        if let erasure = progress.erasure {
            writeProgress(erasure)
        }
        if let stuck = result.errors.first(where: { $0.reason == .system(.notResponding) && $0.path == listing.directory.path }) {
            throw CommandError("du: \(stuck.description)")
        }
        if result.cancelled {
            Interruption.clear()
            throw CommandError("du: interrupted; nothing was changed (du again to scan)")
        }
        space.record(result.directories.mapValues(\.diskBytes), unreadable: result.errors)
        let now = SavedScan(result, scanned: listing.directory.path, root: level.path, savedAt: WallClock.seconds)
        if let file = request.saveFile { try save(now, in: file) }
        if let then, let file = request.sinceFile {
            let changes = ScanChange.changes(from: then, to: now, depth: 1)
            let directory = (try? level.directoryUnderItsPath()) ?? listing.directory
            var order = ListOptions()
            order.sortKey = .space
            let rows = ScanChangeRows(changes, in: directory, options: order)
            let kind = SpaceChangeLevel(
                rows: rows, file: file, savedAt: then.savedAt, change: now.rootTotals.diskBytes - then.rootTotals.diskBytes)
            present(TableLevel(rows: rows, kind: kind, in: directory, path: level.path, decoration: settings.decoration))
            write("du --since: \(Plural.count(rows.rowCount, "change")) in \(level.title)'s entries ('mark new' marks what appeared)")
            return
        }
        showSpace(on: level)
        printPage()
        let unreadable = result.errors.count
        let skipped = leftOut.map { NameEscaping.escape($0.path) }.joined(separator: ", ")
        write(
            "du: \(HumanSize.withUnit(result.root.diskBytes)) on disk in \(Plural.count(result.root.files, "file"))"
                + (unreadable > 0 ? "; \(Plural.count(unreadable, "entry", "entries")) could not be read ('du unreadable' lists them)" : "")
                + (leftOut.isEmpty ? "" : "; left out \(skipped) ('du --everything' scans them)"))
    }

    /// The scan kept in `file` (relative to where filetable started).
    static func savedScan(_ file: String) throws(CommandError) -> SavedScan {
        do {
            return try SavedScan.read(from: NameEscaping.typedName(file))
        } catch {
            throw CommandError("du --since: \(error.description)")
        }
    }

    /// Keeps `scan` in `file`: a new file, or an earlier saved scan replaced; nothing else.
    private func save(_ scan: SavedScan, in file: String) throws(CommandError) {
        let path = NameEscaping.typedName(file)
        do {
            try scan.write(to: path, as: .filetable)
        } catch {
            throw CommandError("du --save: \(error.description)")
        }
        write(
            "du --save: the scan of \(NameEscaping.escape(scan.root)) kept in \(NameEscaping.escape(path)) (\(Plural.count(scan.entries.count, "entry", "entries")))"
        )
    }

    /// `du unreadable`: what the last scan could not read, a line each.
    func listUnreadable() throws(CommandError) {
        guard let errors = space.unreadableInLastScan else { throw CommandError("du unreadable: no scan yet ('du' scans this level)") }
        guard !errors.isEmpty else {
            write("du unreadable: the last scan read everything")
            return
        }
        for error in errors { write(error.description) }
    }

    /// The mount points of /proc, /sys, /dev and /run that exist, by identity.
    static func pseudoFileSystems() -> [(path: [UInt8], identity: FileIdentity)] {
        ["/proc", "/sys", "/dev", "/run"].compactMap { path in
            let bytes = Array(path.utf8)
            guard case .success(let status) = FileStatusReader.status(of: bytes, followSymlink: false), status.kind == .directory else { return nil }
            return (bytes, status.identity)
        }
    }

    /// Works out `level`'s space when its directory was sized: the total
    /// of the rows not marked and what the marked ones free (for the header),
    /// and `sort du`'s figures. The figures themselves stay in the `SpaceIndex`.
    func showSpace(on level: TableLevel) {
        if let known = level.knownSpace {
            level.space = LevelSpace(total: spaceTotal(of: level, figures: known), frees: 0, marksRevision: marks.revision)
            level.table.reloadData()
            return
        }
        guard let listing = level.listing, let identity = level.identity, space.hasFigures(for: identity) else {
            level.space = nil
            level.listing?.spaceFigure = nil
            return
        }
        let figures = space.onDisk
        listing.spaceFigure = { figures[$0] }
        level.space = LevelSpace(
            total: spaceTotal(of: level, figures: figures), frees: spaceMarked(in: level, figures: figures), marksRevision: marks.revision)
        level.table.reloadData()
    }

    /// The du columns of a sized level's rows: a row's space with everything
    /// below it, its share of the level and a bar.
    func spaceColumns(of level: TableLevel) -> ((Int) -> [String])? {
        guard let sized = level.space else { return nil }
        // Marked rows shown ('show marked') share the level with the rest.
        let total = sized.total + (state.marksShown ? sized.frees : 0)
        let figures = level.knownSpace ?? space.onDisk
        let model = level.model
        return { row in
            let bytes = Self.space(ofRow: row, in: model, figures: figures)
            // A marked row inside a marked directory is in neither figure:
            // the bar is held to its ten cells whatever the share.
            let share = total > 0 ? Double(bytes) / Double(total) : 0
            let filled = min(10, max(0, Int((share * 10).rounded())))
            let tenths = Int((share * 1000).rounded())
            let percent = "\(tenths / 10).\(tenths % 10)%"
            return [HumanSize.format(bytes), percent, "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 10 - filled) + "]"]
        }
    }

    /// The level's rows that are not marked: what the table's space is shared among.
    func spaceTotal(of level: TableLevel, figures: [FileIdentity: Int64]) -> Int64 {
        let model = level.model
        var total: Int64 = 0
        for row in 0..<model.rowCount where !isMarked(row: row, of: level) && !model.isDotEntry(row: row) {
            total += Self.space(ofRow: row, in: model, figures: figures)
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
            total += Self.space(of: status, figures: figures)
        }
        return total
    }

    static func space(ofRow row: Int, in model: any FileRows, figures: [FileIdentity: Int64]) -> Int64 {
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

/// A sized level's space, worked out when the marks last changed.
struct LevelSpace {
    /// The rows not marked, with everything below them.
    let total: Int64
    /// What the level's marked rows free.
    let frees: Int64
    /// The marks' revision the figures were worked out at.
    let marksRevision: Int

    /// The header's words: `du 1.2 GiB, the plan frees 300 MiB`.
    var note: String {
        totalNote + (frees > 0 ? ", the plan frees \(HumanSize.withUnit(frees))" : "")
    }

    /// `du 1.2 GiB`: the rows not marked.
    var totalNote: String { "du \(HumanSize.withUnit(total))" }
}
