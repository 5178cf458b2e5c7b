import SystemSeam

/// What changed in a directory since a saved scan, as rows (`du --since`
/// at the prompt): one a changed entry of the directory, largest growth
/// first (or by name), each named as in the directory. An entry that is
/// still there is a file on disk (its status read through the directory,
/// so `view`, `info` and `mark` take it); a removed one has only its
/// figures from the scan.
public final class ScanChangeRows: ArenaBackedRows {
    public let changes: [ScanChange]
    /// The directory the changes are below (for a directory removed since
    /// the scan, the nearest one still there: its rows are all removed).
    public let directory: DirectoryHandle
    /// The path the rows' names continue: the directory's, or the removed
    /// directory's path below it.
    public let shownPath: [UInt8]
    public private(set) var arena: ArenaRows
    private var names: NameArena { arena.names }
    public var options: ListOptions {
        didSet { if options != oldValue { arrange() } }
    }
    /// How the changes are ordered when not by name (`sort du`, the default:
    /// growth first).
    public enum ChangeOrder: String, Sendable, CaseIterable {
        /// Largest growth first, the largest shrink last.
        case growth
        /// Largest shrink first.
        case shrink
        /// Largest now first (what each takes today).
        case now
        /// Largest then first (what each took at the scan).
        case then
    }
    public var changeOrder = ChangeOrder.growth {
        didSet { if changeOrder != oldValue { arrange() } }
    }
    private var statuses: [Int: Result<FileStatus, Errno>] = [:]

    /// The changes of `directory`'s own entries (paths of one name); with
    /// `shownPath`, of a removed directory's entries, named below that path.
    public init(_ changes: [ScanChange], in directory: DirectoryHandle, shownPath: [UInt8]? = nil, options: ListOptions = ListOptions()) {
        self.changes = changes.filter { !$0.path.isEmpty && !$0.path.contains(0x2F) }
        self.directory = directory
        self.shownPath = shownPath ?? directory.path
        var names = NameArena()
        for change in self.changes { names.append(change.path, kind: change.kind) }
        arena = ArenaRows(names: names)
        self.options = options
        arrange()
    }

    /// The change a row shows.
    public func change(ofRow row: Int) -> ScanChange { changes[arena.index(ofRow: row)] }

    /// An entry still there: its `lstat` now; a removed one: gone.
    public func status(ofRow row: Int) -> Result<FileStatus, Errno> {
        if let known = statuses[row] { return known }
        let read: Result<FileStatus, Errno> =
            change(ofRow: row).now == nil
            ? .failure(.noSuchFileOrDirectory)
            : names.withCName(at: arena.index(ofRow: row)) { Syscalls.status(at: directory.fd, name: $0, followSymlink: false) }.map(FileStatus.init)
        statuses[row] = read
        return read
    }

    public func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>? { statuses[row] }
    public func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno> { status(ofRow: row) }

    public func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno> {
        names.withCName(at: arena.index(ofRow: row)) { Syscalls.linkTarget(at: directory.fd, name: $0) }
    }

    public func birthTime(ofRow row: Int) -> Timestamp? { nil }
    public func isDotEntry(row: Int) -> Bool { false }

    /// A removed entry is not on disk.
    public func location(ofRow row: Int) -> RowLocation? {
        guard change(ofRow: row).now != nil else { return nil }
        return RowLocation(directory: directory, name: names.name(at: arena.index(ofRow: row)))
    }

    public func reportedInode(ofRow row: Int) -> UInt64? { nil }
    public func path(ofRow row: Int) -> [UInt8] { PathBytes.join(shownPath, names.name(at: arena.index(ofRow: row))) }
    /// The changes are what one scan found against one saved scan; `du --since` again compares anew.
    public func reload() throws(FileError) -> (added: Int, removed: Int) { (0, 0) }
    public var entriesMaterialised: Int { statuses.count }
    public var cachedStatusCount: Int { statuses.count }

    /// Then and now, for `info` and the detail pane.
    public func sourceFacts(ofRow row: Int) -> [(label: String, value: String)] {
        let change = change(ofRow: row)
        var facts: [(label: String, value: String)] = [("change", change.state.rawValue)]
        if let then = change.then { facts.append(("then", "\(HumanSize.withUnit(then.diskBytes)) on disk, \(Plural.count(then.files, "file"))")) }
        if let now = change.now { facts.append(("now", "\(HumanSize.withUnit(now.diskBytes)) on disk, \(Plural.count(now.files, "file"))")) }
        return facts
    }

    private func arrange() {
        var kept = arena.kept(by: options)
        // Growth first as the changes come, unless by name or another figure.
        if options.sortKey == .name {
            kept = NameSorting.naturalOrder(kept, in: names)
        } else if changeOrder != .growth {
            let key: (ScanChange) -> Int64 =
                switch changeOrder {
                case .growth, .shrink: { -$0.diskChange }
                case .now: { $0.now?.diskBytes ?? 0 }
                case .then: { $0.then?.diskBytes ?? 0 }
                }
            // Largest first; ties keep growth's order (by path).
            let keys = kept.map { key(changes[Int($0)]) }
            kept = kept.indices.sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : $0 < $1 }.map { kept[$0] }
        }
        if options.reversed { kept.reverse() }
        arena.show(kept)
        statuses = [:]
    }
}
