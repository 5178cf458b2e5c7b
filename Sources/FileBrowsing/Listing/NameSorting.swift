/// Natural name order for entries of an arena picked out by number: the
/// listing's own radix sort on key prefixes, with its comparator for ties,
/// for tables whose rows are not one directory's (search matches, marks).
enum NameSorting {
    /// `entries` (indices into `names`) in natural order of their names.
    static func naturalOrder<Index: BinaryInteger>(_ entries: [Index], in names: NameArena) -> [Index] {
        // An item's index is the entry's own number in `names`, which the comparator reads.
        var items: [SortItem] = []
        items.reserveCapacity(entries.count)
        for entry in entries {
            let (high, low) = names.withName(at: Int(entry)) { NaturalOrder.keyPrefix(of: $0) }
            items.append(SortItem(high: high, low: low, index: UInt32(entry), group: 0))
        }
        var comparator = NameComparator()
        PrefixRadixSort.sort(
            &items, by: { a, b in comparator.precedes(a, b, in: names) }, sortTied: { NameComparator.sortTied($0, in: names) })
        return items.map { Index($0.index) }
    }
}
