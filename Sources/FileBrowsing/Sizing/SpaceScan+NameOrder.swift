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

    /// The entries' indices in du's walk order (`Options.recordsPositions`):
    /// each directory's entries in the order its reading met them, a
    /// directory after everything in it (du prints a directory when its walk
    /// leaves it), a file where it was met. As `nameOrder`, an entry whose
    /// directory is not among `entries` is left out.
    public static func walkOrder(_ entries: [SpaceScan.Entry]) -> [Int] {
        guard let last = entries.lazy.map({ max($0.directory, $0.scanNode) }).max(), last >= 0 else { return [] }
        var inside = [[Int]](repeating: [], count: last + 1)
        for (index, entry) in entries.enumerated() where entry.directory >= 0 { inside[entry.directory].append(index) }
        for node in inside.indices where inside[node].count > 1 { inside[node].sort { entries[$0].position < entries[$1].position } }
        var order: [Int] = []
        order.reserveCapacity(entries.count)
        // A directory being walked: its entries, the next one to visit, and its own index (written when it is left).
        var stack: [(entries: [Int], next: Int, own: Int)] = [(inside[0], 0, -1)]
        while var top = stack.popLast() {
            guard top.next < top.entries.count else {
                if top.own >= 0 { order.append(top.own) }
                continue
            }
            let index = top.entries[top.next]
            top.next += 1
            stack.append(top)
            let node = entries[index].scanNode
            if node >= 0 {
                stack.append((inside[node], 0, index))
            } else {
                order.append(index)
            }
        }
        return order
    }
}
