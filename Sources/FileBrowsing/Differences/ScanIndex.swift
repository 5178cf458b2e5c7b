import Synchronization
import SystemSeam

/// A kept scan read into a compact index for comparing a tree with it while
/// the tree is scanned (`--du --since`): each entry is its parent's number,
/// its name (in one shared array of bytes), its kind and sizes, and a hash
/// table finds an entry by parent and name. About 37 bytes an entry beside
/// the names, where a path array and a record an entry took over 150.
///
/// Immutable once built, so the scan's workers look entries up from any
/// thread at once.
public final class ScanIndex: Sendable {
    /// The number of the root directory itself, as a parent.
    public static let root: Int32 = -1
    /// No entry: what a lookup inside a directory the scan did not hold gives.
    public static let absent = Int32.min

    /// The scanned directory's absolute path, when it was saved, its totals.
    public let root: [UInt8]
    public let savedAt: Int64
    public let rootTotals: SpaceTotals
    public var count: Int { columns.parents.count }

    /// The entries, a column a field.
    private let columns: Columns
    /// Open addressing, a power of two long (empty unless `findsByName`):
    /// an entry's number in the low half, its hash's high half above it
    /// (most probes of another name end there, without reading its name).
    private let slots: [UInt64]
    private static let emptySlot = UInt64.max
    /// Where `lookup(parent:names:into:)` puts what its early reads add up to.
    private static let sink = Atomic<UInt64>(0)
    /// Whether `lookup` works (its table was built).
    public let findsByName: Bool

    /// Reads a kept scan from `path`: filetable's own or an ncdu export
    /// (`findsByName`, `depth`: as for `init(decoding:findsByName:depth:)`).
    public static func read(from path: [UInt8], findsByName: Bool = true, depth: Int = .max) throws(FileError) -> ScanIndex {
        // The first bytes first: `/dev/zero` or `/dev/urandom` is refused at
        // once, and a pipe or device that never ends stops at a bound.
        switch Syscalls.readWholeInput(path, startsAs: SavedScan.mayStartAScan, bounded: true) {
        case .failure(.unexpectedStart):
            throw FileError(path: path, reason: .custom(SavedScanError.notAScan.description))
        case .failure(let errno): throw FileError(path: path, errno: errno)
        case .success(let bytes):
            do throws(SavedScanError) {
                return try load(bytes, findsByName: findsByName, depth: depth)
            } catch {
                throw FileError(path: path, reason: .custom(error.description))
            }
        }
    }

    /// A kept scan's bytes, whichever format (as `SavedScan.load`).
    public static func load(_ bytes: [UInt8], findsByName: Bool = true, depth: Int = .max) throws(SavedScanError) -> ScanIndex {
        SavedScan.isNcduExport(bytes)
            ? ScanIndex(try NcduExport.decode(bytes), depth: depth) : try ScanIndex(decoding: bytes, findsByName: findsByName, depth: depth)
    }

    /// Reads filetable's format straight into the index; `findsByName`
    /// false leaves out the hash table `lookup` needs (a scan only listed);
    /// only the entries at most `depth` levels below the root are kept (1:
    /// the root's own), though every entry is read and checked.
    public convenience init(decoding bytes: [UInt8], findsByName: Bool = true, depth: Int = .max) throws(SavedScanError) {
        let reader = try SavedScanReader(bytes)
        var columns = Columns(expected: depth == .max ? reader.count : 0, nameBytes: depth == .max ? bytes.count : 0)
        // The kept entry last added at each depth: a kept entry's parent is the one a level up.
        var lastKept: [Int32] = []
        try reader.forEachEntry { (entry) throws(SavedScanError) in
            let level = entry.depth
            guard level < depth else { return }
            let parent = level == 0 ? Self.root : lastKept[level - 1]
            let ordinal = columns.add(parent: parent, name: entry.name, kind: entry.kind, totals: entry.totals)
            if lastKept.count <= level { lastKept.append(ordinal) } else { lastKept[level] = ordinal }
        }
        self.init(columns, root: reader.root, savedAt: reader.savedAt, rootTotals: reader.rootTotals, findsByName: findsByName)
    }

