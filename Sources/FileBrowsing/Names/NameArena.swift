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
    /// The entry numbers in natural name order, when the enumerator worked it
    /// out while reading (huge directories only); nil otherwise, and after
    /// any later append.
    internal(set) public var naturalOrder: [UInt32]?

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
        if naturalOrder != nil { naturalOrder = nil }
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
        let start = Int(starts[index])
        let end = Int(starts[index + 1]) - 1
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

    /// Which entries hold `search`'s needle (no NUL in it): one vectorised
    /// pass over the whole arena, each match mapped to its entry, instead
    /// of a search a name (a million names: a few ms, where name by name
    /// took 40 ms, too slow to filter as one types).
    public func entriesHolding(_ search: TextSearch) -> [Bool] {
        var flags = [Bool](repeating: search.needle.isEmpty, count: count)
        guard !search.needle.isEmpty, !search.needle.contains(0) else { return flags }
        bytes.withUnsafeBytes { arena in
            var from = 0
            var entry = 0
            while let found = search.firstMatch(in: arena, from: from) {
                // Entries end at their NUL; a match never crosses one (the needle has none).
                while Int(starts[entry + 1]) <= found { entry += 1 }
                flags[entry] = true
                // On to the next entry: one match an entry is enough.
                from = Int(starts[entry + 1])
            }
        }
        return flags
    }

    /// A copy of the name's bytes.
    public func name(at index: Int) -> [UInt8] { withName(at: index) { Array($0) } }

    /// The first byte of a name (0 for an empty one).
    @inline(__always)
    public func firstByte(at index: Int) -> UInt8 { bytes[Int(starts[index])] }

    /// A new arena with the given entries (each at most once), in the given
    /// order. The names are read at random, so a long order is copied in two
    /// halves on two threads; the byte storage is sized by the whole arena,
    /// which bounds it, instead of by a first pass over the order.
    public func reordered(_ order: [UInt32]) -> NameArena {
        reordered(order, parallelThreshold: Self.parallelCopyThreshold)
    }

    /// `reordered` with the two-thread threshold set (small in tests).
    func reordered(_ order: [UInt32], parallelThreshold: Int) -> NameArena {
        var result = NameArena()
        let count = order.count
        let byteCapacity = bytes.count + 16  // 16 bytes of slack: short names move as two words
        result.starts = [UInt32](unsafeUninitializedCapacity: count + 1) { newStarts, startCount in
            result.kinds = [FileKind](unsafeUninitializedCapacity: count) { newKinds, kindCount in
                result.bytes = [UInt8](unsafeUninitializedCapacity: byteCapacity) { newBytes, byteCount in
                    bytes.withUnsafeBufferPointer { oldBytes in
                        starts.withUnsafeBufferPointer { oldStarts in
                            kinds.withUnsafeBufferPointer { oldKinds in
                                order.withUnsafeBufferPointer { order in
                                    let source = Source(bytes: oldBytes, starts: oldStarts, kinds: oldKinds)
                                    newStarts[0] = 0
                                    byteCount = Self.copyInHalves(
                                        order, from: source, bytes: newBytes.baseAddress!,
                                        starts: newStarts.baseAddress! + 1, kinds: newKinds.baseAddress!,
                                        parallelThreshold: parallelThreshold)
                                }
                            }
                        }
                    }
                }
                kindCount = count
            }
            startCount = count + 1
        }
        return result
    }

    /// Below this many entries the copy stays on one thread.
    static let parallelCopyThreshold = 1 << 16

    /// The arena being copied from, as raw buffers.
    private struct Source {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<UInt32>
        let kinds: UnsafeBufferPointer<FileKind>
    }

    /// Copies the entries of `order` into `bytes`, `ends` (each name's end
    /// offset) and `kinds`; returns the bytes written.
    private static func copyInHalves(
        _ order: UnsafeBufferPointer<UInt32>, from source: Source, bytes: UnsafeMutablePointer<UInt8>,
        starts ends: UnsafeMutablePointer<UInt32>, kinds: UnsafeMutablePointer<FileKind>,
        parallelThreshold: Int
    ) -> Int {
        let count = order.count
        guard count >= max(2, parallelThreshold) else {
            return copy(order, from: source, to: UnsafeMutableRawPointer(bytes), ends: ends, kinds: kinds)
        }
        // The second half goes to scratch storage (its offset is not known
        // until the first half is done), then moves up behind the first.
        let half = count / 2
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: source.bytes.count + 16, alignment: 8)
        defer { scratch.deallocate() }
        let secondOrder = UnsafeBufferPointer(rebasing: order[half...])
        var firstBytes = 0
        // The second half reads the source and writes the scratch and the back
        // halves of `ends` and `kinds`; the first writes only their front halves.
        let shared = SharedMemory((secondOrder, source, scratch, ends + half, kinds + half))
        let secondBytes = TwoThreads.run(
            {
                firstBytes = copy(
                    UnsafeBufferPointer(rebasing: order[..<half]), from: source,
                    to: UnsafeMutableRawPointer(bytes), ends: ends, kinds: kinds)
            },
            alongside: {
                let (order, source, scratch, ends, kinds) = shared.pointer
                return copy(order, from: source, to: scratch, ends: ends, kinds: kinds)
            })
        (UnsafeMutableRawPointer(bytes) + firstBytes).copyMemory(from: scratch, byteCount: secondBytes)
        let shift = UInt32(firstBytes)
        for position in half..<count { ends[position] += shift }
        return firstBytes + secondBytes
    }

    @inline(__always)
    private static func copy(
        _ order: UnsafeBufferPointer<UInt32>, from source: Source, to target: UnsafeMutableRawPointer,
        ends: UnsafeMutablePointer<UInt32>, kinds: UnsafeMutablePointer<FileKind>
    ) -> Int {
        let bytes = UnsafeRawPointer(source.bytes.baseAddress!)
        var offset = 0
        for (position, index) in order.enumerated() {
            let i = Int(index)
            let start = Int(source.starts[i])
            let length = Int(source.starts[i + 1]) - start
            if length <= 16 && start + 16 <= source.bytes.count {
                target.storeBytes(of: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                target.storeBytes(of: bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self), toByteOffset: offset + 8, as: UInt64.self)
            } else {
                (target + offset).copyMemory(from: bytes + start, byteCount: length)
            }
            offset += length
            ends[position] = UInt32(offset)
            kinds[position] = source.kinds[i]
        }
        return offset
    }
}
