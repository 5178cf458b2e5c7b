/// The names of a directory listing, stored compactly: one byte arena holding
/// every name followed by a NUL, an offset per entry and a kind byte per entry.
///
/// A million names cost their bytes plus five bytes each, with no String or
/// Array per entry; the NUL lets a name be passed to `fstatat` without a copy.
public struct NameArena: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Start of entry i's name; `starts[count]` is the end of the arena.
    private(set) var starts: [UInt32] = [0]
    private(set) var kinds: [FileKind] = []

    public init() {}

    public var count: Int { kinds.count }
    /// The bytes the names take, NULs included.
    public var byteCount: Int { bytes.count }

    public mutating func reserve(entries: Int, bytes byteCount: Int) {
        starts.reserveCapacity(entries + 1)
        kinds.reserveCapacity(entries)
        bytes.reserveCapacity(byteCount)
    }

    /// Appends a name (without its NUL) and the kind the directory reported.
    public mutating func append(_ name: UnsafeBufferPointer<UInt8>, kind: FileKind) {
        bytes.append(contentsOf: name)
        bytes.append(0)
        starts.append(UInt32(bytes.count))
        kinds.append(kind)
    }

    public mutating func append(_ name: [UInt8], kind: FileKind) {
        name.withUnsafeBufferPointer { append($0, kind: kind) }
    }

    /// The kind reported by the directory (`d_type`); `.unknown` on file systems
    /// that do not report it.
    public func kind(at index: Int) -> FileKind { kinds[index] }

    /// Records a kind learnt later from `stat`.
    mutating func setKind(_ kind: FileKind, at index: Int) { kinds[index] = kind }

    public func nameLength(at index: Int) -> Int { Int(starts[index + 1] - starts[index]) - 1 }

    /// Calls `body` with the name's bytes (no NUL).
    @inline(__always)
    public func withName<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let start = Int(starts[index]), end = Int(starts[index + 1]) - 1
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Calls `body` with the name as a NUL-terminated C string.
    @inline(__always)
    public func withCName<R>(at index: Int, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let start = Int(starts[index])
        return try bytes.withUnsafeBufferPointer { buffer in
            try (buffer.baseAddress! + start).withMemoryRebound(to: CChar.self, capacity: 1) { try body($0) }
        }
    }

    /// A copy of the name's bytes.
    public func name(at index: Int) -> [UInt8] { withName(at: index) { Array($0) } }

    /// Whole-arena access for sorting: the byte buffer and the offsets.
    func withStorage<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { b in try starts.withUnsafeBufferPointer { s in try body(b, s) } }
    }
}
