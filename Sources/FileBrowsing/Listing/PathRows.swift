import SystemSeam

/// Rows gathered from many directories: each row an entry of an open
/// directory, such as every match of a search below a level or every file of
/// a deletion plan. One section per directory (titled as the gatherer says,
/// in the order it gave the directories), the names within it arranged by
/// the options (sort key, direction, directories first, hidden files,
/// filter); `status` is read through the entry's directory on demand.
///
/// Memory is one name buffer for all entries, 4 bytes of directory and 8 of
/// inode an entry, and one handle per directory, so a plan of a million
/// marks in one directory costs little more than its names.
public final class PathRows: FileRows {
    /// What a gatherer found: the directories and the entries in them.
    public struct Contents {
        /// The directories rows live in, each with its section's title.
        public var places: [(directory: DirectoryHandle, title: String)] = []
        /// Every entry's name and kind, in the order found.
        public var names = NameArena()
        /// Each entry's place (an index into `places`).
        public var placeOfEntry: [UInt32] = []
        /// Each entry's inode as its directory reported it (0: not known).
        public var inodes: [UInt64] = []
        /// Each place's entries were appended in natural name order: the
        /// name sort has nothing to do.
        public var namesInOrder = false
        /// What each row shows instead of its entry's name (a path below
        /// where the rows were gathered, say), when set: rows are filtered and
        /// sorted by it too; the entry's own name still reaches the file.
        public var shownNames: NameArena?
        /// Sections by these titles instead of by place (each entry's section
        /// in `sectionOfEntry`), when not empty: a group of copies a section.
        public var sectionTitles: [String] = []
        public var sectionOfEntry: [UInt32] = []
        /// One untitled section, a line a row (matches of a search shown by
        /// path): sorted by name, the places keep the order they were given
        /// (nearest first) and each place's rows are in name order; any
        /// other sort orders all rows at once.
        public var oneSectionInPlaceOrder = false

        public init() {}

        /// Adds a place; returns its index for `append`.
        public mutating func addPlace(_ directory: DirectoryHandle, title: String) -> Int {
            places.append((directory, title))
            return places.count - 1
        }

        /// Adds an entry of place `place`.
        public mutating func append(_ name: UnsafeBufferPointer<UInt8>, kind: FileKind, inode: UInt64, place: Int) {
            names.append(name, kind: kind)
            placeOfEntry.append(UInt32(place))
            inodes.append(inode)
        }
    }

    private var contents: Contents
    /// Gathers the rows again for `reload` (nil: the rows are fixed).
    private let gather: (() throws(FileError) -> Contents)?
    public var options: ListOptions {
        didSet { if options != oldValue { arrange() } }
    }
    /// Entry numbers in display order.
    private var rows: [UInt32] = []
    public private(set) var sections: [ListSection] = []
    public private(set) var sectionStarts: [Int] = [0]
    private var statCache: StatCache
    public private(set) var entriesMaterialised = 0
    /// Each row's space with everything below it, by identity, where the
    /// gatherer knows it (`du --git`'s work trees): `sort du` then orders
    /// every row by it, largest first; without it, `sort du` is by name.
    public var spaceFigure: ((FileIdentity) -> Int64?)? {
        didSet { arrange() }
    }

    /// Rows of `contents`; `gather` finds them again on `reload`.
    public init(_ contents: Contents, options: ListOptions = ListOptions(), gather: (() throws(FileError) -> Contents)? = nil) {
        self.contents = contents
        self.options = options
        self.gather = gather
        statCache = StatCache(capacity: 4096)
        statCache.fit(entries: contents.names.count)
        arrange()
    }

    public var rowCount: Int { rows.count }
    /// The path of the entry a row shows (its name, where it has no place on disk).
    public func path(ofRow row: Int) -> [UInt8] { location(ofRow: row)?.path ?? name(ofRow: row) }

    public var showsPaths: Bool { contents.shownNames != nil && contents.oneSectionInPlaceOrder }
    public var cachedStatusCount: Int { statCache.count }

    public func reload() throws(FileError) -> (added: Int, removed: Int) {
        guard let gather else { return (0, 0) }
        let fresh = try gather()
        var before = Set<[UInt8]>()
        var after = Set<[UInt8]>()
        for index in 0..<contents.names.count { before.insert(key(of: index, in: contents)) }
        for index in 0..<fresh.names.count { after.insert(key(of: index, in: fresh)) }
        contents = fresh
        statCache = StatCache(capacity: 4096)
        statCache.fit(entries: contents.names.count)
        arrange()
        return (after.subtracting(before).count, before.subtracting(after).count)
    }

    /// An entry's place title and name, to tell what joined and left on reload.
    private func key(of index: Int, in contents: Contents) -> [UInt8] {
        Array(contents.places[Int(contents.placeOfEntry[index])].title.utf8) + [0] + contents.names.name(at: index)
    }

    // MARK: Rows

    /// The entry a row shows: its position in the gathered `Contents`.
    @inline(__always)
    public func entry(ofRow row: Int) -> Int { Int(rows[row]) }

    /// The names rows show (`Contents.shownNames`, else the entries' names).
    private var shown: NameArena { contents.shownNames ?? contents.names }

    public func withName<R>(ofRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try shown.withName(at: entry(ofRow: row), body)
    }

    public func withNames(ofRows range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        let shown = self.shown
        for (index, row) in range.enumerated() { try shown.withName(at: entry(ofRow: row)) { try body(index, $0) } }
    }

