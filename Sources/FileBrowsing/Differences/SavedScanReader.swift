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
        var reader = Varint.Reader(bytes)
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
        entriesStart = reader.offset
    }

    /// Reads every entry in the file's order, handing each to `body`; the
    /// file must end after the last.
    func forEachEntry(_ body: (Entry) throws(SavedScanError) -> Void) throws(SavedScanError) {
        try bytes.withUnsafeBufferPointer { (file) throws(SavedScanError) in
            var cursor = EntryCursor(file, at: entriesStart)
            defer { cursor.release() }
            for ordinal in 0..<count {
                let entry = try cursor.next(ordinal: Int32(ordinal))
                try body(entry)
            }
            guard cursor.offset == file.count else {
                throw SavedScanError(offset: cursor.offset, "\(file.count - cursor.offset) bytes follow the last entry")
            }
        }
    }

    static func readTotals(_ reader: inout Varint.Reader) throws(SavedScanError) -> SpaceTotals {
        let blocks = try reader.number(what: "a size on disk")
        guard blocks <= UInt64(Int64.max / 512) else { throw SavedScanError(offset: reader.offset, "a size on disk too large") }
        return SpaceTotals(
            apparentBytes: Int64(clamping: try reader.number(what: "an apparent size")), diskBytes: Int64(blocks) * 512,
            files: Int(clamping: try reader.number(what: "a file count")), directories: Int(clamping: try reader.number(what: "a directory count")))
    }
}
