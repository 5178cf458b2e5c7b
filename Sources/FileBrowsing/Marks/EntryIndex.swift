import SystemSeam

/// An open-addressing hash index from (directory identity, name) to a mark
/// number, for `MarkStore`. It keeps no keys: each slot is one word, the
/// key's 32-bit hash and the number, so a probe touches one cache line and
/// asks the store whether a number is the entry sought only when the hashes
/// agree. A million marks take 16 MB instead of a set of a million names.
struct EntryIndex {
    /// `hash << 32 | (number + 1)`; `empty` or `removed` where none.
    private var slots: [UInt64] = []
    /// Slots not empty (tombstones count: they lengthen probes).
    private var occupied = 0
    private static let empty: UInt64 = 0
    private static let removed: UInt64 = 0xFFFF_FFFF

    /// The number `isEntry` accepts among those filed under this key, or nil.
    @inline(__always)
    func find(directory: FileIdentity, name: UnsafeBufferPointer<UInt8>, isEntry: (Int32) -> Bool) -> Int32? {
        find(hash: Self.hash(directory, name), isEntry: isEntry)
    }

    /// `find` by the key's hash.
    @inline(__always)
    func find(hash: UInt32, isEntry: (Int32) -> Bool) -> Int32? {
        guard !slots.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(hash) & mask
            while true {
                let word = slots[slot]
                if word == Self.empty { return nil }
                if word != Self.removed && UInt32(truncatingIfNeeded: word >> 32) == hash {
                    let number = Int32(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
                    if isEntry(number) { return number }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Files `number` under its entry's key.
    mutating func insert(_ number: Int32, directory: FileIdentity, name: UnsafeBufferPointer<UInt8>) {
        if (occupied + 1) * 4 > slots.count * 3 { grow() }
        place(UInt64(Self.hash(directory, name)) << 32 | UInt64(number + 1))
    }

    /// Files every number of `numbers` under its key (`hashOf`, the same
    /// hash `insert` takes), placed in the order of their slots: a region of
    /// the table at a time, in the cache, where a million placed in mark
    /// order each missed it (6% of `mark all`'s samples in perf).
    mutating func insert(all numbers: Range<Int32>, hashOf: (Int32) -> UInt32) {
        reserve(numbers.count)
        let mask = slots.count - 1
        let regionShift = max(0, mask.bitWidth - mask.leadingZeroBitCount - 8)
        // Counted first, then filed by region: the hashes are taken twice
        // rather than kept (a million would add 4 MB more to the peak).
        var starts = [Int](repeating: 0, count: 257)
        for number in numbers { starts[(Int(hashOf(number)) & mask) >> regionShift + 1] += 1 }
        for region in 0..<256 { starts[region + 1] += starts[region] }
        var ordered = [UInt64](repeating: 0, count: numbers.count)
        for number in numbers {
            let hash = hashOf(number)
            let region = (Int(hash) & mask) >> regionShift
            ordered[starts[region]] = UInt64(hash) << 32 | UInt64(number + 1)
            starts[region] += 1
        }
        for word in ordered { place(word) }
    }

    /// Takes `number` out (a tombstone keeps later probes going).
    mutating func forget(_ number: Int32, directory: FileIdentity, name: UnsafeBufferPointer<UInt8>) {
        guard !slots.isEmpty else { return }
        let word = UInt64(Self.hash(directory, name)) << 32 | UInt64(number + 1)
        let mask = slots.count - 1
        var slot = Int(word >> 32) & mask
        while slots[slot] != Self.empty {
            if slots[slot] == word {
                slots[slot] = Self.removed
                return
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func place(_ word: UInt64) {
        let mask = slots.count - 1
        var slot = Int(word >> 32) & mask
        while slots[slot] != Self.empty && slots[slot] != Self.removed { slot = (slot + 1) & mask }
        if slots[slot] == Self.empty { occupied += 1 }
        slots[slot] = word
    }

    /// Makes room for `count` more numbers at once: a batch of a million
    /// marks sizes the table once (16 MB) instead of doubling into it,
    /// where each doubling held the old table beside the new (24 MB at the
    /// last one, the session's peak).
    mutating func reserve(_ count: Int) {
        guard (occupied + count) * 4 > slots.count * 3 else { return }
        grow(toHold: count)
    }

    /// Grows the table (dropping tombstones) so it is at most half full
    /// with `more` numbers beside those it holds.
    private mutating func grow(toHold more: Int = 1) {
        let old = slots
        let live = old.reduce(0) { $0 + ($1 != Self.empty && $1 != Self.removed ? 1 : 0) }
        var size = 16
        while size < (live + more) * 2 { size *= 2 }
        slots = [UInt64](repeating: Self.empty, count: size)
        occupied = 0
        for word in old where word != Self.empty && word != Self.removed { place(word) }
    }

    /// The key's hash: the name eight bytes at a time, mixed with the
    /// directory's identity (a multiply-and-fold of each word).
    @inline(__always)
    static func hash(_ directory: FileIdentity, _ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt64 = (directory.inode &* 0x9E37_79B9_7F4A_7C15) ^ directory.device ^ UInt64(name.count)
        var index = 0
        let raw = UnsafeRawBufferPointer(name)
        while index + 8 <= name.count {
            h = mix(h ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        if index < name.count {
            var tail: UInt64 = 0
            for k in index..<name.count { tail |= UInt64(name[k]) << (8 * UInt64(k - index)) }
            h = mix(h ^ tail)
        }
        return UInt32(truncatingIfNeeded: mix(h) >> 16)
    }

    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: 0x9FB2_1C65_1E98_DF25)
        return product.high ^ product.low
    }
}
