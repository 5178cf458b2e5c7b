import SystemSeam

/// How one entry of a tree changed since a saved scan (`--du --since`):
/// new, removed, grown or shrunk, with what it took then and now.
public struct ScanChange: Sendable, Equatable {
    public enum State: String, Sendable {
        case new, removed, grown, shrunk
        /// The same size on disk, another file count or apparent size.
        case changed
    }

    /// The path below the root.
    public let path: [UInt8]
    public let kind: FileKind
    public let then: SpaceTotals?
    public let now: SpaceTotals?

    public init(path: [UInt8], kind: FileKind, then: SpaceTotals?, now: SpaceTotals?) {
        self.path = path
        self.kind = kind
        self.then = then
        self.now = now
    }

    public var state: State {
        guard let then else { return .new }
        guard let now else { return .removed }
        return now.diskBytes > then.diskBytes ? .grown : now.diskBytes < then.diskBytes ? .shrunk : .changed
    }

    /// Bytes on disk gained (negative: freed).
    public var diskChange: Int64 { (now?.diskBytes ?? 0) - (then?.diskBytes ?? 0) }
    /// Bytes gained as `--apparent-size` counts them.
    public var apparentChange: Int64 { (now?.apparentBytes ?? 0) - (then?.apparentBytes ?? 0) }
    /// Files gained (negative: gone).
    public var filesChange: Int { (now?.files ?? 0) - (then?.files ?? 0) }

    /// The entries at most `depth` levels below the roots that changed
    /// between `then` and `now` (a directory changes when anything below it
    /// did), largest growth first, as ncdu orders growth; the largest
    /// shrink comes last. Ties by path.
    public static func changes(from then: SavedScan, to now: SavedScan, depth: Int) -> [ScanChange] {
        var changes: [ScanChange] = []
        var i = 0
        var j = 0
        let old = then.entries
        let new = now.entries
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && SavedScan.precedes(old[i].path, new[j].path)) {
                changes.append(ScanChange(path: old[i].path, kind: old[i].kind, then: old[i].totals, now: nil))
                i += 1
            } else if i == old.count || SavedScan.precedes(new[j].path, old[i].path) {
                changes.append(ScanChange(path: new[j].path, kind: new[j].kind, then: nil, now: new[j].totals))
                j += 1
            } else {
                let (a, b) = (old[i], new[j])
                if !SpaceScan.sameFigures(a.totals, b.totals) || a.kind != b.kind {
                    changes.append(ScanChange(path: b.path, kind: b.kind, then: a.totals, now: b.totals))
                }
                i += 1
                j += 1
            }
        }
        return ordered(changes, depth: depth)
    }

    /// The changes at most `depth` levels below the roots, largest growth
    /// first, as ncdu orders growth; the largest shrink comes last. Ties by path.
    public static func ordered(_ changes: [ScanChange], depth: Int) -> [ScanChange] {
        let shallow = depth == Int.max ? changes : changes.filter { change in change.path.lazy.filter { $0 == 0x2F }.count < depth }
        return shallow.sorted { x, y in
            x.diskChange != y.diskChange ? x.diskChange > y.diskChange : x.path.lexicographicallyPrecedes(y.path)
        }
    }

    /// What changed directly inside the directory at `path` (below the
    /// roots), among `changes` (at every depth): paths relative to it,
    /// ordered as `ordered`.
    public static func changes(_ changes: [ScanChange], inside path: [UInt8]) -> [ScanChange] {
        let prefix = path + [0x2F]
        let inside = changes.compactMap { change in
            change.path.starts(with: prefix)
                ? ScanChange(path: Array(change.path.dropFirst(prefix.count)), kind: change.kind, then: change.then, now: change.now) : nil
        }
        return ordered(inside, depth: 1)
    }
}