    public func kind(ofRow row: Int) -> FileKind { kind(ofEntry: entry(ofRow: row)) }

    public func status(ofRow row: Int) -> Result<FileStatus, Errno> { status(ofEntry: entry(ofRow: row)) }

    private func status(ofEntry index: Int) -> Result<FileStatus, Errno> {
        if let cached = statCache.lookup(index) { return cached }
        entriesMaterialised += 1
        let birth = options.timeField == .birth
        let result = call(index) { FileStatus.read(at: $0, name: $1, followSymlink: false, withBirth: birth) }
        if result != .failure(.notResponding) { statCache.store(result, for: index) }
        return result
    }

    public func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>? { statCache.lookup(entry(ofRow: row)) }

    public func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno> {
        call(entry(ofRow: row)) { Syscalls.status(at: $0, name: $1, followSymlink: true) }.map(FileStatus.init)
    }

    public func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno> {
        call(entry(ofRow: row)) { Syscalls.linkTarget(at: $0, name: $1) }
    }

    public func birthTime(ofRow row: Int) -> Timestamp? {
        let index = entry(ofRow: row)
        let fd = directory(ofEntry: index).fd
        return contents.names.withCName(at: index) { Syscalls.birthTime(at: fd, name: $0) }
    }

    /// Gathered rows are entries, never a directory's `.` or `..`.
    public func isDotEntry(row: Int) -> Bool { false }

    public func location(ofRow row: Int) -> RowLocation? {
        let index = entry(ofRow: row)
        return RowLocation(directory: directory(ofEntry: index), name: contents.names.name(at: index))
    }

    public func reportedInode(ofRow row: Int) -> UInt64? {
        let inode = contents.inodes[entry(ofRow: row)]
        return inode == 0 ? nil : inode
    }

    private func directory(ofEntry index: Int) -> DirectoryHandle {
        contents.places[Int(contents.placeOfEntry[index])].directory
    }

    /// `body` with the entry's directory descriptor and name; where calls
    /// can hang, on a worker with a deadline.
    private func call<T: Sendable>(
        _ index: Int, _ body: @escaping @Sendable (Int32, UnsafePointer<CChar>) -> Result<T, Errno>
    ) -> Result<T, Errno> {
        let directory = directory(ofEntry: index)
        let fd = directory.fd
        guard directory.isGuarded || directory.holdsHangProneMounts else { return contents.names.withCName(at: index) { body(fd, $0) } }
        let name = contents.names.name(at: index)
        return directory.guarded(on: name) { withCString(name) { body(fd, $0) } }
    }

    // MARK: Arranging

    /// Filters the entries, groups them by place in the order the places
    /// were given, and sorts each place's names by the options.
    private func arrange() {
        let names = shown
        let filter = options.filter
        let hidesDotFiles = options.hidden == .hidden
        let bySection = !contents.sectionTitles.isEmpty
        let titles = bySection ? contents.sectionTitles : contents.places.map(\.title)
        var byPlace = [[UInt32]](repeating: [], count: titles.count)
        for index in 0..<names.count {
            // A dot file by its own name (a path shown, `.hidden/notes`, is not one).
            if hidesDotFiles && contents.names.firstByte(at: index) == 0x2E { continue }
            if let filter, !names.withCName(at: index, { filter.matches(cName: $0) }) { continue }
            byPlace[Int(bySection ? contents.sectionOfEntry[index] : contents.placeOfEntry[index])].append(UInt32(index))
        }
        rows.removeAll(keepingCapacity: true)
        sections.removeAll()
        if contents.oneSectionInPlaceOrder {
            switch options.sortKey {
            case .space where spaceFigure != nil: rows = sorted(byPlace.flatMap { $0 })
            case .name, .space, .none: rows = byPlace.flatMap(sorted)
            default: rows = sorted(byPlace.flatMap { $0 })
            }
            if !rows.isEmpty { sections = [ListSection(title: nil, indexTitle: nil, rows: 0..<rows.count)] }
            sectionStarts = [0]
            return
        }
        for (place, entries) in byPlace.enumerated() where !entries.isEmpty {
            let start = rows.count
            rows += sorted(entries)
            sections.append(ListSection(title: titles[place], indexTitle: nil, rows: start..<rows.count))
        }
        sectionStarts = sections.isEmpty ? [0] : sections.map(\.rows.lowerBound)
    }

    private func sorted(_ entries: [UInt32]) -> [UInt32] {
        let field = options.timeField
        let spaceFigure = spaceFigure
        return EntrySorting.sorted(
            entries, names: shown, options: options, namesInOrder: contents.namesInOrder, keyKnowsSpace: spaceFigure != nil,
            key: { index in
                guard case .success(let status) = self.status(ofEntry: Int(index)) else { return Int64.min }
                if self.options.sortKey == .space, let spaceFigure { return spaceFigure(status.identity) ?? status.blocks * 512 }
                return self.options.sortKey == .size ? status.size : status.time(field).seconds
            },
            isDirectory: { self.kind(ofEntry: Int($0)) == .directory })
    }

    /// The kind as gathered, else from `status`.
    private func kind(ofEntry index: Int) -> FileKind {
        let reported = contents.names.kind(at: index)
        if reported != .unknown { return reported }
        guard case .success(let status) = status(ofEntry: index) else { return .unknown }
        return status.kind
    }
}
