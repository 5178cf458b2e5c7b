/// An open-addressing hash index from (directory identity, name) to a mark
/// number, for `MarkStore`. It keeps no keys, only each number and its
/// hash; a probe asks the store whether a number is the entry sought. A
/// million marks take 16 MB of slots instead of a set of a million names.
struct EntryIndex {
    /// Mark numbers; `empty` or `removed` where none.
    private var slots: [Int32] = []
    /// Each slot's hash, so the table grows without its keys.
    private var hashes: [UInt32] = []
    /// Slots not empty (tombstones count: they lengthen probes).
    private var occupied = 0
    private static let empty: Int32 = -1
    private static let removed: Int32 = -2

    /// The number `isEntry` accepts among those filed under this key, or nil.
    func find(directory: FileIdentity, name: UnsafeBufferPointer<UInt8>, isEntry: (Int32) -> Bool) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let hash = Self.hash(directory, name)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let number = slots[slot]
            if number == Self.empty { return nil }
            if number >= 0 && hashes[slot] == hash && isEntry(number) { return number }
            slot = (slot + 1) & mask
        }
    }

    /// Files `number` under its entry's key.
    mutating func insert(_ number: Int32, directory: FileIdentity, name: UnsafeBufferPointer<UInt8>) {
        if (occupied + 1) * 2 > slots.count { grow() }
        place(number, hash: Self.hash(directory, name))
    }

    /// Takes `number` out (a tombstone keeps later probes going).
    mutating func forget(_ number: Int32, directory: FileIdentity, name: UnsafeBufferPointer<UInt8>) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var slot = Int(Self.hash(directory, name)) & mask
        while slots[slot] != Self.empty {
            if slots[slot] == number {
                slots[slot] = Self.removed
                return
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func place(_ number: Int32, hash: UInt32) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        if slots[slot] == Self.empty { occupied += 1 }
        slots[slot] = number
        hashes[slot] = hash
    }

    /// Doubles the table (or clears tombstones) and files every number again.
    private mutating func grow() {
        let oldSlots = slots
        let oldHashes = hashes
        let live = oldSlots.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
        // A quarter full after growing: half full is the next growth.
        var size = 16
        while size < (live + 1) * 4 { size *= 2 }
        slots = [Int32](repeating: Self.empty, count: size)
        hashes = [UInt32](repeating: 0, count: size)
        occupied = 0
        for (slot, number) in oldSlots.enumerated() where number >= 0 { place(number, hash: oldHashes[slot]) }
    }

    /// FNV-1a over the name, mixed with the directory's identity.
    @inline(__always)
    static func hash(_ directory: FileIdentity, _ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (directory.inode &* 0x9E37_79B9_7F4A_7C15) ^ directory.device
        for byte in name {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }
}
