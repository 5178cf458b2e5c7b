/// The order of gathered entries (a search's matches, the plan, an
/// archive's members) by the options' sort key, direction and directories
/// first: one rule for every kind of rows that keeps its names in an arena.
enum EntrySorting {
    /// `entries` (indices into `names`) in the options' order. `key` gives
    /// an entry's size or time for those sorts (`Int64.min` when unknown);
    /// `isDirectory` says which go first with `directoriesFirst`;
    /// `namesInOrder` says the entries already are in natural name order.
    static func sorted(
        _ entries: [UInt32], names: NameArena, options: ListOptions, namesInOrder: Bool = false, keyKnowsSpace: Bool = false,
        key: (UInt32) -> Int64, isDirectory: (UInt32) -> Bool
    ) -> [UInt32] {
        var result: [UInt32]
        // du's order by `key` where the rows know their space (an archive's index), else by name.
        let sortKey = options.sortKey == .space && keyKnowsSpace ? .size : options.sortKey
        switch sortKey {
        case .none:
            result = entries
        case .name, .space:
            result = namesInOrder ? entries : NameSorting.naturalOrder(entries, in: names)
        case .bytes:
            result = entries.sorted { names.name(at: Int($0)).lexicographicallyPrecedes(names.name(at: Int($1))) }
        case .version:
            result = entries.sorted { VersionOrder.precedes(names.name(at: Int($0)), names.name(at: Int($1))) }
        case .ext:
            result = entries.sorted { a, b in
                let (x, y) = (names.name(at: Int(a)), names.name(at: Int(b)))
                let (ex, ey) = (extensionOf(x), extensionOf(y))
                return ex != ey ? NaturalOrder.precedes(ex, ey) : NaturalOrder.precedes(x, y)
            }
        case .width:
            // The narrowest name first, ties by name.
            let widths = entries.map { names.withName(at: Int($0)) { NameEscaping.displayWidth(of: $0) } }
            result = Array(entries.indices).sorted { a, b in
                widths[a] != widths[b]
                    ? widths[a] < widths[b] : NaturalOrder.precedes(names.name(at: Int(entries[a])), names.name(at: Int(entries[b])))
            }.map { entries[$0] }
        case .size, .time:
            // Largest and newest first, ties by name.
            let keys = entries.map(key)
            result = Array(entries.indices).sorted { a, b in
                keys[a] != keys[b]
                    ? keys[a] > keys[b] : NaturalOrder.precedes(names.name(at: Int(entries[a])), names.name(at: Int(entries[b])))
            }.map { entries[$0] }
        }
        if options.reversed { result.reverse() }
        if options.directoriesFirst || options.filesFirst {
            // The first group: directories, or with --filesfirst the rest.
            let first = result.map { isDirectory($0) != options.filesFirst }
            result = result.indices.filter { first[$0] }.map { result[$0] } + result.indices.filter { !first[$0] }.map { result[$0] }
        }
        return result
    }

    /// The bytes after a name's last dot (none for a leading dot only).
    static func extensionOf(_ name: [UInt8]) -> [UInt8] {
        guard let dot = name.lastIndex(of: 0x2E), dot > 0 else { return [] }
        return Array(name[(dot + 1)...])
    }
}
