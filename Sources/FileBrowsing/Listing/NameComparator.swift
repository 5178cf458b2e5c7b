import SystemSeam

/// Natural name order between sort items of one arena: the sixteen-byte key
/// prefix, then the full keys (built once per name, only for names that tie
/// on their prefix), then the raw bytes, then the entry number. One comparator
/// serves the listing's sorts and the order built while a directory is read.
struct NameComparator {
    private var fullKeys: [UInt32: [UInt8]] = [:]

    init() {}

    @inline(__always)
    mutating func precedes(_ a: SortItem, _ b: SortItem, in arena: NameArena) -> Bool {
        if a.high != b.high { return a.high < b.high }
        if a.low != b.low { return a.low < b.low }
        return tieBreak(a.index, b.index, in: arena)
    }

    private mutating func tieBreak(_ a: UInt32, _ b: UInt32, in arena: NameArena) -> Bool {
        let keyA = fullKey(a, in: arena)
        let keyB = fullKey(b, in: arena)
        // Byte order of the keys, by memcmp: names with long common prefixes
        // (the 16-byte radix keys all equal) come here for every comparison.
        let byKeys = keyA.withUnsafeBytes { x in
            keyB.withUnsafeBytes { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(Syscalls.compareMemory(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }
        if byKeys != 0 { return byKeys < 0 }
        let byBytes = arena.withName(at: Int(a)) { x in arena.withName(at: Int(b)) { y in NaturalOrder.compareBytes(x, y) } }
        return byBytes != 0 ? byBytes < 0 : a < b
    }

    private mutating func fullKey(_ index: UInt32, in arena: NameArena) -> [UInt8] {
        if let key = fullKeys[index] { return key }
        let key = NaturalOrder.key(of: arena.name(at: Int(index)))
        fullKeys[index] = key
        return key
    }
}
