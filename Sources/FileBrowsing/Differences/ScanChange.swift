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
        func shallow(_ path: [UInt8]) -> Bool { path.lazy.filter { $0 == 0x2F }.count < depth }
        var changes: [ScanChange] = []
        var i = 0
        var j = 0
        let old = then.entries
        let new = now.entries
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && SavedScan.precedes(old[i].path, new[j].path)) {
                if shallow(old[i].path) { changes.append(ScanChange(path: old[i].path, kind: old[i].kind, then: old[i].totals, now: nil)) }
                i += 1
            } else if i == old.count || SavedScan.precedes(new[j].path, old[i].path) {
                if shallow(new[j].path) { changes.append(ScanChange(path: new[j].path, kind: new[j].kind, then: nil, now: new[j].totals)) }
                j += 1
            } else {
                let (a, b) = (old[i], new[j])
                if shallow(a.path), a.totals != b.totals || a.kind != b.kind {
                    changes.append(ScanChange(path: b.path, kind: b.kind, then: a.totals, now: b.totals))
                }
                i += 1
                j += 1
            }
        }
        return changes.sorted { x, y in
            x.diskChange != y.diskChange ? x.diskChange > y.diskChange : x.path.lexicographicallyPrecedes(y.path)
        }
    }

    /// What changed inside the directory at `path` (below the roots): its
    /// own entries' changes, paths relative to it, ordered as `changes`.
    public static func changes(from then: SavedScan, to now: SavedScan, inside path: [UInt8]) -> [ScanChange] {
        changes(from: then.subtree(path), to: now.subtree(path), depth: 1)
    }
}

extension SavedScan {
    /// The part of the scan inside the directory at `path` (below the
    /// root), its paths relative to that directory; its root totals the
    /// directory's own entry's (none: nothing).
    public func subtree(_ path: [UInt8]) -> SavedScan {
        let prefix = path + [0x2F]
        let inside = entries.filter { $0.path.starts(with: prefix) }.map {
            Entry(path: Array($0.path.dropFirst(prefix.count)), kind: $0.kind, totals: $0.totals)
        }
        let own = entries.first { $0.path == path }?.totals ?? SpaceTotals()
        return SavedScan(root: PathBytes.join(root, path), savedAt: savedAt, rootTotals: own, orderedEntries: inside)
    }
}
