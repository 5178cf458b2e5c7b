import SystemSeam

/// A directory's listing: the names read by the enumerator, arranged
/// (filtered, sorted, sectioned) into rows, with `stat` results read only when
/// a row is shown or asked for, kept in a bounded cache. It knows nothing of
/// tables or marks: as `FileRows` a `FileTableSource` shows it in a table,
/// and whoever keeps marks tells it what to leave out through `exclusion`.
///
/// A listing also serves lists that are not a directory, such as the files named
/// on a command line: then the names are paths relative to the working directory.
public final class DirectoryListing: FileRows {
    public let directory: DirectoryHandle
    public internal(set) var arena: NameArena
    public var options: ListOptions {
        didSet {
            if options != oldValue {
                reloadIfHiddenChanged(from: oldValue)
                arrange()
            }
        }
    }
    /// Arena indices in display order, across all sections.
    public internal(set) var rows: [UInt32] = []
    /// The names again, copied in display order once enough rows have been
    /// read (see `readsDisplayNames`): paging through a sorted million-entry
    /// listing then reads memory in order instead of jumping around the
    /// arena (measured: 0.35 s of cache misses on a million rows). Not made
    /// when the rows are arranged: filtering as one types arranges a million
    /// rows a key and shows a screen of them (the copy was 20 ms of 50).
    private var displayNames = NameArena()
    /// Whether `displayNames` holds the rows' names; until then a row's
    /// name is read from the arena through `rows`.
    private var displayNamesMade = false
    /// Row names read from the arena since the rows were arranged.
    private var rowsReadThroughArena = 0
    public internal(set) var sections: [ListSection] = [] {
        didSet { sectionStarts = sections.map(\.rows.lowerBound) }
    }
    /// Each section's first flat row: read per cell without copying a section's titles.
    public private(set) var sectionStarts: [Int] = [0]
    /// Entries whose `stat` failed while the last arrangement sorted by size
    /// or time (they sort as if empty and old): a listing reports them, as
    /// `ls -S` does, instead of sorting them silently.
    public internal(set) var sortStatusFailures: [(path: [UInt8], errno: Errno)] = []
    /// How many `stat` calls the listing has made.
    public internal(set) var entriesMaterialised = 0
    /// Names left out of the rows (entries marked for deletion, say), or
    /// every name. The listing rearranges when it changes.
    public var exclusion = NameExclusion.none {
        didSet { if exclusion != oldValue && !leavingOutRows { arrange() } }
    }
    /// Set while `exclude(_:leavingOut:)` changes the exclusion itself.
    private var leavingOutRows = false

    /// Sets `exclusion` when it differs from the current one only by the
    /// names of `removed` (flat rows just marked): those rows are taken out
    /// as they stand, without asking the exclusion about every name again.
    public func exclude(_ exclusion: NameExclusion, leavingOut removed: [Int]) {
        guard exclusion != self.exclusion else { return }
        leavingOutRows = true
        self.exclusion = exclusion
        leavingOutRows = false
        var kept = [Bool](repeating: true, count: rows.count)
        for row in removed where row < kept.count { kept[row] = false }
        var positions: [UInt32] = []
        positions.reserveCapacity(rows.count - removed.count)
        var remaining: [UInt32] = []
        remaining.reserveCapacity(rows.count - removed.count)
        var newSections: [ListSection] = []
        for section in sections {
            let start = remaining.count
            for row in section.rows where kept[row] {
                positions.append(UInt32(row))
                remaining.append(rows[row])
            }
            if remaining.count > start || sections.count == 1 {
                newSections.append(ListSection(title: section.title, indexTitle: section.indexTitle, rows: start..<remaining.count))
            }
        }
        if newSections.isEmpty { newSections = [ListSection(title: nil, indexTitle: nil, rows: 0..<0)] }
        if displayNamesMade { displayNames = displayNames.reordered(positions) }
        rows = remaining
        sections = newSections
    }

