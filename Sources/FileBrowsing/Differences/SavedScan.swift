import SystemSeam

/// A space scan kept in a file (`--du --save FILE`): every entry below a
/// root with its kind and totals, so a later scan of the same tree can say
/// what grew (`--du --since FILE`). Written compactly: the entries in path
/// order, each path stored as the bytes it does not share with the one
/// before, numbers as LEB128 varints (about 9 bytes an entry measured).
///
/// Layout: `FTSCAN1\n`, the root's path (varint length, bytes), the time
/// saved (varint seconds), the entry count (varint), then each entry: the
/// length of the prefix shared with the previous path, the rest's length
/// and bytes, the kind (one byte), disk bytes / 512, apparent bytes, files,
/// directories (varints).
public struct SavedScan: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The path below the root, components joined by `/`.
        public var path: [UInt8]
        public var kind: FileKind
        public var totals: SpaceTotals

        public init(path: [UInt8], kind: FileKind, totals: SpaceTotals) {
            self.path = path
            self.kind = kind
            self.totals = totals
        }
    }

    /// The scanned directory's absolute path.
    public var root: [UInt8]
    /// When it was saved (seconds since 1970).
    public var savedAt: Int64
    /// The root's own totals (everything below it).
    public var rootTotals: SpaceTotals
    /// Every entry below the root, in path order.
    public var entries: [Entry]

    public init(root: [UInt8], savedAt: Int64, rootTotals: SpaceTotals, entries: [Entry]) {
        self.root = root
        self.savedAt = savedAt
        self.rootTotals = rootTotals
        self.entries = entries.sorted { Self.precedes($0.path, $1.path) }
    }

    /// A scan of entries already in path order (a part of another, kept in order).
    init(root: [UInt8], savedAt: Int64, rootTotals: SpaceTotals, orderedEntries: [Entry]) {
        self.root = root
        self.savedAt = savedAt
        self.rootTotals = rootTotals
        entries = orderedEntries
    }

    /// The scan `result` of `root` (recorded to every depth, started on
    /// the path `scanned`), as kept.
    public init(_ result: SpaceScan.Result, scanned: [UInt8], root: [UInt8], savedAt: Int64) {
        // An entry's path is the scanned path, a slash, and its names.
        let prefix = scanned.isEmpty ? 0 : scanned.count + (scanned.last == 0x2F ? 0 : 1)
        // `entries` is worked out from the scan's batches each time it is
        // asked for: asked once (asked an entry at a time, 23,696 entries took 95 s).
        let recorded = result.entries
        // Put in order by a walk down the scan's tree, not by comparing paths.
        let order = SpaceScan.Entry.nameOrder(recorded)
        self.init(
            root: root, savedAt: savedAt, rootTotals: result.root,
            orderedEntries: order.map { index in
                let entry = recorded[index]
                return Entry(path: Array(entry.path.dropFirst(prefix)), kind: entry.kind, totals: entry.totals)
            })
    }

    /// The order entries are kept in: path by path, name by name (byte
    /// order, a `/` before any other byte: a directory's entries come right
    /// after it, `a/c` before `a-b`).
    public static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                for index in 0..<min(x.count, y.count) where x[index] != y[index] {
                    return (x[index] == 0x2F ? 0 : x[index]) < (y[index] == 0x2F ? 0 : y[index])
                }
                return x.count < y.count
            }
        }
    }

    static let magic = Array("FTSCAN1\n".utf8)

    /// A scan read from a file: filetable's own, or an ncdu export (`ncdu -o`).
    public static func load(_ bytes: [UInt8]) throws(SavedScanError) -> SavedScan {
        isNcduExport(bytes) ? try NcduExport.decode(bytes) : try SavedScan(decoding: bytes)
    }

    /// Whether `head` (a scan's first bytes, or all of a short one) can
    /// begin a kept scan: filetable's magic, or an ncdu export's `[1,`
    /// (blanks allowed between). Random bytes and zeros cannot.
    static func mayStartAScan(_ head: [UInt8]) -> Bool {
        if head.count >= magic.count ? head.starts(with: magic) : magic.starts(with: head) { return true }
        let significant = head.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }.prefix(3)
        return Array("[1,".utf8).starts(with: significant) && !significant.isEmpty
    }

    /// Whether a kept scan's bytes are an ncdu export (JSON: its first
    /// byte but blanks is `[`) rather than filetable's own.
    static func isNcduExport(_ bytes: [UInt8]) -> Bool {
        bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "[")
    }

    /// Whether the file at `path` starts as a saved scan does (its first
    /// bytes only: filetable's, or an ncdu export's); nil when nothing is there.
    public static func startsAsSavedScan(_ path: [UInt8]) -> Bool? {
        switch withCString(path, { Syscalls.openFile(at: Syscalls.workingDirectory, name: $0) }) {
        case .failure(.noSuchFileOrDirectory): return nil
        case .failure: return false
        case .success(let fd):
            defer { Syscalls.close(fd) }
            var head = [UInt8](repeating: 0, count: magic.count)
            let got = head.withUnsafeMutableBytes { Syscalls.positionedRead(fd, into: $0.baseAddress!, count: magic.count, at: 0) }
            return (try? got.get()) == magic.count
                && (head == magic || head.starts(with: Array("[1,2,{".utf8)) || head.starts(with: Array("[1, 2, ".utf8)))
        }
    }

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        var out = Self.magic
        out.reserveCapacity(entries.count * 24 + root.count + 32)
        Varint.append(UInt64(root.count), to: &out)
        out += root
        Varint.append(UInt64(max(0, savedAt)), to: &out)
        Self.appendTotals(rootTotals, to: &out)
        Varint.append(UInt64(entries.count), to: &out)
        var previous: [UInt8] = []
        for entry in entries {
            let shared = Self.sharedLength(previous, entry.path)
            Varint.append(UInt64(shared), to: &out)
            Varint.append(UInt64(entry.path.count - shared), to: &out)
            entry.path.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[shared...])) }
            out.append(entry.kind.rawValue)
            Self.appendTotals(entry.totals, to: &out)
            previous = entry.path
        }
        return out
    }

    /// How many bytes two paths share at their start.
    private static func sharedLength(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var count = 0
                let limit = min(a.count, b.count)
                while count < limit && a[count] == b[count] { count += 1 }
                return count
            }
        }
    }

    static func appendTotals(_ totals: SpaceTotals, to out: inout [UInt8]) {
        Varint.append(UInt64(max(0, totals.diskBytes)) / 512, to: &out)
        Varint.append(UInt64(max(0, totals.apparentBytes)), to: &out)
        Varint.append(UInt64(max(0, totals.files)), to: &out)
        Varint.append(UInt64(max(0, totals.directories)), to: &out)
    }

    /// Reads a saved scan; a damaged or foreign file is an error naming the
    /// byte where it goes wrong. Memory is bounded by the file's size.
    public init(decoding bytes: [UInt8]) throws(SavedScanError) {
        let reader = try SavedScanReader(bytes)
        root = reader.root
        savedAt = reader.savedAt
        rootTotals = reader.rootTotals
        var entries: [Entry] = []
        entries.reserveCapacity(reader.count)
        try reader.forEachEntry { (entry) throws(SavedScanError) in
            entries.append(Entry(path: Array(entry.path), kind: entry.kind, totals: entry.totals))
        }
        self.entries = entries
    }
}

/// What is wrong with a saved scan, and at which byte.
public struct SavedScanError: Error, Equatable, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    init(offset: Int, _ reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "at byte \(offset): \(reason)" }

    /// Bytes that start as no kept scan does (nor an ncdu export).
    static let notAScan = SavedScanError(offset: 0, "not a scan filetable saved (it starts FTSCAN1; save one with --du --save FILE)")
}

/// LEB128 numbers: seven bits a byte, low bits first.
enum Varint {
    @inline(__always)
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        if value < 0x80 {
            out.append(UInt8(value))
            return
        }
        var value = value
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }
}
