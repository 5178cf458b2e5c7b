/// Natural name order for entries of an arena picked out by number: the
/// listing's own radix sort on key prefixes, with its comparator for ties,
/// for tables whose rows are not one directory's (search matches, marks).
enum NameSorting {
    /// `entries` (indices into `names`) in natural order of their names.
    static func naturalOrder<Index: BinaryInteger>(_ entries: [Index], in names: NameArena) -> [Index] {
        var items: [SortItem] = []
        items.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            let (high, low) = names.withName(at: Int(entry)) { NaturalOrder.keyPrefix(of: $0) }
            items.append(SortItem(high: high, low: low, index: UInt32(position), group: 0))
        }
        // The comparator reads names by item index: give it the entries' names in item order.
        var picked = NameArena()
        picked.reserve(entries: entries.count, bytes: 0)
        for entry in entries { names.withName(at: Int(entry)) { picked.append($0, kind: names.kind(at: Int(entry))) } }
        var comparator = NameComparator()
        PrefixRadixSort.sort(&items) { a, b in comparator.precedes(a, b, in: picked) }
        return items.map { entries[Int($0.index)] }
    }
}