    /// What an entry takes on disk with everything below it, by identity,
    /// where a scan has said (`SpaceScan`); `sort du` orders by it, and
    /// entries it does not know count their own blocks.
    public var spaceFigure: (@Sendable (FileIdentity) -> Int64?)? {
        didSet { if options.sortKey == .space { arrange() } }
    }
    /// `sort du` counts a file's apparent size (its length) rather than its
    /// blocks on disk, as the du figures shown do (ncdu's `a`).
    public var spaceCountsApparentSize = false {
        didSet { if options.sortKey == .space && spaceCountsApparentSize != oldValue { arrange() } }
    }

    var statCache: StatCache
    /// Each entry's inode as the directory reported it, by entry number
    /// (empty for a list of command-line operands): see `reportedInode`.
    private(set) var reportedInodes: [UInt64] = []
    private let canReload: Bool

    /// Reads the directory's names (no `stat`) and arranges them.
    public init(directory: DirectoryHandle, options: ListOptions = ListOptions(), statCacheCapacity: Int = 4096) throws(FileError) {
        self.directory = directory
        self.options = options
        statCache = StatCache(capacity: statCacheCapacity)
        arena = NameArena()
        canReload = true
        adopt(try Self.read(directory, options: options))
        arrange()
    }

    /// A listing of given names looked up in `directory` (command-line operands).
    public init(entries: NameArena, in directory: DirectoryHandle, options: ListOptions = ListOptions(), statCacheCapacity: Int = 4096) {
        self.directory = directory
        self.options = options
        statCache = StatCache(capacity: statCacheCapacity)
        arena = entries
        canReload = false
        statCache.fit(entries: arena.count)
        arrange()
    }

    public var rowCount: Int { rows.count }
    public var cachedStatusCount: Int { statCache.count }

    /// Enumerates the directory again; keeps the view settings. Returns how many
    /// names appeared and vanished.
    @discardableResult
    public func reload() throws(FileError) -> (added: Int, removed: Int) {
        guard canReload else { return (0, 0) }
        let fresh = try Self.read(directory, options: options)
        var before = Set<[UInt8]>()
        var after = Set<[UInt8]>()
        for i in 0..<arena.count { before.insert(arena.name(at: i)) }
        for i in 0..<fresh.names.count { after.insert(fresh.names.name(at: i)) }
        adopt(fresh)
        arrange()
        return (after.subtracting(before).count, before.subtracting(after).count)
    }

    private func reloadIfHiddenChanged(from old: ListOptions) {
        guard canReload, (options.hidden == .shownWithDotEntries) != (old.hidden == .shownWithDotEntries),
            let fresh = try? Self.read(directory, options: options)
        else { return }
        adopt(fresh)
    }

    /// The directory's names as `options` ask (dot entries, sorted by name
    /// while reading), with their inodes when `options.recordsInodes`.
    private static func read(_ directory: DirectoryHandle, options: ListOptions) throws(FileError) -> (names: NameArena, inodes: [UInt64]) {
        var inodes: [UInt64]? = options.recordsInodes ? [] : nil
        let names = try DirectoryEnumerator.list(
            directory, includeDotEntries: options.hidden == .shownWithDotEntries,
            ordersByName: options.sortKey == .name, inodes: &inodes)
        return (names, inodes ?? [])
    }

    /// Takes a fresh read of the directory: names, inodes, and a status
    /// cache sized for them and empty.
    private func adopt(_ fresh: (names: NameArena, inodes: [UInt64])) {
        arena = fresh.names
        reportedInodes = fresh.inodes
        statCache.fit(entries: arena.count)
    }

    // MARK: Rows

    public func entryIndex(ofRow row: Int) -> Int { Int(rows[row]) }

    /// The inode the directory reported for the row's entry (`d_ino`) when
    /// it was read: what the row showed. Nil where not known.
    public func reportedInode(ofRow row: Int) -> UInt64? {
        let index = entryIndex(ofRow: row)
        return index < reportedInodes.count ? reportedInodes[index] : nil
    }

    /// Whether to read `count` more row names from `displayNames`, making
    /// it first once the reads since the rows were arranged reach a
    /// sixty-fourth of the rows (at least 4,096): a screen or a few pages
    /// read through `rows`, a walk over the listing reads in order.
    @inline(__always)
    private func readsDisplayNames(_ count: Int) -> Bool {
        if displayNamesMade { return true }
        rowsReadThroughArena += count
        guard rowsReadThroughArena >= max(4096, rows.count / 64) else { return false }
        _ = namesInDisplayOrder()
        return true
    }

