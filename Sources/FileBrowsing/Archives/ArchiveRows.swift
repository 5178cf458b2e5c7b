import SystemSeam

/// The rows of one directory inside an archive: its members, arranged by
/// the options as a directory's entries are (sort key, direction,
/// directories first, hidden names, filter). Everything a row shows comes
/// from the archive's index: no system call, no path on disk. A member's
/// bytes are read from the archive by `contentsOpener` (the viewers and
/// the detail pane), so `view`, `hex` and `info` work on it; `location` is
/// nil, so nothing that acts on files on disk (marks, `pager`, `editor`)
/// takes a member.
public final class ArchiveRows: ArenaBackedRows {
    public let archive: Archive
    /// The directory's node in the archive's tree.
    public let node: Int32
    /// The directory's members: their names (an arena, for sorting and
    /// filtering as a directory's names are) and their nodes.
    public private(set) var arena: ArenaRows
    private let nodes: [Int32]
    private var names: NameArena { arena.names }
    public var options: ListOptions {
        didSet { if options != oldValue { arrange() } }
    }

    /// Whether rows show paths below `node` (members gathered by a search)
    /// rather than a directory's names.
    public let showsPaths: Bool

    /// The path the directory was reached by (`backup.tgz/etc`), which a
    /// row's path continues in messages and `--json`; empty: the names alone.
    public var shownPath: [UInt8] = []

    public func path(ofRow row: Int) -> [UInt8] {
        shownPath.isEmpty ? name(ofRow: row) : PathBytes.join(shownPath, name(ofRow: row))
    }

    /// The members of the directory at `node`.
    public convenience init(archive: Archive, node: Int32, options: ListOptions = ListOptions()) {
        let tree = archive.tree
        let children = Array(tree.children(of: node))
        self.init(
            archive: archive, node: node, nodes: children, names: children.map { Array(tree.name(of: $0)) }, showsPaths: false, options: options)
    }

    /// The members below `node` whose names hold `text` (ASCII case ignored),
    /// at most `maxDepth` levels down, each shown by its path below `node`.
    public convenience init(archive: Archive, matching text: [UInt8], below node: Int32, maxDepth: Int?, options: ListOptions = ListOptions()) {
        let tree = archive.tree
        let needle = NameNeedle(text)
        var found: [Int32] = []
        var paths: [[UInt8]] = []
        // Gathered a depth at a time (the arrangement then sorts them); a
        // match is shown by its path below `node` (the start's own path and
        // its slash taken off the front).
        let start = node == 0 ? 0 : tree.path(of: node).count + 1
        var level = Array(tree.children(of: node))
        var depth = 1
        while !level.isEmpty, depth <= (maxDepth ?? Int.max) {
            var next: [Int32] = []
            for child in level {
                if tree.name(of: child).withUnsafeBufferPointer({ needle.isFound(in: $0) }) {
                    found.append(child)
                    paths.append(Array(tree.path(of: child).dropFirst(start)))
                }
                next += tree.children(of: child)
            }
            level = next
            depth += 1
        }
        self.init(archive: archive, node: node, nodes: found, names: paths, showsPaths: true, options: options)
    }

    /// The members at `nodes`, each shown as its name in `names` (the
    /// paths a command line gave: `ls -l site.zip/index.html`).
    public convenience init(archive: Archive, nodes: [Int32], shownAs names: [[UInt8]], options: ListOptions = ListOptions()) {
        self.init(archive: archive, node: 0, nodes: nodes, names: names, showsPaths: true, options: options)
    }

    private init(archive: Archive, node: Int32, nodes: [Int32], names shown: [[UInt8]], showsPaths: Bool, options: ListOptions) {
        self.archive = archive
        self.node = node
        self.options = options
        self.showsPaths = showsPaths
        var names = NameArena()
        for (child, name) in zip(nodes, shown) {
            names.append(name, kind: Self.kind(of: child, in: archive))
        }
        self.nodes = nodes
        arena = ArenaRows(names: names)
        arrange()
    }

    private static func kind(of node: Int32, in archive: Archive) -> FileKind {
        if archive.tree.isDirectory(node) { return .directory }
        let member = archive.tree.member(of: node)
        return member >= 0 ? archive.members.kind(of: Int(member)) : .directory
    }

    /// The tree node a row shows.
    public func treeNode(ofRow row: Int) -> Int32 { nodes[arena.index(ofRow: row)] }

    /// The member a row is, or nil for a directory the archive names only
    /// as part of other members' names.
    public func member(ofRow row: Int) -> ArchiveMember? {
        let index = archive.tree.member(of: treeNode(ofRow: row))
        return index >= 0 ? archive.members[Int(index)] : nil
    }

