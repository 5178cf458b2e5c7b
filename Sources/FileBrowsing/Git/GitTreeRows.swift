import SystemSeam

/// One directory of a git revision as rows (`--rev REV -l DIR`): the tree's
/// entries from `git ls-tree`, each one's facts as `stat` would give them
/// from its mode and size (the time: the revision's commit time), its bytes
/// read from git when viewed. Nothing here is a file on disk: `location` is
/// nil, so marks, the pager and the editor say so.
public final class GitTreeRows: ArenaBackedRows {
    /// The directory (on disk, in the work tree) whose tree this is, and the revision.
    public let directory: [UInt8]
    public let revision: [UInt8]
    public private(set) var arena: ArenaRows
    private let modes: [UInt32]
    private let sizes: [Int64]
    private let time: Timestamp
    /// Where these rows lie below the root of the `GitRevisionTree` that
    /// made them (empty: its root, or rows read alone).
    public internal(set) var belowTreeRoot: [UInt8] = []
    /// Rows show paths below `directory` (a search's matches), not names.
    public internal(set) var showsPaths = false
    /// Asked while git reads a row's bytes.
    public let stop: () -> Bool
    public var options: ListOptions {
        didSet { if options != oldValue { arrange() } }
    }

    /// The tree of `directory` at `revision`, or why not, in a user's words.
    /// `stop` (Ctrl-C's flag unless told otherwise) ends a git that has not
    /// answered, here and when a row's bytes are read later.
    public static func read(
        _ directory: [UInt8], at revision: [UInt8], options: ListOptions = ListOptions(), stop: @escaping () -> Bool = { Interruption.isRequested }
    ) -> Result<GitTreeRows, FileError> {
        listing(of: directory, at: revision, recursive: false, stop: stop).map { output, time in
            GitTreeRows(directory: directory, revision: revision, listing: output, time: time, options: options, stop: stop)
        }
    }

    /// `git ls-tree -z -l` of `directory` at `revision` (with `recursive`,
    /// `-r -t`: every entry below, each directory too), and the
    /// revision's commit time; or why not.
    static func listing(
        of directory: [UInt8], at revision: [UInt8], recursive: Bool, stop: @escaping () -> Bool
    ) -> Result<(output: [UInt8], time: Timestamp), FileError> {
        let shown = String(decoding: revision, as: UTF8.self)
        let run = { (words: [String], last: [UInt8]) in
            ProgramOutput.run(
                "git", arguments: [Array("-C".utf8), directory] + words.map { Array($0.utf8) } + [last],
                environment: ["GIT_OPTIONAL_LOCKS": "0"], deadline: 30, stop: stop)
        }
        let listed = run(
            ["ls-tree", "--full-tree", "-z", "-l"] + (recursive ? ["-r", "-t"] : []) + ["--end-of-options"], revision + Array(":./".utf8))
        guard case .success(let output) = listed else {
            if case .failure(.notStarted) = listed {
                return .failure(FileError(path: directory, reason: .custom("git is not installed; --rev reads a revision with it")))
            }
            if case .failure(let failure) = listed, let cut = GitRevisionFile.cutShort(failure, path: directory) { return .failure(cut) }
            return .failure(FileError(path: directory, reason: .custom("not a directory in \(shown) (or '\(shown)' is not a revision here)")))
        }
        let committed = run(["log", "-1", "--format=%ct", "--end-of-options"], revision)
        let seconds = (try? committed.get()).flatMap { Int64(String(decoding: $0.filter { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self)) } ?? 0
        return .success((output, Timestamp(seconds: seconds)))
    }

    init(directory: [UInt8], revision: [UInt8], listing: [UInt8], time: Timestamp, options: ListOptions, stop: @escaping () -> Bool) {
        self.directory = directory
        self.stop = stop
        self.revision = revision
        self.time = time
        self.options = options
        var names = NameArena()
        var modes: [UInt32] = []
        var sizes: [Int64] = []
        // `<mode> <type> <object> <size>\t<name>`, a record a NUL.
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = record[..<tab].split(separator: 0x20)
            guard fields.count == 4, let mode = UInt32(String(decoding: fields[0], as: UTF8.self), radix: 8) else { continue }
            let kind: FileKind =
                switch mode & 0o170000 {
                case 0o040000, 0o160000: .directory
                case 0o120000: .symlink
                default: .file
                }
            names.append(Array(record[(tab + 1)...]), kind: kind)
            modes.append(mode)
            sizes.append(Int64(String(decoding: fields[3], as: UTF8.self)) ?? 0)
        }
        self.modes = modes
        self.sizes = sizes
        arena = ArenaRows(names: names)
        arrange()
    }