    /// Drops the copy of the names: the rows were arranged anew.
    func forgetDisplayNames() {
        displayNames = NameArena()
        displayNamesMade = false
        rowsReadThroughArena = 0
    }

    /// The names of every row, in display order (made now if not yet).
    public func namesInDisplayOrder() -> NameArena {
        if !displayNamesMade {
            displayNames = arena.reordered(rows)
            displayNamesMade = true
        }
        return displayNames
    }

    /// The arena holding a row's name and the name's position in it.
    private func nameLocation(ofRow row: Int) -> (names: NameArena, position: Int) {
        readsDisplayNames(1) ? (displayNames, row) : (arena, entryIndex(ofRow: row))
    }

    public func name(ofRow row: Int) -> [UInt8] { withName(ofRow: row) { Array($0) } }

    /// Reads the arena's arrays one at a time: going through the whole
    /// `displayNames` value would retain all three of its arrays per row.
    @inline(__always)
    public func withName<R>(ofRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard readsDisplayNames(1) else { return try arena.withName(at: entryIndex(ofRow: row), body) }
        let start = Int(displayNames.starts[row])
        let end = Int(displayNames.starts[row + 1]) - 1
        return try displayNames.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Calls `body` with each name of `rows` in turn (its position in `rows`
    /// and its bytes): a page of names with one access to the storage.
    public func withNames(ofRows rows: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard readsDisplayNames(rows.count) else {
            for (index, row) in rows.enumerated() { try arena.withName(at: entryIndex(ofRow: row)) { try body(index, $0) } }
            return
        }
        try displayNames.bytes.withUnsafeBufferPointer { bytes in
            try displayNames.starts.withUnsafeBufferPointer { starts in
                for (index, row) in rows.enumerated() {
                    let start = Int(starts[row])
                    let end = Int(starts[row + 1]) - 1
                    try body(index, UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
            }
        }
    }

    /// The path of a row: the directory's path joined with the name.
    public func path(ofRow row: Int) -> [UInt8] {
        withName(ofRow: row) { directory.childPath($0) }
    }

    /// How many directories whose names start with `.` (not `.` and `..`)
    /// the listing holds, shown or not: what a search that leaves hidden
    /// entries out did not go into. Kinds the directory did not report are
    /// not looked up (such a name is not counted).
    public func hiddenDirectoryCount() -> Int {
        var count = 0
        for index in 0..<arena.count where arena.firstByte(at: index) == 0x2E && arena.kind(at: index) == .directory {
            let isDotEntry = arena.withName(at: index) { $0.count == 1 || ($0.count == 2 && $0[1] == 0x2E) }
            if !isDotEntry { count += 1 }
        }
        return count
    }

    /// The kind of a row: from `d_type`, or from `stat` where the file system did not say.
    public func kind(ofRow row: Int) -> FileKind { kind(ofEntry: entryIndex(ofRow: row)) }

    func kind(ofEntry index: Int) -> FileKind {
        let reported = arena.kind(at: index)
        if reported == .symlink && options.dereferencesSymlinks {
            guard case .success(let status) = status(ofEntry: index) else { return .symlink }
            return status.kind
        }
        if reported != .unknown { return reported }
        guard case .success(let status) = status(ofEntry: index) else { return .unknown }
        arena.setKind(status.kind, at: index)
        return status.kind
    }

    /// The row's own status (`lstat`), from the cache or read now.
    public func status(ofRow row: Int) -> Result<FileStatus, Errno> {
        let (names, position) = nameLocation(ofRow: row)
        return status(ofEntry: entryIndex(ofRow: row), names: names, at: position)
    }

    func status(ofEntry index: Int) -> Result<FileStatus, Errno> {
        status(ofEntry: index, names: arena, at: index)
    }

    /// The cache is keyed by entry; the name comes from whichever arena the
    /// caller is reading in order.
    private func status(ofEntry index: Int, names: NameArena, at position: Int) -> Result<FileStatus, Errno> {
        if let cached = statCache.lookup(index) { return cached }
        entriesMaterialised += 1
        let follows = options.dereferencesSymlinks
        let birth = options.timeField == .birth
        let result = call(names, at: position) { FileStatus.read(at: $0, name: $1, followSymlink: follows, withBirth: birth) }
        // A call that did not answer in time is not kept: it is asked again.
        if result != .failure(.notResponding) { statCache.store(result, for: index) }
        return result
    }

    /// `body` with the directory's descriptor and the name at `position` of
    /// `names`; where calls can hang (`HangGuard`), on a worker with a deadline.
    @inline(__always)
    private func call<T: Sendable>(
        _ names: NameArena, at position: Int, _ body: @escaping @Sendable (Int32, UnsafePointer<CChar>) -> Result<T, Errno>
    ) -> Result<T, Errno> {
        let fd = directory.fd
        guard directory.isGuarded || directory.holdsHangProneMounts else { return names.withCName(at: position) { body(fd, $0) } }
        let name = names.name(at: position)
        return directory.guarded(on: name) { withCString(name) { body(fd, $0) } }
    }

    /// The row's status if it is already known; never causes a `stat`.
    public func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>? {
        statCache.lookup(entryIndex(ofRow: row))
    }

    /// The status of what a symlink row points to (`stat`, not cached).
    public func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno> {
        let (names, position) = nameLocation(ofRow: row)
        return call(names, at: position) { Syscalls.status(at: $0, name: $1, followSymlink: true) }.map(FileStatus.init)
    }

    /// When a row's file was created, where the file system records it.
    public func birthTime(ofRow row: Int) -> Timestamp? {
        let (names, position) = nameLocation(ofRow: row)
        return names.withCName(at: position) { Syscalls.birthTime(at: directory.fd, name: $0) }
    }

    /// A symlink row's target, as bytes.
    public func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno> {
        let (names, position) = nameLocation(ofRow: row)
        return call(names, at: position) { Syscalls.linkTarget(at: $0, name: $1) }
    }

    /// The listing's directory and the row's name: a listing of operands
    /// names paths relative to its directory, which `openat` takes too.
    public func location(ofRow row: Int) -> RowLocation? {
        RowLocation(directory: directory, name: name(ofRow: row))
    }

    /// Whether a row is `.` or `..`.
    public func isDotEntry(row: Int) -> Bool {
        withName(ofRow: row) { $0.count <= 2 && $0.allSatisfy { $0 == 0x2E } }
    }
}

/// What a listing leaves out of its rows, by name: the listing's only
/// knowledge of marks.
public struct NameExclusion: Equatable, @unchecked Sendable {
    /// Names left out.
    public var names: Set<[UInt8]>
    /// Every name is left out (the directory lies inside a marked one).
    public var excludesAll: Bool
    /// Names left out as a question (the marks' own index, asked per name
    /// without a set of them), and the version of its answers: a new
    /// version means the answers may differ.
    public private(set) var isLeftOut: ((UnsafeBufferPointer<UInt8>) -> Bool)?
    public private(set) var version = 0

    public init(names: Set<[UInt8]> = [], excludesAll: Bool = false) {
        self.names = names
        self.excludesAll = excludesAll
    }

    /// Leaves out the names `isLeftOut` says, as of `version`.
    public init(version: Int, excludesAll: Bool = false, isLeftOut: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
        names = []
        self.excludesAll = excludesAll
        self.isLeftOut = isLeftOut
        self.version = version
    }

    public static let none = NameExclusion()

    /// Whether nothing but `excludesAll` is left out.
    public var leavesOutNoName: Bool { names.isEmpty && isLeftOut == nil }

    /// Whether `name` is left out (`excludesAll` aside).
    @inline(__always)
    public func leavesOut(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if let isLeftOut, isLeftOut(name) { return true }
        return !names.isEmpty && names.contains(Array(name))
    }

    public static func == (a: NameExclusion, b: NameExclusion) -> Bool {
        a.names == b.names && a.excludesAll == b.excludesAll && a.version == b.version && (a.isLeftOut == nil) == (b.isLeftOut == nil)
    }
}
