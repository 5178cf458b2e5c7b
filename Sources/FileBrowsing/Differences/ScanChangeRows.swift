import SystemSeam

/// What changed in a directory since a saved scan, as rows (`du --since`
/// at the prompt): one a changed entry of the directory, largest growth
/// first (or by name), each named as in the directory. An entry that is
/// still there is a file on disk (its status read through the directory,
/// so `view`, `info` and `mark` take it); a removed one has only its
/// figures from the scan.
public final class ScanChangeRows: FileRows {
    public let changes: [ScanChange]
    /// The directory the changes are below.
    public let directory: DirectoryHandle
    private let names: NameArena
    private var rows: [UInt32] = []
    public private(set) var sections: [ListSection] = []
    public var sectionStarts: [Int] { [0] }
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

    /// The changes of `directory`'s own entries (paths of one name).
    public init(_ changes: [ScanChange], in directory: DirectoryHandle, options: ListOptions = ListOptions()) {
        self.changes = changes.filter { !$0.path.isEmpty && !$0.path.contains(0x2F) }
        self.directory = directory
        var names = NameArena()
        for change in self.changes { names.append(change.path, kind: change.kind) }
        self.names = names
        self.options = options
        arrange()
    }

    /// The change a row shows.
    public func change(ofRow row: Int) -> ScanChange { changes[Int(rows[row])] }

    public var rowCount: Int { rows.count }

    public func withName<R>(ofRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try names.withName(at: Int(rows[row]), body)
    }

    public func withNames(ofRows range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        for (index, row) in range.enumerated() { try names.withName(at: Int(rows[row])) { try body(index, $0) } }
    }

    public func kind(ofRow row: Int) -> FileKind { names.kind(at: Int(rows[row])) }

    /// An entry still there: its `lstat` now; a removed one: gone.
    public func status(ofRow row: Int) -> Result<FileStatus, Errno> {
        if let known = statuses[row] { return known }
        let read: Result<FileStatus, Errno> =
            change(ofRow: row).now == nil
            ? .failure(.noSuchFileOrDirectory)
            : names.withCName(at: Int(rows[row])) { Syscalls.status(at: directory.fd, name: $0, followSymlink: false) }.map(FileStatus.init)
        statuses[row] = read
        return read
    }

    public func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>? { statuses[row] }
    public func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno> { status(ofRow: row) }

    public func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno> {
        names.withCName(at: Int(rows[row])) { Syscalls.linkTarget(at: directory.fd, name: $0) }
    }

    public func birthTime(ofRow row: Int) -> Timestamp? { nil }
    public func isDotEntry(row: Int) -> Bool { false }

    /// A removed entry is not on disk.
    public func location(ofRow row: Int) -> RowLocation? {
        guard change(ofRow: row).now != nil else { return nil }
        return RowLocation(directory: directory, name: names.name(at: Int(rows[row])))
    }

    public func reportedInode(ofRow row: Int) -> UInt64? { nil }
    public func path(ofRow row: Int) -> [UInt8] { PathBytes.join(directory.path, names.name(at: Int(rows[row]))) }
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
        let filter = options.filter
        var kept: [UInt32] = []
        for index in 0..<names.count {
            if options.hidden == .hidden && names.firstByte(at: index) == 0x2E { continue }
            if let filter, !names.withCName(at: index, { filter.matches(cName: $0) }) { continue }
            kept.append(UInt32(index))
        }
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
        rows = kept
        statuses = [:]
        sections = rows.isEmpty ? [] : [ListSection(title: nil, indexTitle: nil, rows: 0..<rows.count)]
    }
}