    /// The index of a scan held whole (an ncdu export read, a scan made in
    /// memory). An entry whose directory the scan does not hold, or a path
    /// met a second time, is left out.
    public convenience init(_ scan: SavedScan, depth: Int = .max) {
        var columns = Columns(expected: scan.entries.count, nameBytes: 0)
        var chain: [(path: [UInt8], ordinal: Int32)] = []
        var previous: [UInt8]?
        for entry in scan.entries where entry.path != previous && (depth == .max || entry.path.count(where: { $0 == 0x2F }) < depth) {
            previous = entry.path
            let slash = entry.path.lastIndex(of: 0x2F)
            let directory = slash.map { Array(entry.path[..<$0]) } ?? []
            while let last = chain.last, last.path != directory { chain.removeLast() }
            guard slash == nil || !chain.isEmpty else { continue }
            let start = slash.map { $0 + 1 } ?? 0
            guard start < entry.path.count else { continue }
            let ordinal = entry.path.withUnsafeBufferPointer { path in
                columns.add(
                    parent: chain.last?.ordinal ?? Self.root, name: UnsafeBufferPointer(rebasing: path[start...]), kind: entry.kind,
                    totals: entry.totals)
            }
            if entry.kind == .directory { chain.append((entry.path, ordinal)) }
        }
        self.init(columns, root: scan.root, savedAt: scan.savedAt, rootTotals: scan.rootTotals, findsByName: true)
    }

    private init(_ columns: Columns, root: [UInt8], savedAt: Int64, rootTotals: SpaceTotals, findsByName: Bool) {
        self.root = root
        self.savedAt = savedAt
        self.rootTotals = rootTotals
        self.columns = columns
        self.findsByName = findsByName
        var capacity = 16
        while findsByName && capacity < columns.parents.count * 2 { capacity *= 2 }
        let mask = capacity - 1
        slots = [UInt64](unsafeUninitializedCapacity: capacity) { slots, initialized in
            slots.initialize(repeating: Self.emptySlot)
            initialized = capacity
            columns.names.withUnsafeBytes { names in
                for ordinal in columns.parents.indices where findsByName {
                    let name = UnsafeRawBufferPointer(rebasing: names[columns.nameRange(of: ordinal)])
                    let hash = Self.hash(parent: columns.parents[ordinal], name: name)
                    var slot = hash & mask
                    while slots[slot] != Self.emptySlot { slot = (slot + 1) & mask }
                    slots[slot] = UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000 | UInt64(ordinal)
                }
            }
        }
    }

