import SystemSeam

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

    /// An arena of these parts (`NameRecorder.arena()`): `starts` one more
    /// than `kinds`, from 0 to the end of `bytes`.
    init(bytes: [UInt8], starts: [UInt32], kinds: [FileKind]) {
        self.bytes = bytes
        self.starts = starts
        self.kinds = kinds
    }

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
    /// of a search a name; a long arena in two halves on two threads (a
    /// million names: about 2 ms, fast enough to filter as one types).
    public func entriesHolding(_ search: TextSearch) -> [Bool] {
        entriesHolding(search, parallelThreshold: Self.parallelCopyThreshold)
    }

    /// `entriesHolding` with the two-thread threshold set (small in tests).
    func entriesHolding(_ search: TextSearch, parallelThreshold: Int) -> [Bool] {
        let count = self.count
        guard !search.needle.isEmpty, !search.needle.contains(0) else {
            return [Bool](repeating: search.needle.isEmpty, count: count)
        }
        return [Bool](unsafeUninitializedCapacity: count) { flags, initialised in
            flags.initialize(repeating: false)
            initialised = count
            bytes.withUnsafeBytes { arena in
                starts.withUnsafeBufferPointer { starts in
                    let half = count / 2
                    guard count >= max(2, parallelThreshold) else {
                        Self.mark(0..<count, holding: search, arena: arena, starts: starts, flags: flags.baseAddress!)
                        return
                    }
                    // Each half writes only its own flags.
                    let shared = SharedMemory((arena, starts, flags.baseAddress!))
                    TwoThreads.run(
                        { Self.mark(0..<half, holding: search, arena: arena, starts: starts, flags: flags.baseAddress!) },
                        alongside: {
                            let (arena, starts, flags) = shared.pointer
                            Self.mark(half..<count, holding: search, arena: arena, starts: starts, flags: flags)
                        })
                }
            }
        }
    }

    /// Sets the flag of each entry of `entries` whose name holds the needle.
    /// A name of up to sixteen places is tried whole at once, without a
    /// branch that depends on the bytes: its first sixteen places against
    /// the needle's first and last bytes (the whole needle when it has at
    /// most two), places past the name masked off. Branches on the bytes
    /// cost a misprediction a name when half the names match (9 ms a
    /// million names, where this takes about 2). Longer names, names near
    /// the arena's end and candidates of longer needles use `firstMatch`.
    private static func mark(
        _ entries: Range<Int>, holding search: TextSearch, arena: UnsafeRawBufferPointer,
        starts: UnsafeBufferPointer<UInt32>, flags: UnsafeMutablePointer<Bool>
    ) {
        let needle = search.needle
        let count = needle.count
        func folding(_ byte: UInt8) -> SIMD16<UInt8> {
            SIMD16(repeating: search.ignoresCase && (0x61...0x7A).contains(byte) ? 0x20 : 0)
        }
        let firstFold = folding(needle[0])
        let lastFold = folding(needle[count - 1])
        let firstWanted = SIMD16<UInt8>(repeating: needle[0])
        let lastWanted = SIMD16<UInt8>(repeating: needle[count - 1])
        // Byte i of `firstPlaces[n]` is all ones for i < n.
        let firstPlaces = (0...16).map { n in SIMD2<UInt64>(Self.lowBytes(n), Self.lowBytes(n - 8)) }
        // The last start at which both sixteen-byte loads stay in the arena.
        let lastWholeLoad = arena.count - 16 - (count - 1)
        let base = arena.baseAddress!
        for entry in entries {
            let start = Int(starts[entry])
            let length = Int(starts[entry + 1]) - 1 - start
            let places = length - count + 1
            guard places > 0 else { continue }
            if places <= 16 && start <= lastWholeLoad {
                let heads = base.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self) | firstFold
                let tails = base.loadUnaligned(fromByteOffset: start + count - 1, as: SIMD16<UInt8>.self) | lastFold
                let fits = unsafeBitCast((heads .== firstWanted) .& (tails .== lastWanted), to: SIMD2<UInt64>.self)
                let candidates = fits & firstPlaces[places]
                let found = candidates[0] | candidates[1] != 0
                if count <= 2 {
                    flags[entry] = found
                    continue
                }
                guard found else { continue }
            }
            let name = UnsafeRawBufferPointer(rebasing: arena[start..<(start + length)])
            flags[entry] = search.firstMatch(in: name, from: 0) != nil
        }
    }

    /// A word whose low `n` bytes (0 to 8, clamped) are all ones.
    private static func lowBytes(_ n: Int) -> UInt64 {
        n <= 0 ? 0 : n >= 8 ? ~0 : (1 << UInt64(n * 8)) - 1
    }

    /// Clears the flag of every entry whose name starts with a dot (the
    /// entries `ls` hides), by entry number.
    public func clearDotNames(in flags: inout [Bool]) {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                flags.withUnsafeMutableBufferPointer { flags in
                    for index in 0..<min(flags.count, count) where bytes[Int(starts[index])] == 0x2E { flags[index] = false }
                }
            }
        }
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