    /// Each directory's bytes below it by its name here, once `du` asked (`knownSpace`).
    private var spaceBelow: [[UInt8]: Int64]?

    private func arrange() {
        let kept = arena.kept(by: options)
        let spaceBelow = spaceBelow
        arena.show(
            EntrySorting.sorted(
                kept, names: arena.names, options: options, keyKnowsSpace: spaceBelow != nil,
                key: { index in
                    let index = Int(index)
                    guard self.options.sortKey == .space, let spaceBelow, self.arena.names.kind(at: index) == .directory else {
                        return self.options.sortKey == .size || self.options.sortKey == .space ? self.sizes[index] : 0
                    }
                    return spaceBelow[self.arena.names.name(at: index)] ?? 0
                },
                isDirectory: { self.arena.names.kind(at: Int($0)) == .directory }))
    }

    /// The entry's facts from its mode (a directory 0755, a file 0644 or
    /// 0755, a link 0777) and size; the time is the revision's.
    public func status(ofRow row: Int) -> Result<FileStatus, Errno> {
        let index = arena.index(ofRow: row)
        let kind = kind(ofRow: row)
        let mode = modes[index]
        let permissions: UInt32 = kind == .directory ? 0o755 : kind == .symlink ? 0o777 : mode & 0o777
        let size = kind == .directory ? 0 : sizes[index]
        return .success(
            FileStatus(
                kind: kind, permissions: FilePermissions(rawValue: permissions), size: size, linkCount: 1, userID: 0, groupID: 0,
                inode: UInt64(index), device: 0, representedDevice: 0, blocks: (size + 511) / 512, modificationTime: time, accessTime: time,
                changeTime: time))
    }

    public func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>? { status(ofRow: row) }
    /// A link's target when it names an entry beside it (as most links in
    /// a tree do); a target elsewhere is not read from the revision (missing).
    public func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno> {
        guard kind(ofRow: row) == .symlink else { return status(ofRow: row) }
        guard case .success(let target) = linkTarget(ofRow: row), !target.contains(0x2F),
            let beside = (0..<rowCount).first(where: { name(ofRow: $0) == target && kind(ofRow: $0) != .symlink })
        else { return .failure(.noSuchFileOrDirectory) }
        return status(ofRow: beside)
    }

    /// A link's target: the blob it is.
    public func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno> {
        guard kind(ofRow: row) == .symlink, case .success(let target) = GitRevisionFile.bytes(of: path(ofRow: row), at: revision, stop: stop)
        else {
            return .failure(.invalidArgument)
        }
        return .success(target)
    }

    public func birthTime(ofRow row: Int) -> Timestamp? { nil }
    public func isDotEntry(row: Int) -> Bool { false }
    /// An entry of a revision is not a file on disk.
    public func location(ofRow row: Int) -> RowLocation? { nil }
    public func reportedInode(ofRow row: Int) -> UInt64? { nil }

    /// Each directory row's bytes (its blobs' sizes below it, from one
    /// `git ls-tree -r`): `du` in a revision needs no scan.
    public func knownSpace() -> [FileIdentity: Int64]? {
        guard case .success(let tree) = GitRevisionTree.read(directory, at: revision, stop: stop) else { return nil }
        let below = tree.bytesBelow()
        spaceBelow = below
        arrange()
        var known: [FileIdentity: Int64] = [:]
        for row in 0..<rowCount where kind(ofRow: row) == .directory {
            guard case .success(let status) = status(ofRow: row) else { continue }
            known[status.identity] = below[name(ofRow: row)] ?? 0
        }
        return known
    }
    public func path(ofRow row: Int) -> [UInt8] { PathBytes.join(directory, arena.names.name(at: arena.index(ofRow: row))) }
    public func reload() throws(FileError) -> (added: Int, removed: Int) { (0, 0) }
    public var entriesMaterialised: Int { 0 }
    public var cachedStatusCount: Int { 0 }

    public func sourceFacts(ofRow row: Int) -> [(label: String, value: String)] {
        [("revision", NameEscaping.escape(revision))]
    }

    public func contentsOpener(ofRow row: Int, path: [UInt8]) -> () throws(FileError) -> any ByteSource {
        let revision = revision
        let file = self.path(ofRow: row)
        let stop = stop
        return { () throws(FileError) -> any ByteSource in
            MemoryBytes(path: path, bytes: try GitRevisionFile.bytes(of: file, at: revision, stop: stop).get())
        }
    }
}