    /// The entry named `name` directly inside entry `parent` (`root`: the
    /// root's own), or `absent`.
    public func lookup(parent: Int32, name: UnsafeRawBufferPointer) -> Int32 {
        guard parent != Self.absent, findsByName else { return Self.absent }
        let mask = slots.count - 1
        let hash = Self.hash(parent: parent, name: name)
        let tag = UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
        var slot = hash & mask
        return slots.withUnsafeBufferPointer { slots in
            columns.names.withUnsafeBytes { names in
                while true {
                    let packed = slots[slot]
                    if packed == Self.emptySlot { return Self.absent }
                    let ordinal = Int(packed & 0xFFFF_FFFF)
                    // The hash's high half first: a name is compared only when it very likely matches.
                    if packed & 0xFFFF_FFFF_0000_0000 == tag, columns.parents[ordinal] == parent {
                        let range = columns.nameRange(of: ordinal)
                        if range.count == name.count,
                            name.count == 0 || Syscalls.compareMemory(names.baseAddress! + range.lowerBound, name.baseAddress!, name.count) == 0
                        {
                            return Int32(ordinal)
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// `lookup` of many names in one directory at once, each result in
    /// `found` (cleared first). The same answers; faster for a directory's
    /// worth of names: the table's slots and the candidates' entries are
    /// read for all names in turn before any is compared, so the memory
    /// waits overlap instead of following one another (a million files
    /// compared in 0.4 s where one at a time took 1.1 s).
    public func lookup(parent: Int32, names wanted: [UnsafeRawBufferPointer], into found: inout [Int32]) {
        found.removeAll(keepingCapacity: true)
        guard parent != Self.absent, findsByName else {
            found.append(contentsOf: repeatElement(Self.absent, count: wanted.count))
            return
        }
        let mask = slots.count - 1
        var touched: UInt64 = 0
        slots.withUnsafeBufferPointer { slots in
            columns.parents.withUnsafeBufferPointer { parents in
                columns.nameEnds.withUnsafeBufferPointer { ends in
                    // First the slots, then the entries they point at: each pass's reads are independent.
                    var first = [Int](repeating: 0, count: wanted.count)
                    for (position, name) in wanted.enumerated() {
                        first[position] = Self.hash(parent: parent, name: name) & mask
                        touched &+= slots[first[position]]
                    }
                    for slot in first {
                        let ordinal = Int(slots[slot] & 0xFFFF_FFFF)
                        if slots[slot] != Self.emptySlot { touched &+= UInt64(UInt32(bitPattern: parents[ordinal])) &+ UInt64(ends[ordinal]) }
                    }
                }
            }
        }
        for name in wanted { found.append(lookup(parent: parent, name: name)) }
        // Keeps the reads above from being left out as unused.
        Self.sink.store(touched, ordering: .relaxed)
    }

    /// `lookup` by a name held as an array.
    public func lookup(parent: Int32, name: [UInt8]) -> Int32 {
        name.withUnsafeBytes { lookup(parent: parent, name: $0) }
    }

    public func kind(of ordinal: Int32) -> FileKind { FileKind(rawValue: columns.kinds[Int(ordinal)]) ?? .unknown }
    public func parent(of ordinal: Int32) -> Int32 { columns.parents[Int(ordinal)] }

    public func totals(of ordinal: Int32) -> SpaceTotals {
        let index = Int(ordinal)
        let counted = columns.counts[ordinal] ?? (1, 0)
        return SpaceTotals(
            apparentBytes: columns.apparentBytes[index], diskBytes: columns.diskBytes[index], files: counted.files,
            directories: counted.directories)
    }

    /// The entry's name.
    public func name(of ordinal: Int32) -> [UInt8] { Array(columns.names[columns.nameRange(of: Int(ordinal))]) }

    /// The entry's path below the root, names joined by `/`.
    public func path(of ordinal: Int32) -> [UInt8] {
        var chain: [Int32] = []
        var current = ordinal
        while current >= 0 {
            chain.append(current)
            current = columns.parents[Int(current)]
        }
        var path: [UInt8] = []
        for (position, entry) in chain.reversed().enumerated() {
            if position > 0 { path.append(0x2F) }
            path += name(of: entry)
        }
        return path
    }

    /// Every entry's depth (0: one of the root's own), found in one pass:
    /// a parent always comes before its entries.
    public func depths() -> [Int32] {
        let parents = columns.parents
        var depths = [Int32](repeating: 0, count: parents.count)
        for index in parents.indices where parents[index] >= 0 { depths[index] = depths[Int(parents[index])] + 1 }
        return depths
    }

    /// The scan held whole again (to keep it in another format).
    public func savedScan() -> SavedScan {
        let entries = (0..<Int32(count)).map { SavedScan.Entry(path: path(of: $0), kind: kind(of: $0), totals: totals(of: $0)) }
        return SavedScan(root: root, savedAt: savedAt, rootTotals: rootTotals, entries: entries)
    }

    @inline(__always)
    private static func hash(parent: Int32, name: UnsafeRawBufferPointer) -> Int {
        // FNV-1a over the parent's number and the name's bytes, then
        // MurmurHash3's finaliser, so every bit of the result depends on every byte.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: parent))
        hash = hash &* 0x100_0000_01b3
        for byte in name {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(truncatingIfNeeded: hash ^ (hash >> 33))
    }

    /// The index's entries, a column a field, filled entry by entry.
    private struct Columns {
        var parents: [Int32] = []
        var names: [UInt8] = []
        /// Where each entry's name ends in `names` (it starts where the one before ends).
        var nameEnds: [Int] = []
        var kinds: [UInt8] = []
        var apparentBytes: [Int64] = []
        var diskBytes: [Int64] = []
        /// Files and directories counted, for the entries whose are not a
        /// single file's (every directory): most entries need none kept.
        var counts: [Int32: (files: Int, directories: Int)] = [:]

        /// Where entry `ordinal`'s name lies in `names`.
        func nameRange(of ordinal: Int) -> Range<Int> { (ordinal == 0 ? 0 : nameEnds[ordinal - 1])..<nameEnds[ordinal] }

        init(expected: Int, nameBytes: Int) {
            parents.reserveCapacity(expected)
            nameEnds.reserveCapacity(expected)
            kinds.reserveCapacity(expected)
            apparentBytes.reserveCapacity(expected)
            diskBytes.reserveCapacity(expected)
            names.reserveCapacity(nameBytes)
        }

        @discardableResult
        mutating func add(parent: Int32, name: UnsafeBufferPointer<UInt8>, kind: FileKind, totals: SpaceTotals) -> Int32 {
            let ordinal = Int32(parents.count)
            parents.append(parent)
            names.append(contentsOf: name)
            nameEnds.append(names.count)
            kinds.append(kind.rawValue)
            apparentBytes.append(totals.apparentBytes)
            diskBytes.append(totals.diskBytes)
            if totals.files != 1 || totals.directories != 0 { counts[ordinal] = (totals.files, totals.directories) }
            return ordinal
        }
    }
}
