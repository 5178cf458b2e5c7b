import SystemSeam

/// Reads filetable's saved scan (see `SavedScan` for the layout) one entry
/// at a time: each path is rebuilt in one buffer from the bytes it shares
/// with the one before (no array an entry), checked to come after it, and
/// placed in the tree: its parent is the entry of the path up to its last
/// `/`, which must have come before it. What goes wrong is an error naming
/// the byte. `SavedScan(decoding:)` and `ScanIndex` both read through here.
///
/// The entries are read over the file's raw bytes into buffers the reader
/// grows itself (`EntryCursor`): about 20 ns an entry, where the same
/// checks through arrays took about 65 (their uniqueness and bounds checks,
/// a `memmove` call for a name of four bytes).
struct SavedScanReader {
    let bytes: [UInt8]
    let root: [UInt8]
    let savedAt: Int64
    let rootTotals: SpaceTotals
    /// The entries the file says it holds.
    let count: Int
    /// Where the first entry starts.
    private let entriesStart: Int

    /// One entry, as `forEachEntry` hands it over: `path` and `name` point
    /// into the reader's buffer and are valid only during that call.
    struct Entry {
        /// The path below the root, names joined by `/`.
        let path: UnsafeBufferPointer<UInt8>
        /// Where the entry's own name starts in `path`.
        let nameStart: Int
        /// How many directories below the root it lies (0: one of the root's own).
        let depth: Int
        /// Its number (0 for the first) and its directory's (-1: the root).
        let ordinal: Int32
        let parentOrdinal: Int32
        let kind: FileKind
        let totals: SpaceTotals

        var name: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: path[nameStart...]) }
    }

    init(_ bytes: [UInt8]) throws(SavedScanError) {
        self.bytes = bytes
        guard bytes.starts(with: SavedScan.magic) else {
            throw SavedScanError.notAScan
        }
        // The header, read as the entries are.
        let header = try bytes.withUnsafeBufferPointer { (file) throws(SavedScanError) in
            var cursor = EntryCursor(file, at: SavedScan.magic.count)
            let root = try cursor.bytes(count: cursor.number(what: "the root's length"), what: "the root")
            let savedAt = Int64(clamping: try cursor.number(what: "the time saved"))
            let totals = try cursor.totals()
            let count = try cursor.number(what: "the entry count")
            return (root: root, savedAt: savedAt, totals: totals, count: count, end: cursor.offset)
        }
        (root, savedAt, rootTotals) = (header.root, header.savedAt, header.totals)
        // Each entry takes at least 8 bytes: a count larger than the file allows is damage, not a reason to reserve.
        guard header.count <= UInt64(bytes.count - header.end) / 8 + 1, header.count < UInt64(Int32.max) else {
            throw SavedScanError(offset: header.end, "the entry count \(header.count) is more than the file holds")
        }
        count = Int(header.count)
        entriesStart = header.end
    }

    /// Reads every entry in the file's order, handing each to `body`; the
    /// file must end after the last, and the root's own entries must not add
    /// up to more than its total, which holds them (a hostile scan with
    /// sizes of 8 EiB and a root of 32 KiB said "shrank by 8.0 EiB ... 32
    /// KiB in all").
    func forEachEntry(_ body: (Entry) throws(SavedScanError) -> Void) throws(SavedScanError) {
        var topLevel = SpaceTotals()
        try bytes.withUnsafeBufferPointer { (file) throws(SavedScanError) in
            var cursor = EntryCursor(file, at: entriesStart)
            for ordinal in 0..<count {
                let entry = try cursor.next(ordinal: Int32(ordinal))
                if entry.depth == 0 { topLevel += entry.totals }
                try body(entry)
            }
            guard cursor.offset == file.count else {
                throw SavedScanError(offset: cursor.offset, "\(file.count - cursor.offset) bytes follow the last entry")
            }
        }
        guard topLevel.diskBytes <= rootTotals.diskBytes, topLevel.apparentBytes <= rootTotals.apparentBytes else {
            throw SavedScanError(offset: entriesStart, "the root's entries add up to more than its total (damaged)")
        }
    }

}
