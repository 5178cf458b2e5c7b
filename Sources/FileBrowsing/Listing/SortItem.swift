/// One entry to sort: a group (0 for directories when they come first), the
/// first sixteen bytes of its natural-order key, and its entry number.
/// Sixteen bytes settle almost every comparison; ties build the full keys.
struct SortItem {
    var high: UInt64
    var low: UInt64
    var index: UInt32
    var group: UInt8

    /// Byte `depth` of the radix key: the group, then the sixteen prefix bytes.
    @inline(__always)
    func radixByte(_ depth: Int) -> Int {
        if depth == 0 { return Int(group) }
        if depth <= 8 { return Int(truncatingIfNeeded: high >> (64 - 8 * depth)) & 0xFF }
        return Int(truncatingIfNeeded: low >> (64 - 8 * (depth - 8))) & 0xFF
    }

    static let radixDepth = 17
}

/// An in-place most-significant-byte radix sort ("American flag sort") of sort
/// items by group and key prefix. A level where every item falls in one bucket
/// costs one counting pass and no moves, so long shared prefixes are cheap;
/// small buckets and full-prefix ties go to `areInIncreasingOrder`; many
/// items tied on the whole prefix (a group and sixteen bytes) go to
/// `sortTied` when given, which can sort them on keys built once.
enum PrefixRadixSort {
    /// Sorts a run of more than 64 items that agree on group and prefix.
    typealias TiedSort = (UnsafeMutableBufferPointer<SortItem>) -> Void

    static func sort(
        _ items: inout [SortItem], by areInIncreasingOrder: (SortItem, SortItem) -> Bool, sortTied: TiedSort? = nil
    ) {
        items.withUnsafeMutableBufferPointer { buffer in
            sort(buffer, depth: 0, by: areInIncreasingOrder, sortTied: sortTied)
        }
    }

    static func sort(
        _ items: UnsafeMutableBufferPointer<SortItem>, by areInIncreasingOrder: (SortItem, SortItem) -> Bool, sortTied: TiedSort? = nil
    ) {
        sort(items, depth: 0, by: areInIncreasingOrder, sortTied: sortTied)
    }

    private static func sort(
        _ items: UnsafeMutableBufferPointer<SortItem>, depth: Int,
        by less: (SortItem, SortItem) -> Bool, sortTied: TiedSort?
    ) {
        var depth = depth
        while true {
            if depth >= SortItem.radixDepth, items.count > 64, let sortTied {
                sortTied(items)
                return
            }
            if items.count <= 32 || depth >= SortItem.radixDepth {
                insertionSort(items, by: less)
                return
            }
            let first = items[0].radixByte(depth)
            var shared = true
            for item in items where item.radixByte(depth) != first {
                shared = false
                break
            }
            if shared {
                // Everything shares this byte: skip every byte they all share, in one pass.
                depth = firstDifferingDepth(items, after: depth)
                continue
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * 256) { table in
                // Only the counts start at zero; `distribute` writes the rest.
                table.baseAddress!.initialize(repeating: 0, count: 256)
                distribute(
                    items, depth: depth, counts: UnsafeMutableBufferPointer(rebasing: table[0..<256]),
                    starts: UnsafeMutableBufferPointer(rebasing: table[256..<512]),
                    ends: UnsafeMutableBufferPointer(rebasing: table[512..<768]),
                    next: UnsafeMutableBufferPointer(rebasing: table[768..<1024]), by: less, sortTied: sortTied)
            }
            return
        }
    }

    /// The first radix depth past `depth` at which the items do not all agree
    /// (`SortItem.radixDepth` when they agree on the whole prefix).
    private static func firstDifferingDepth(_ items: UnsafeMutableBufferPointer<SortItem>, after depth: Int) -> Int {
        let first = items[0]
        var group: UInt8 = 0
        var high: UInt64 = 0
        var low: UInt64 = 0
        for item in items {
            group |= item.group ^ first.group
            high |= item.high ^ first.high
            low |= item.low ^ first.low
        }
        let differing: Int
        if group != 0 {
            differing = 0
        } else if high != 0 {
            differing = 1 + high.leadingZeroBitCount / 8
        } else if low != 0 {
            differing = 9 + low.leadingZeroBitCount / 8
        } else {
            differing = SortItem.radixDepth
        }
        return max(depth + 1, differing)
    }

    /// One level: count, place every item in its bucket by cycles, then sort
    /// each bucket on the next byte.
    private static func distribute(
        _ items: UnsafeMutableBufferPointer<SortItem>, depth: Int,
        counts: UnsafeMutableBufferPointer<Int>, starts: UnsafeMutableBufferPointer<Int>,
        ends: UnsafeMutableBufferPointer<Int>, next: UnsafeMutableBufferPointer<Int>,
        by less: (SortItem, SortItem) -> Bool, sortTied: TiedSort?
    ) {
        // Only the buckets between the smallest and largest byte seen are
        // walked: digits use 10 of the 256.
        var lowest = 255
        var highest = 0
        for item in items {
            let byte = item.radixByte(depth)
            counts[byte] += 1
            lowest = min(lowest, byte)
            highest = max(highest, byte)
        }
        let used = lowest...highest
        var total = 0
        for b in used {
            starts[b] = total
            next[b] = total
            total += counts[b]
            ends[b] = total
        }
        for b in used {
            while next[b] < ends[b] {
                var item = items[next[b]]
                var target = item.radixByte(depth)
                while target != b {
                    let slot = next[target]
                    next[target] += 1
                    swap(&item, &items[slot])
                    target = item.radixByte(depth)
                }
                items[next[b]] = item
                next[b] += 1
            }
        }
        for b in used where counts[b] > 1 {
            sort(UnsafeMutableBufferPointer(rebasing: items[starts[b]..<ends[b]]), depth: depth + 1, by: less, sortTied: sortTied)
        }
    }

    private static func insertionSort(_ items: UnsafeMutableBufferPointer<SortItem>, by less: (SortItem, SortItem) -> Bool) {
        guard items.count > 1 else { return }
        if items.count > 64 {
            // Many items tied on the whole prefix: a comparison sort.
            var copy = Array(items)
            copy.sort(by: less)
            for i in 0..<copy.count { items[i] = copy[i] }
            return
        }
        for i in 1..<items.count {
            let item = items[i]
            var j = i
            while j > 0 && less(item, items[j - 1]) {
                items[j] = items[j - 1]
                j -= 1
            }
            items[j] = item
        }
    }
}
