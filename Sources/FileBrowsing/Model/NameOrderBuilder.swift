/// Puts names into natural order while a huge directory is still being read.
///
/// Names are added as they arrive; every `runLength` of them are sorted as a
/// run (small enough to sort in cache) while the reader thread waits in the
/// kernel for more, and `finish` merges the runs. The result is the order the
/// model's own name sort gives, computed mostly in time that was idle.
struct NameOrderBuilder {
    /// 131,072 items of 24 bytes: a run sorts within the caches.
    static let runLength = 1 << 17

    private let runLength: Int
    private var items: [SortItem] = []
    private var sortedCount = 0
    private var comparator = NameComparator()

    init(expectedCount: Int, runLength: Int = Self.runLength) {
        self.runLength = max(1, runLength)
        items.reserveCapacity(expectedCount)
    }

    /// Records entry `index`, whose name is `name`.
    @inline(__always)
    mutating func add(_ name: UnsafeBufferPointer<UInt8>, index: Int) {
        let (high, low) = NaturalOrder.keyPrefix(of: name)
        items.append(SortItem(high: high, low: low, index: UInt32(truncatingIfNeeded: index), group: 0))
    }

    /// Sorts every complete run not sorted yet.
    mutating func sortCompleteRuns(in arena: NameArena) {
        while items.count - sortedCount >= runLength {
            sortRun(sortedCount..<(sortedCount + runLength), in: arena)
        }
    }

    /// The entry numbers in natural name order.
    mutating func finish(in arena: NameArena) -> [UInt32] {
        if sortedCount < items.count { sortRun(sortedCount..<items.count, in: arena) }
        var runs: [Range<Int>] = []
        var start = 0
        while start < items.count {
            runs.append(start..<min(items.count, start + runLength))
            start += runLength
        }
        return merge(runs, in: arena)
    }

    private mutating func sortRun(_ run: Range<Int>, in arena: NameArena) {
        var comparator = self.comparator
        items.withUnsafeMutableBufferPointer { buffer in
            PrefixRadixSort.sort(UnsafeMutableBufferPointer(rebasing: buffer[run])) { a, b in
                comparator.precedes(a, b, in: arena)
            }
        }
        self.comparator = comparator
        sortedCount = run.upperBound
    }

    /// A k-way merge of sorted runs through a binary heap of run heads. The
    /// heads are kept beside the heap, so most comparisons are two words
    /// compared in place; only prefix ties go to the comparator.
    private mutating func merge(_ runs: [Range<Int>], in arena: NameArena) -> [UInt32] {
        if runs.count <= 1 { return items.map(\.index) }
        var comparator = self.comparator
        defer { self.comparator = comparator }
        var heads = runs.map { items[$0.lowerBound] }
        var next = runs.map(\.lowerBound)
        var heap = Array(runs.indices)
        return items.withUnsafeBufferPointer { items in
            heads.withUnsafeMutableBufferPointer { heads in
                next.withUnsafeMutableBufferPointer { next in
                    heap.withUnsafeMutableBufferPointer { heap in
                        var heapCount = heap.count
                        @inline(__always) func less(_ x: Int, _ y: Int) -> Bool {
                            let a = heads[x], b = heads[y]
                            if a.high != b.high { return a.high < b.high }
                            if a.low != b.low { return a.low < b.low }
                            return comparator.precedes(a, b, in: arena)
                        }
                        func siftDown(_ start: Int) {
                            var parent = start
                            while true {
                                let left = 2 * parent + 1
                                if left >= heapCount { return }
                                var child = left
                                if left + 1 < heapCount && less(heap[left + 1], heap[left]) { child = left + 1 }
                                if !less(heap[child], heap[parent]) { return }
                                heap.swapAt(child, parent)
                                parent = child
                            }
                        }
                        for position in stride(from: heapCount / 2 - 1, through: 0, by: -1) { siftDown(position) }
                        return [UInt32](unsafeUninitializedCapacity: items.count) { output, written in
                            for position in 0..<items.count {
                                let run = heap[0]
                                output[position] = heads[run].index
                                next[run] += 1
                                if next[run] == runs[run].upperBound {
                                    heapCount -= 1
                                    heap[0] = heap[heapCount]
                                } else {
                                    heads[run] = items[next[run]]
                                }
                                if heapCount > 0 { siftDown(0) }
                            }
                            written = items.count
                        }
                    }
                }
            }
        }
    }
}
