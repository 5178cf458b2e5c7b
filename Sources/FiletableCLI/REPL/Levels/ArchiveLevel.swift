import FileBrowsing
import SystemSeam

/// One directory inside an archive (a tar, a .tar.gz, a zip): its members
/// as rows, read from the archive's index, never extracted. `open` on an
/// archive file enters it (recognised by its content, whatever its name);
/// `open` on a directory inside goes down a level, `back` up again. A
/// member's bytes reach `view`, `hex`, `info` and the detail pane through
/// its rows; marks refuse members (the archive is marked from its directory).
final class ArchiveLevel: LevelKind, OpensItsRows, SearchesItsOwnWay, RowOpener {
    let rows: ArchiveRows
    /// The archive file's path as its directory shows it.
    let archivePath: [UInt8]

    init(rows: ArchiveRows, archivePath: [UInt8]) {
        self.rows = rows
        self.archivePath = archivePath
    }

    var rowsDescription: String { "an archive's members" }

    /// `:/etc/ssl`: where inside the archive the level is, as the header,
    /// `pwd` and the prompt write it after the archive's path.
    var placeInside: String { ":/" + NameEscaping.escape(rows.archive.tree.path(of: rows.node)) }

    /// `backup.tar.gz:/etc/ssl`: the archive, and where inside it.
    func headerParts(of level: TableLevel) -> [String] {
        let place = NameEscaping.escape(archivePath) + placeInside
        if let searched {
            return [place, "find '\(searched)': \(Plural.count(level.model.rowCount, "match", "matches"))"]
        }
        return [place, Plural.count(level.model.rowCount, "member")]
    }

    /// The text a level of matches was searched for (`find TEXT --all`).
    private(set) var searched: String?

    var breadcrumb: String? { searched.map { "find '\(NameEscaping.terminalSafe($0))'" } }

    /// Every member below this directory whose name holds `text`, from the
    /// archive's index: a level of their paths, in the level's order.
    func matches(of text: String, maxDepth: Int?, in level: TableLevel, decoration: NameDecoration) throws(CommandError) -> TableLevel? {
        var options = rows.options
        options.filter = nil
        let found = ArchiveRows(archive: rows.archive, matching: Array(text.utf8), below: rows.node, maxDepth: maxDepth, options: options)
        guard found.rowCount > 0 else { throw CommandError("find: no name in \(NameEscaping.escape(level.path)) contains '\(text)'") }
        let kind = ArchiveLevel(rows: found, archivePath: archivePath)
        kind.searched = text
        return TableLevel(rows: found, kind: kind, in: level.directory, path: level.path, decoration: decoration)
    }

    /// `find TEXT` a match at a time below this directory, from the
    /// archive's index; a match deeper down shows its directory's level.
    func search(for text: String, maxDepth: Int?, in level: TableLevel) -> SubtreeSearch? {
        guard searched == nil else { return nil }
        let archivePath = archivePath
        let directory = level.directory
        let decoration = level.formatter.decoration
        return SubtreeSearch(text: text, maxDepth: maxDepth, from: level, inside: rows) { found, path in
            TableLevel(rows: found, kind: ArchiveLevel(rows: found, archivePath: archivePath), in: directory, path: path, decoration: decoration)
        }
    }

    func emptyNote(of level: TableLevel) -> String { "(no members)" }

    /// Where the listing stopped early, the reason under every page.
    var summary: (() -> [String])? {
        guard let problem = rows.archive.problem else { return nil }
        if problem.isStop { return { ["partial: \(problem.description)"] } }
        return { ["damaged: \(problem.description); the members before it are listed"] }
    }

    /// A directory inside the archive opens as a level of its own.
    func level(for opening: LevelOpening) throws(CommandError) -> TableLevel? {
        guard opening.level.model === rows, rows.kind(ofRow: opening.row) == .directory else { return nil }
        var options = rows.options
        options.filter = nil
        let inner = ArchiveRows(archive: rows.archive, node: rows.treeNode(ofRow: opening.row), options: options)
        return TableLevel(
            rows: inner, kind: ArchiveLevel(rows: inner, archivePath: archivePath), in: opening.level.directory, path: opening.path,
            decoration: opening.decoration)
    }

    static func recognises(_ opening: LevelOpening) -> Bool {
        guard let bytes = fileOnDisk(opening) else { return false }
        return Archive.recognises(bytes)
    }

