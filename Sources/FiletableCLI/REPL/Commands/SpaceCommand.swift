import FileBrowsing
import SystemSeam

/// `du`: every row sized with everything below it (a parallel scan);
/// `du -x` on one file system, `du --everything` into /proc, /sys, /dev and
/// /run too, `du unreadable` the entries the last scan could not read.
struct SpaceCommand: RegisteredCommand {
    /// What `du` was asked.
    enum Request: Equatable {
        case scan(SpaceRequest)
        /// `du unreadable`: the last scan's unreadable entries, one a line.
        case listUnreadable
        /// `du --git`: the work trees below, by their ignored bytes.
        case gitWorkTrees
    }

    let request: Request

    static let spec = CommandSpec(
        name: "du", aliases: [], usage: "du [-x] [--everything] [--save FILE] [--since FILE] [unreadable] [--git]",
        summary: "size every row with everything below it",
        details:
            "Scans the tree below this directory on every core (a progress line at a terminal; Ctrl-C stops it), then shows each row's space on disk, its share of the level and a bar, largest first (as ncdu; 'sort name' goes back). Levels below are sized by the same scan, so opening them shows figures at once; reload scans again. Marked rows leave the total, and the header says what the plan would free. -x stays on this directory's file system (du -x). A scan of / leaves /proc, /sys, /dev and /run out, saying so, unless --everything. 'du unreadable' lists what the last scan could not read. '--save FILE' keeps the scan in FILE (as filetable --du --save: a new file or an earlier scan replaced); '--since FILE' opens a level of what changed since the scan in FILE: a row a changed entry, largest growth first, with the change on disk, the files gained or gone, and new, removed, grown or shrunk; 'mark new' marks what appeared. FILE is relative to where filetable started. 'du --git' lists every git work tree below, each sized by what its ignored files take (what git clean -ndX would remove: build outputs, dependencies, caches), largest first; open one and 'mark ignored' to plan it. Nothing is deleted."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        if words.arguments == ["unreadable"] { return SpaceCommand(request: .listUnreadable) }
        if words.arguments == ["--git"] { return SpaceCommand(request: .gitWorkTrees) }
        var request = SpaceRequest()
        var arguments = words.arguments[...]
        while let word = arguments.popFirst() {
            switch word {
            case "-x", "--one-file-system": request.oneFileSystem = true
            case "--everything": request.everything = true
            case "--save", "--since":
                guard let file = arguments.popFirst() else { throw words.usageError("\(word) needs a FILE") }
                if word == "--save" { request.saveFile = file } else { request.sinceFile = file }
            default: throw words.usageError("'\(word)' is not -x, --everything, --save FILE, --since FILE, unreadable or --git (alone)")
            }
        }
        return SpaceCommand(request: .scan(request))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        if arguments.last == "--save" || arguments.last == "--since" { return .paths(directoriesOnly: false) }
        return .words(["-x", "--everything", "--save", "--since", "unreadable", "--git"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        switch request {
        case .scan(let space): try context.sizeLevel(space)
        case .listUnreadable: try context.listUnreadable()
        case .gitWorkTrees: try context.showWorkTreesByIgnoredSpace()
        }
        return .keepGoing
    }
}

/// How `du` scans: on one file system or not, into the pseudo file systems or not.
struct SpaceRequest: Equatable {
    /// `-x`: directories on other file systems are left out.
    var oneFileSystem = false
    /// `--everything`: a scan of `/` enters /proc, /sys, /dev and /run too.
    var everything = false
    /// `--save FILE`: the scan kept there.
    var saveFile: String?
    /// `--since FILE`: a level of what changed since the scan kept there.
    var sinceFile: String?
}

extension Command {
    static var du: Command { Command(SpaceCommand(request: .scan(SpaceRequest()))) }
}

extension Command {
    /// `du`: the level sized as asked (by default, within mounts and outside /proc, /sys, /dev, /run).
    static func du(_ request: SpaceRequest = SpaceRequest()) -> Command { Command(SpaceCommand(request: .scan(request))) }
}

extension CommandContext {
    func sizeLevel(_ request: SpaceRequest = SpaceRequest()) throws(CommandError) {
        let level = current
        // Rows that know their space (an archive's index) are sized at once, without a scan.
        if let known = level.model.knownSpace() {
            guard request.saveFile == nil && request.sinceFile == nil else {
                throw CommandError("du --save and --since work on a directory's table; this one lists \(level.kindDescription)")
            }
            level.knownSpace = known
            showSpace(on: level)
            orderBySpace(level)
            printPage()
            let total = level.space?.total ?? 0
            let source =
                (level.model as? GitTreeRows).map { "as git stores it in \(NameEscaping.escape($0.revision)) (blob sizes, nothing checked out)" }
                ?? "as stored in the archive (from its index, nothing extracted)"
            write("du: \(HumanSize.withUnit(total)) \(source)")
            return
        }
        let listing = try level.directoryListing(for: "du")
        // A saved scan, or one to compare with, starts from the file (read first: a bad one costs no scan).
        let then = try request.sinceFile.map { file throws(CommandError) in try Self.savedScan(file, stop: stop) }
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
        // Kept: every entry recorded. Compared: as the scan goes, nothing kept for it.
        if request.saveFile != nil { options.recordedDepth = .max }
        options.earlier = then
        if let then, then.root != level.path {
            throw CommandError(
                "du --since: \(NameEscaping.terminalSafe(request.sinceFile ?? "")) is a scan of \(NameEscaping.escape(then.root)), not of this level (\(NameEscaping.escape(level.path)))"
            )
        }
        // A scan of / leaves the pseudo file systems out, as gdu does: their
        // sizes are not disk space, and /proc alone holds thousands of entries.
        let leftOut = level.path == [0x2F] && !request.everything ? Self.pseudoFileSystems() : []
        options.skippedDirectories = Set(leftOut.map(\.identity))
        // A network or FUSE mount below that does not answer is left out, said (its statx would hold the scan).
        let unanswering = Self.unansweringMounts(below: listing.directory)
        options.skippedPaths = Set(unanswering.map { PathBytes.join(listing.directory.path, $0) })
        let scan = SpaceScan(options: options)
        var progress = conversation.progressLine()
        let result = scan.run(listing.directory) {
            if stop.isRequested() { scan.cancel() }
            progress.update(OperationProgress(scan, scanning: level.path))
        }
        progress.finish()
        if let stuck = result.errors.first(where: { $0.reason == .system(.notResponding) && $0.path == listing.directory.path }) {
            throw CommandError("du: \(stuck.description)")
        }
        if result.cancelled {
            stop.forget()
            throw CommandError("du: interrupted; nothing was changed (du again to scan)")
        }
        space.record(result.directories, unreadable: result.errors)
        if let file = request.saveFile {
            try save(result, scanned: listing.directory.path, root: level.path, in: file)
        }
        if let then, let file = request.sinceFile {
            return showChanges(result.changes, from: then, now: result.root, file: file, of: level, directory: listing.directory)
        }
        showSpace(on: level)
        orderBySpace(level)
        printPage()
        let unreadable = result.errors.count
        let skipped = leftOut.map { NameEscaping.escape($0.path) }.joined(separator: ", ")
        let silent = unanswering.map { NameEscaping.escape(PathBytes.join(level.path, $0)) }.joined(separator: ", ")
        write(
            "du: \(HumanSize.withUnit(result.root.diskBytes)) on disk in \(Plural.count(result.root.files, "file"))"
                + (unreadable > 0 ? "; \(Plural.count(unreadable, "entry", "entries")) could not be read ('du unreadable' lists them)" : "")
                + (leftOut.isEmpty ? "" : "; left out \(skipped) ('du --everything' scans them)")
                + (unanswering.isEmpty ? "" : "; left out \(silent): not responding"))
    }

    /// Largest first once sized, as ncdu, gdu and the screen's `d` order
    /// (`sort name` goes back).
    private func orderBySpace(_ level: TableLevel) {
        level.update {
            $0.sortKey = .space
            $0.reversed = false
        }
    }

    /// `du --since FILE`: what changed in `level`'s entries between the
    /// scan kept in `file` and the one just made (`all`: its changes at
    /// every depth; `now`: its root's totals), as a level of its own.
    private func showChanges(
        _ all: [ScanChange], from then: ScanIndex, now: SpaceTotals, file: String, of level: TableLevel, directory scanned: DirectoryHandle
    ) {
        let changes = ScanChange.ordered(all, depth: 1)
        let directory = (try? level.directoryUnderItsPath()) ?? scanned
        var order = ListOptions()
        order.sortKey = .space
        let rows = ScanChangeRows(changes, in: directory, options: order)
        let kind = SpaceChangeLevel(
            rows: rows, file: file, savedAt: then.savedAt, allChanges: all, change: now.diskBytes - then.rootTotals.diskBytes)
        present(TableLevel(rows: rows, kind: kind, in: directory, path: level.path, decoration: settings.decoration))
        write("du --since: \(Plural.count(rows.rowCount, "change")) in \(level.title)'s entries ('mark new' marks what appeared)")
    }

    /// The scan kept in `file` (relative to where filetable started), read
    /// on a thread of its own: Ctrl-C leaves a read that does not answer (a
    /// scan kept on a mount that stopped answering).
    static func savedScan(_ file: String, stop: StopSource) throws(CommandError) -> ScanIndex {
        let path = NameEscaping.typedName(file)
        let read = AbandonableOperation.run(
            token: OperationToken<Int>(), catching: { (_) throws(FileError) -> ScanIndex in try ScanIndex.read(from: path) },
            waiting: { _ in }, stopAsked: stop.isRequested)
        switch read {
        case .success(let index)?: return index
        case .failure(let error)?: throw CommandError("du --since: \(error.description)")
        case nil:
            stop.forget()
            throw CommandError("du --since: \(NameEscaping.escape(path)): stopped (Ctrl-C) while it did not answer")
        }
    }

    /// Keeps the scan `result` of `root` in `file`: a new file, or an
    /// earlier saved scan replaced; nothing else.
    private func save(_ result: SpaceScan.Result, scanned: [UInt8], root: [UInt8], in file: String) throws(CommandError) {
        let path = NameEscaping.typedName(file)
        do {
            try SavedScan.write(result, scanned: scanned, root: root, savedAt: WallClock.seconds, to: path, as: .filetable)
        } catch {
            throw CommandError("du --save: \(error.description)")
        }
        let count = result.recordedCount
        write("du --save: the scan of \(NameEscaping.escape(root)) kept in \(NameEscaping.escape(path)) (\(Plural.count(count, "entry", "entries")))")
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

    /// The mount points below `directory` of file systems that can stop
    /// answering and do not answer now (each asked under the guard), as
    /// paths below it: none where no such mount is.
    static func unansweringMounts(below directory: DirectoryHandle) -> [[UInt8]] {
        guard HangGuard.enabled, let physical = directory.physicalPath() else { return [] }
        return HangProneFileSystems.mountPoints(below: physical).compactMap { (point) -> [UInt8]? in
            do throws(FileError) {
                _ = try DirectoryHandle.open(resolving: point)
                return nil
            } catch {
                guard error.reason == .system(.notResponding) else { return nil }
                return Array(point.dropFirst(physical == [0x2F] ? 1 : physical.count + 1))
            }
        }
    }

    /// The mount points of /proc, /sys, /dev and /run that exist, by identity.
    static func pseudoFileSystems() -> [(path: [UInt8], identity: FileIdentity)] {
        ["/proc", "/sys", "/dev", "/run"].compactMap { path in
            let bytes = Array(path.utf8)
            guard case .success(let status) = FileStatusReader.status(of: bytes, followSymlink: false), status.kind == .directory else { return nil }
            return (bytes, status.identity)
        }
    }
}
