import SystemSeam

/// How a work tree's directory differs from a git revision, as rows
/// (`compare --rev REV`): a section for each kind of difference (only here,
/// only there, contents differ, not the same type), each row named by its
/// path below the directory. A path on disk is a file on disk (reached
/// through its directory, opened one component at a time without following
/// a link, so view, info and mark take it as any row); one only in the
/// revision reads its bytes from git and is not a file on disk.
public final class GitChangeRows: ArenaBackedRows {
    /// The directory compared (the level's), open, and the revision.
    public let directory: DirectoryHandle
    public let revision: [UInt8]
    public private(set) var changes: GitRevisionChanges
    public private(set) var arena: ArenaRows
    private var kinds: [GitRevisionChanges.Kind] = []
    private var statuses: [Int: Result<FileStatus, Errno>] = [:]
    /// The parent directories of the rows on disk, each opened once.
    private let parents: DirectoriesBelow
    private let stop: () -> Bool
    public var options: ListOptions {
        didSet { if options != oldValue { arrange() } }
    }

    /// The sections' titles, in the order of `GitRevisionChanges.Kind`.
    public static let titles = ["only here", "only there", "contents differ", "not the same type"]

    public init(_ changes: GitRevisionChanges, in directory: DirectoryHandle, revision: [UInt8], options: ListOptions, stop: @escaping () -> Bool) {
        self.directory = directory
        parents = DirectoriesBelow(directory)
        self.revision = revision
        self.changes = changes
        self.options = options
        self.stop = stop
        arena = ArenaRows(names: NameArena())
        take(changes)
    }

    private func take(_ changes: GitRevisionChanges) {
        self.changes = changes
        var names = NameArena()
        kinds = []
        for (path, kind) in changes.entries {
            names.append(path, kind: .file)
            kinds.append(kind)
        }
        arena = ArenaRows(names: names)
        arrange()
    }

    /// How the row's path differs.
    public func difference(ofRow row: Int) -> GitRevisionChanges.Kind { kinds[arena.index(ofRow: row)] }

    private func arrange() {
        let kept = arena.kept(by: options)
        var groups = GitRevisionChanges.Kind.allCases.map { (title: Self.titles[$0.rawValue], rows: [UInt32]()) }
        for index in kept { groups[kinds[Int(index)].rawValue].rows.append(index) }
        if options.reversed { groups = groups.map { ($0.title, $0.rows.reversed()) } }
        arena.show(sections: groups)
        statuses = [:]
    }

    public func kind(ofRow row: Int) -> FileKind {
        guard case .success(let status) = status(ofRow: row) else { return .file }
        return status.kind
    }

    /// A path on disk: its `lstat` through its directory; one only in the revision: not on disk.
    public func status(ofRow row: Int) -> Result<FileStatus, Errno> {
        if let known = statuses[row] { return known }
        let read: Result<FileStatus, Errno>
        if let location = location(ofRow: row) {
            read = withCString(location.name) { name in
                Syscalls.status(at: location.directory.fd, name: name, followSymlink: false).map(FileStatus.init)
            }
        } else {
            read = .failure(.noSuchFileOrDirectory)
        }
        statuses[row] = read
        return read
    }

    public func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>? { statuses[row] }
    public func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno> { status(ofRow: row) }

    public func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno> {
        guard let location = location(ofRow: row) else { return .failure(.noSuchFileOrDirectory) }
        return withCString(location.name) { Syscalls.linkTarget(at: location.directory.fd, name: $0) }
    }

    public func birthTime(ofRow row: Int) -> Timestamp? { nil }
    public func isDotEntry(row: Int) -> Bool { false }

    /// Where a path on disk lives: its parent opened below the directory a
    /// component at a time, never through a link; nil for a path only in the
    /// revision, or one whose parent cannot be opened.
    public func location(ofRow row: Int) -> RowLocation? {
        guard difference(ofRow: row) != .onlyThere else { return nil }
        let (parent, name) = PathBytes.split(name(ofRow: row))
        guard let opened = parents.directory(at: parent) else { return nil }
        return RowLocation(directory: opened, name: name)
    }

    public func reportedInode(ofRow row: Int) -> UInt64? { nil }
    public func path(ofRow row: Int) -> [UInt8] { PathBytes.join(directory.path, name(ofRow: row)) }
    public var showsPaths: Bool { true }
    public var sectionStarts: [Int] { sections.isEmpty ? [0] : sections.map(\.rows.lowerBound) }

    /// git is asked again.
    public func reload() throws(FileError) -> (added: Int, removed: Int) {
        let before = Set(changes.entries.map { $0.path + [UInt8(truncatingIfNeeded: $0.kind.rawValue)] })
        let fresh = try GitRevisionChanges.read(directory.path, against: revision, stop: stop).get()
        let after = Set(fresh.entries.map { $0.path + [UInt8(truncatingIfNeeded: $0.kind.rawValue)] })
        take(fresh)
        return (after.subtracting(before).count, before.subtracting(after).count)
    }

    public var entriesMaterialised: Int { statuses.count }
    public var cachedStatusCount: Int { statuses.count }

    public func sourceFacts(ofRow row: Int) -> [(label: String, value: String)] {
        [("compared with", NameEscaping.escape(revision)), ("difference", Self.titles[difference(ofRow: row).rawValue])]
    }

    /// A path only in the revision reads its bytes from git.
    public func contentsOpener(ofRow row: Int, path: [UInt8]) -> () throws(FileError) -> any ByteSource {
        guard difference(ofRow: row) == .onlyThere else {
            guard let location = location(ofRow: row) else {
                let failure = FileError(path: path, reason: .custom("not a file on disk"))
                return { () throws(FileError) -> any ByteSource in throw failure }
            }
            return { () throws(FileError) -> any ByteSource in try ViewedFile(path: path, name: location.name, in: location.directory) }
        }
        return thereOpener(path: self.path(ofRow: row))
    }

    /// The file at `path` (below the directory) as the revision holds it,
    /// labelled `REV:PATH` as git names it.
    public func thereOpener(path: [UInt8]) -> () throws(FileError) -> any ByteSource {
        let revision = revision
        let stop = stop
        let below = path.starts(with: directory.path + [0x2F]) ? Array(path.dropFirst(directory.path.count + 1)) : path
        return { () throws(FileError) -> any ByteSource in
            MemoryBytes(path: revision + [0x3A] + below, bytes: try GitRevisionFile.bytes(of: path, at: revision, stop: stop).get())
        }
    }
}