    /// The member's facts as `stat` would give them: its mode, size, owner
    /// and time from the index; the inode is the member's place in the tree.
    public func status(ofRow row: Int) -> Result<FileStatus, Errno> {
        let member = member(ofRow: row)
        let time = member?.modificationTime ?? Timestamp(seconds: 0)
        let kind = kind(ofRow: row)
        let size = kind == .directory ? 0 : Int64(clamping: member?.size ?? 0)
        let stored = Int64(clamping: member?.compressedSize ?? UInt64(size))
        return .success(
            FileStatus(
                kind: kind, permissions: member?.permissions ?? FilePermissions(rawValue: 0o755), size: size, linkCount: 1,
                userID: member?.userID ?? 0, groupID: member?.groupID ?? 0, inode: UInt64(treeNode(ofRow: row)), device: 0,
                representedDevice: 0, blocks: (stored + 511) / 512, modificationTime: time, accessTime: time, changeTime: time))
    }

    public func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>? { status(ofRow: row) }

    /// A link inside an archive is never followed: its target is only a name.
    public func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno> { status(ofRow: row) }

    public func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno> {
        guard let target = member(ofRow: row)?.linkTarget else { return .failure(.invalidArgument) }
        return .success(target)
    }

    /// Where the member lives in the archive, and what it takes there.
    public func sourceFacts(ofRow row: Int) -> [(label: String, value: String)] {
        var facts: [(label: String, value: String)] = [("archive", archive.format.rawValue)]
        let treeNode = treeNode(ofRow: row)
        if archive.tree.isDirectory(treeNode) { facts.append(("entries", String(archive.tree.children(of: treeNode).count))) }
        guard let member = member(ofRow: row) else { return facts + [("member", "none (a directory named by the members below it)")] }
        if let compressed = member.compressedSize, member.kind == .file {
            let method = member.method == 0 ? "stored" : member.method == 8 ? "deflated" : "method \(member.method)"
            facts.append(("compressed", "\(compressed) bytes (\(method))"))
        }
        if archive.format == .zip {
            facts.append(("offset", "local header at byte \(member.dataOffset)"))
        } else {
            let place = archive.format == .tarGzip ? " of the decompressed tar" : ""
            facts.append(("offset", "header at byte \(member.headerOffset), data at byte \(member.dataOffset)\(place)"))
        }
        if member.kind == .file, let target = member.linkTarget { facts.append(("hard link to", NameEscaping.escape(target))) }
        return facts
    }

    /// Each directory row's stored bytes with everything below it, as its
    /// status identifies it: `du` here needs no scan.
    public func knownSpace() -> [FileIdentity: Int64]? {
        var known: [FileIdentity: Int64] = [:]
        for row in 0..<rowCount where kind(ofRow: row) == .directory {
            let node = treeNode(ofRow: row)
            known[FileIdentity(device: 0, inode: UInt64(node))] = archive.storedBytesBelow[Int(node)]
        }
        return known
    }

    public func birthTime(ofRow row: Int) -> Timestamp? { nil }
    public func isDotEntry(row: Int) -> Bool { false }
    /// A member is not a file on disk.
    public func location(ofRow row: Int) -> RowLocation? { nil }
    public func reportedInode(ofRow row: Int) -> UInt64? { nil }
    /// The archive's index was read once; a changed archive is opened again.
    /// The index is the archive's as listed: a reload says when the file
    /// on disk is no longer that archive (never `+0 -0` for a replaced one).
    public func reload() throws(FileError) -> (added: Int, removed: Int) {
        if let change = archive.changeOnDisk() {
            throw FileError(path: shownPath.isEmpty ? archive.source.path : shownPath, reason: .custom(change.description))
        }
        return (0, 0)
    }
    public var entriesMaterialised: Int { 0 }
    public var cachedStatusCount: Int { 0 }

    public func contentsOpener(ofRow row: Int, path: [UInt8]) -> () throws(FileError) -> any ByteSource {
        let archive = self.archive
        let member = archive.tree.member(of: treeNode(ofRow: row))
        let kind = kind(ofRow: row)
        return { () throws(FileError) -> any ByteSource in
            guard kind == .file, member >= 0 else {
                throw FileError(path: path, reason: .custom(kind == .directory ? "a directory in the archive" : "not a file in the archive"))
            }
            do throws(ArchiveError) {
                return try archive.contents(ofMember: Int(member), path: path)
            } catch {
                throw FileError(path: path, reason: .custom(error.description))
            }
        }
    }

    // MARK: Arranging

    private func arrange() {
        // `..` in a member's name is shown, never hidden: a name that climbs out must be seen.
        let names = self.names
        let kept = arena.kept(by: options) { index in names.withName(at: index, { $0.elementsEqual([0x2E, 0x2E]) }) }
        arena.show(sorted(kept))
    }

    private func sorted(_ entries: [UInt32]) -> [UInt32] {
        EntrySorting.sorted(
            entries, names: names, options: options, keyKnowsSpace: true,
            key: { index in
                let node = self.nodes[Int(index)]
                if self.options.sortKey == .space { return self.archive.storedBytesBelow[Int(node)] }
                let member = Int(self.archive.tree.member(of: node))
                guard member >= 0 else { return Int64.min }
                let members = self.archive.members
                return self.options.sortKey == .size ? Int64(clamping: members.size(of: member)) : members.modificationSeconds(of: member)
            },
            isDirectory: { self.names.kind(at: Int($0)) == .directory })
    }
}