    /// The row's bytes, when it is a regular file on disk large enough to be an archive.
    private static func fileOnDisk(_ opening: LevelOpening) -> (any ByteSource)? {
        let model = opening.level.model
        guard let location = model.location(ofRow: opening.row), case .success(let target) = model.targetStatus(ofRow: opening.row),
            target.kind == .file, target.size >= 22
        else { return nil }
        // Where calls can hang, the file must answer a read first: a stuck
        // mount is never sniffed on this thread (the row then shows its details, which say so).
        if location.directory.isGuarded, let identity = location.directory.identity {
            let (name, fd) = (location.name, location.directory.fd)
            guard HangGuard.run(in: identity, { Descriptor(fd).readsOneByte(of: name, at: 0) }) != nil else { return nil }
        }
        return try? model.contents(ofRow: opening.row, path: opening.path)
    }

    /// The level of a path that goes on past an archive file
    /// (`backup.tgz/etc/ssl`): the archive's directory at that place, or nil
    /// when no file on the path is an archive. `cd` goes through archives so.
    static func level(
        throughArchiveAt path: [UInt8], decoration: NameDecoration, stop: StopSource = .ctrlC
    ) throws(CommandError) -> TableLevel? {
        let found: ArchivePath
        do {
            guard let resolved = try ArchivePath.resolve(path, stop: stop.isRequested) else { return nil }
            found = resolved
        } catch {
            throw CommandError("cd: \(error.description)")
        }
        guard found.archive.tree.nodes[Int(found.node)].isDirectory else {
            throw CommandError("cd: \(NameEscaping.escape(path)): not a directory in \(NameEscaping.escape(found.archivePath))")
        }
        return level(at: found, path: path, decoration: decoration)
    }

    /// The level of a directory inside an archive, found on a path.
    static func level(at found: ArchivePath, path: [UInt8], decoration: NameDecoration) -> TableLevel {
        let rows = ArchiveRows(archive: found.archive, node: found.node)
        return TableLevel(
            rows: rows, kind: ArchiveLevel(rows: rows, archivePath: found.archivePath), in: found.directory, path: path, decoration: decoration)
    }

    /// The directory inside an archive a start-up path goes on to
    /// (`filetable backup.tgz/etc`; for a member, its directory and its name
    /// to highlight), or nil: no archive on the path, the archive itself
    /// (the file, highlighted in its directory), or a file system that may
    /// hang (never sniffed at start-up). Throws what is wrong with the
    /// archive or the rest of the path (`nope: not in backup.tgz`).
    static func placeInside(_ path: [UInt8]) throws(FileError) -> (place: ArchivePath, selected: [UInt8]?)? {
        guard !HangProneFileSystems.mayHang(path: path) else { return nil }
        let found: ArchivePath?
        do throws(ArchiveError) {
            found = try ArchivePath.resolve(path, stop: { Interruption.isRequested })
        } catch {
            throw FileError(path: path, reason: .custom(error.description))
        }
        guard let found, found.archivePath != path else { return nil }
        return found.directoryPlace
    }

    /// A regular file on disk whose content is a tar, a gzip-compressed tar
    /// or a zip opens as the level of its top directory.
    static func level(for opening: LevelOpening) throws(CommandError) -> TableLevel? {
        let model = opening.level.model
        let path = opening.path
        guard let bytes = fileOnDisk(opening) else { return nil }
        // The index is read on a thread of its own: Ctrl-C stops it between
        // members (a partial listing, said so), or leaves it when a read is
        // stuck on a file system that stopped answering (said once it is).
        let stuckKey = (bytes as? ViewedFile)?.identity
        var said = false
        let read = AbandonableOperation.run(
            token: OperationToken<Int>(),
            catching: { (token) throws(ArchiveError) -> Archive? in try Archive.open(bytes, stop: { token.isStopped }) },
            waiting: { _ in
                guard !said, let stuckKey, HangGuard.isHung(stuckKey) else { return }
                said = true
                opening.say?("open: \(NameEscaping.escape(path)): not responding (still waiting; Ctrl-C to give up)")
            }, stopAsked: opening.stop.isRequested)
        let archive: Archive
        switch read {
        case nil:
            opening.stop.forget()
            throw CommandError("open: \(NameEscaping.escape(path)): stopped (Ctrl-C) while its reads did not answer; nothing to show")
        case .failure(let error)?:
            throw CommandError("open: \(NameEscaping.escape(path)): \(error.description)")
        case .success(nil)?:
            return nil
        case .success(let opened?)?:
            // Each member read opens the file again: the detail pane reads on a worker thread.
            opened.reopen = model.contentsOpener(ofRow: opening.row, path: path)
            archive = opened
        }
        var options = model.options
        options.filter = nil
        options.grouping = .none
        let rows = ArchiveRows(archive: archive, node: 0, options: options)
        return TableLevel(
            rows: rows, kind: ArchiveLevel(rows: rows, archivePath: path), in: opening.level.directory, path: path,
            decoration: opening.decoration)
    }
}
