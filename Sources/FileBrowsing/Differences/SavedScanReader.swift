/// Reads filetable's saved scan (see `SavedScan` for the layout) one entry
/// at a time: each path is rebuilt in one buffer from the bytes it shares
/// with the one before (no array an entry), checked to come after it, and
/// placed in the tree: its parent is the entry of the path up to its last
/// `/`, which must have come before it. What goes wrong is an error naming
/// the byte. `SavedScan(decoding:)` and `ScanIndex` both read through here.
struct SavedScanReader {
    private var reader: Varint.Reader
    let root: [UInt8]
    let savedAt: Int64
    let rootTotals: SpaceTotals
    /// The entries the file says it holds.
    let count: Int
    /// The current entry: its path below the root, kind and totals.
    private(set) var path: [UInt8] = []
    private(set) var kind = FileKind.unknown
    private(set) var totals = SpaceTotals()
    /// The current entry's number (0 for the first).
    private(set) var ordinal = -1
    /// The entries on the current path, its own last: where each name ends
    /// in `path`, its number and kind.
    private var chain: [(end: Int, ordinal: Int32, kind: FileKind)] = []

    init(_ bytes: [UInt8]) throws(SavedScanError) {
        reader = Varint.Reader(bytes)
        guard bytes.starts(with: SavedScan.magic) else {
            throw SavedScanError(offset: 0, "not a scan filetable saved (it starts FTSCAN1; save one with --du --save FILE)")
        }
        reader.offset = SavedScan.magic.count
        root = try reader.bytes(count: reader.number(what: "the root's length"), what: "the root")
        savedAt = Int64(clamping: try reader.number(what: "the time saved"))
        rootTotals = try Self.readTotals(&reader)
        let count = try reader.number(what: "the entry count")
        // Each entry takes at least 8 bytes: a count larger than the file allows is damage, not a reason to reserve.
        guard count <= UInt64(bytes.count - reader.offset) / 8 + 1, count < UInt64(Int32.max) else {
            throw SavedScanError(offset: reader.offset, "the entry count \(count) is more than the file holds")
        }
        self.count = Int(count)
    }

    /// The current entry's name: the path after its last `/`.
    var nameRange: Range<Int> { (chain.count >= 2 ? chain[chain.count - 2].end + 1 : 0)..<path.count }
    /// The number of the entry the current one lies in (-1: the root).
    var parentOrdinal: Int32 { chain.count >= 2 ? chain[chain.count - 2].ordinal : -1 }
    /// How many directories below the root the current entry lies (0: one of the root's own).
    var depth: Int { chain.count - 1 }

    /// Moves to the next entry; false after the last (when the file must end).
    mutating func next() throws(SavedScanError) -> Bool {
        guard ordinal + 1 < count else {
            guard reader.offset == reader.bytes.count else {
                throw SavedScanError(offset: reader.offset, "\(reader.bytes.count - reader.offset) bytes follow the last entry")
            }
            return false
        }
        let start = reader.offset
        let shared = try reader.number(what: "a path's shared length")
        guard shared <= UInt64(path.count) else {
            throw SavedScanError(offset: start, "a path shares \(shared) bytes with one of \(path.count)")
        }
        let restCount = try reader.number(what: "a path's length")
        guard restCount <= UInt64(reader.bytes.count - reader.offset) else {
            throw SavedScanError(offset: reader.offset, "the file ends inside a path (a truncated file)")
        }
        let rest = reader.offset..<reader.offset + Int(restCount)
        reader.offset = rest.upperBound
        guard comesAfterCurrent(keeping: Int(shared), then: rest) else {
            throw SavedScanError(offset: start, path.isEmpty && rest.isEmpty ? "an entry with an empty path" : "the entries are out of order")
        }
        path.removeLast(path.count - Int(shared))
        reader.bytes.withUnsafeBufferPointer { path.append(contentsOf: UnsafeBufferPointer(rebasing: $0[rest])) }
        try place(keeping: Int(shared), from: start)
        guard let kind = FileKind(rawValue: try reader.byte(what: "a kind")) else {
            throw SavedScanError(offset: reader.offset - 1, "an unknown kind of entry")
        }
        self.kind = kind
        chain[chain.count - 1].kind = kind
        totals = try Self.readTotals(&reader)
        return true
    }

    /// Whether the path made of the current one's first `shared` bytes and
    /// the file's bytes `rest` comes after the current path, as
    /// `SavedScan.precedes` orders them.
    private func comesAfterCurrent(keeping shared: Int, then rest: Range<Int>) -> Bool {
        let bytes = reader.bytes
        let old = path.count - shared
        for offset in 0..<min(old, rest.count) {
            let (a, b) = (path[shared + offset], bytes[rest.lowerBound + offset])
            if a != b { return (a == 0x2F ? 0 : a) < (b == 0x2F ? 0 : b) }
        }
        return old < rest.count
    }

    /// Places the path just rebuilt in the tree: the names it still shares
    /// with the one before are kept, and what is left must be one name.
    private mutating func place(keeping shared: Int, from start: Int) throws(SavedScanError) {
        // A name is kept while the bytes up to its end are (`shared`) and a `/` still follows it.
        while let last = chain.last, !(last.end <= shared && last.end < path.count && path[last.end] == 0x2F) {
            chain.removeLast()
        }
        let nameStart = chain.last.map { $0.end + 1 } ?? 0
        guard nameStart < path.count, !path[nameStart...].contains(0x2F) else {
            throw SavedScanError(offset: start, "an entry inside a directory the scan does not hold (or an empty name)")
        }
        if let parent = chain.last, parent.kind != .directory {
            throw SavedScanError(offset: start, "an entry inside one that is not a directory")
        }
        ordinal += 1
        chain.append((path.count, Int32(ordinal), .unknown))
    }

    static func readTotals(_ reader: inout Varint.Reader) throws(SavedScanError) -> SpaceTotals {
        let blocks = try reader.number(what: "a size on disk")
        guard blocks <= UInt64(Int64.max / 512) else { throw SavedScanError(offset: reader.offset, "a size on disk too large") }
        return SpaceTotals(
            apparentBytes: Int64(clamping: try reader.number(what: "an apparent size")), diskBytes: Int64(blocks) * 512,
            files: Int(clamping: try reader.number(what: "a file count")), directories: Int(clamping: try reader.number(what: "a directory count")))
    }
}
