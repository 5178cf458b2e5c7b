import SystemSeam

/// Natural name order between sort items of one arena: the sixteen-byte key
/// prefix, then the full keys (walked side by side, only for names that tie
/// on their prefix), then the raw bytes, then the entry number. One comparator
/// serves the listing's sorts and the order built while a directory is read.
struct NameComparator {
    @inline(__always)
    mutating func precedes(_ a: SortItem, _ b: SortItem, in arena: NameArena) -> Bool {
        if a.high != b.high { return a.high < b.high }
        if a.low != b.low { return a.low < b.low }
        return tieBreak(a.index, b.index, in: arena)
    }

    /// Names tied on their key prefix: their keys' bytes walked together (a
    /// cache of built keys, hashed twice a comparison, cost more than
    /// walking them in the small groups that come here), then the bytes.
    private func tieBreak(_ a: UInt32, _ b: UInt32, in arena: NameArena) -> Bool {
        let order = arena.withName(at: Int(a)) { x in
            arena.withName(at: Int(b)) { y in
                let byKeys = NaturalKeyCursor.compare(x, y)
                return byKeys != 0 ? byKeys : NaturalOrder.compareBytes(x, y)
            }
        }
        return order != 0 ? order < 0 : a < b
    }

    /// Items tied on group and key prefix (more than a handful: names with a
    /// long shared start, `locale-archive-…`), in the order `precedes` gives
    /// them, from full keys built once into one buffer: each comparison then
    /// is a `memcmp` of two slices, with no dictionary and no reference count.
    static func sortTied(_ items: UnsafeMutableBufferPointer<SortItem>, in arena: NameArena) {
        var keys: [UInt8] = []
        var bounds: [Int] = [0]
        bounds.reserveCapacity(items.count + 1)
        for item in items {
            arena.withName(at: Int(item.index)) { NaturalOrder.appendKey(of: $0, to: &keys) }
            bounds.append(keys.count)
        }
        var order = Array(0..<items.count)
        keys.withUnsafeBufferPointer { keys in
            bounds.withUnsafeBufferPointer { bounds in
                order.sort { i, j in
                    let byKeys = NaturalOrder.compareBytes(
                        UnsafeBufferPointer(rebasing: keys[bounds[i]..<bounds[i + 1]]), UnsafeBufferPointer(rebasing: keys[bounds[j]..<bounds[j + 1]])
                    )
                    if byKeys != 0 { return byKeys < 0 }
                    let (a, b) = (items[i].index, items[j].index)
                    let byBytes = arena.withName(at: Int(a)) { x in arena.withName(at: Int(b)) { y in NaturalOrder.compareBytes(x, y) } }
                    return byBytes != 0 ? byBytes < 0 : a < b
                }
            }
        }
        let sorted = order.map { items[$0] }
        for (position, item) in sorted.enumerated() { items[position] = item }
    }
}
