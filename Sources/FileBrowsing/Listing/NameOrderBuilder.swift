import SystemSeam

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
    private let parallelMergeThreshold: Int
    private var items: [SortItem] = []
    private var sortedCount = 0
    private var comparator = NameComparator()

    init(expectedCount: Int, runLength: Int = Self.runLength, parallelMergeThreshold: Int = Self.parallelMergeThreshold) {
        self.runLength = max(1, runLength)
        self.parallelMergeThreshold = parallelMergeThreshold
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
            PrefixRadixSort.sort(
                UnsafeMutableBufferPointer(rebasing: buffer[run]), by: { a, b in comparator.precedes(a, b, in: arena) },
                sortTied: { NameComparator.sortTied($0, in: arena) })
        }
        self.comparator = comparator
        sortedCount = run.upperBound
    }

    /// A k-way merge of sorted runs. For a huge directory the front half of
    /// the order is merged on this thread and the back half, from the largest
    /// name down, on a second one; the order is total, so the halves meet
    /// exactly.
    private mutating func merge(_ runs: [Range<Int>], in arena: NameArena) -> [UInt32] {
        if runs.count <= 1 { return items.map(\.index) }
        let total = items.count
        let front = total >= parallelMergeThreshold ? total / 2 : total
        var frontComparator = comparator
        let backComparator = comparator
        let order = items.withUnsafeBufferPointer { items in
            [UInt32](unsafeUninitializedCapacity: total) { output, written in
                let output = output.baseAddress!
                if front == total {
                    Self.merge(runs, of: items, count: total, fromFront: true, into: output, comparator: &frontComparator, arena: arena)
                } else {
                    // The back half writes the end of `output`, the front half its start.
                    let shared = SharedMemory((items, output))
                    TwoThreads.run(
                        {
                            Self.merge(runs, of: items, count: front, fromFront: true, into: output, comparator: &frontComparator, arena: arena)
                        },
                        alongside: {
                            var comparator = backComparator
                            Self.merge(
                                runs, of: shared.pointer.0, count: total - front, fromFront: false, into: shared.pointer.1,
                                comparator: &comparator, arena: arena)
                        })
                }
                written = total
            }
        }
        comparator = frontComparator
        return order
    }

    /// Above this many names the merge is split between two threads.
    static let parallelMergeThreshold = 1 << 16

    /// Writes the first `count` entries of the merged order (or, from the
    /// back, the last `count`) through a binary heap of run heads. The heads
    /// sit beside the heap, so most comparisons are two words compared in
    /// place; only prefix ties go to the comparator.
    private static func merge(
        _ runs: [Range<Int>], of items: UnsafeBufferPointer<SortItem>, count: Int, fromFront: Bool,
        into output: UnsafeMutablePointer<UInt32>, comparator: inout NameComparator, arena: NameArena
    ) {
        let step = fromFront ? 1 : -1
        var next = runs.map { fromFront ? $0.lowerBound : $0.upperBound - 1 }
        var heads = next.map { items[$0] }
        var heap = Array(runs.indices)
        var heapCount = heap.count
        /// Whether run x's head goes out before run y's.
        @inline(__always) func before(_ x: Int, _ y: Int) -> Bool {
            let a = fromFront ? heads[x] : heads[y]
            let b = fromFront ? heads[y] : heads[x]
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
                if left + 1 < heapCount && before(heap[left + 1], heap[left]) { child = left + 1 }
                if !before(heap[child], heap[parent]) { return }
                heap.swapAt(child, parent)
                parent = child
            }
        }
        for position in stride(from: heapCount / 2 - 1, through: 0, by: -1) { siftDown(position) }
        var position = fromFront ? 0 : items.count - 1
        for _ in 0..<count {
            let run = heap[0]
            output[position] = heads[run].index
            position += step
            next[run] += step
            if runs[run].contains(next[run]) {
                heads[run] = items[next[run]]
            } else {
                heapCount -= 1
                heap[0] = heap[heapCount]
            }
            if heapCount > 0 { siftDown(0) }
        }
    }
}
