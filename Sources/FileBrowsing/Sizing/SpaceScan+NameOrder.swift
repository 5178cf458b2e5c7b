extension SpaceScan.Entry {
    /// The entries' indices in the order of their paths below the root
    /// compared name by name as bytes (a directory before what it holds,
    /// `a/c` before `a-b`): a walk down the scan's tree from the root, each
    /// directory's entries sorted by name. No path is made or compared
    /// (copies of every path cost memory in depth times entries, which
    /// 5,000 levels deep runs to gigabytes). An entry whose directory is
    /// not among `entries` is left out: give a scan's entries down to some
    /// depth, as recorded.
    public static func nameOrder(_ entries: [SpaceScan.Entry]) -> [Int] {
        guard let last = entries.lazy.map({ max($0.directory, $0.scanNode) }).max(), last >= 0 else { return [] }
        var inside = [[Int]](repeating: [], count: last + 1)
        for (index, entry) in entries.enumerated() where entry.directory >= 0 { inside[entry.directory].append(index) }
        var order: [Int] = []
        order.reserveCapacity(entries.count)
        var stack = Array(byName(inside[0], of: entries).reversed())
        while let top = stack.popLast() {
            order.append(top)
            let node = entries[top].scanNode
            if node >= 0, !inside[node].isEmpty { stack.append(contentsOf: byName(inside[node], of: entries).reversed()) }
        }
        return order
    }

    /// `indices` sorted by their entries' names, bytes compared unsigned.
    private static func byName(_ indices: [Int], of entries: [SpaceScan.Entry]) -> [Int] {
        indices.sorted { a, b in
            entries[a].node.component.withUnsafeBufferPointer { x in
                entries[b].node.component.withUnsafeBufferPointer { y in NaturalOrder.compareBytes(x, y) < 0 }
            }
        }
    }
}
