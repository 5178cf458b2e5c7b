/// Sorts 64-bit values by their top bytes, least significant first (an LSD
/// radix sort: a pass a byte, each a count of 256 buckets and one move),
/// skipping a byte every value shares. For a directory's names packed as
/// a prefix and a number (`SpaceScan.FileBatch`): a few passes over a few
/// hundred values, where a comparison sort took ten times the work.
enum ByteRadixSort {
    /// Orders `values` by their `byteCount` most significant bytes; values
    /// equal there keep no particular order.
    static func sort(_ values: inout [UInt64], byteCount: Int) {
        let count = values.count
        guard count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: count)
        var buckets = [Int](repeating: 0, count: 256)
        values.withUnsafeMutableBufferPointer { values in
            scratch.withUnsafeMutableBufferPointer { scratch in
                buckets.withUnsafeMutableBufferPointer { buckets in
                    var source = values
                    var target = scratch
                    for byte in (8 - byteCount)..<8 {
                        let shift = UInt64(8 * byte)
                        let first = (source[0] >> shift) & 0xFF
                        // Every value has the same byte here: nothing to move.
                        if !source.contains(where: { ($0 >> shift) & 0xFF != first }) { continue }
                        buckets.update(repeating: 0)
                        for value in source { buckets[Int((value >> shift) & 0xFF)] += 1 }
                        var start = 0
                        for bucket in 0..<256 {
                            let size = buckets[bucket]
                            buckets[bucket] = start
                            start += size
                        }
                        for value in source {
                            let bucket = Int((value >> shift) & 0xFF)
                            target[buckets[bucket]] = value
                            buckets[bucket] += 1
                        }
                        swap(&source, &target)
                    }
                    // The last pass may have left the order in the scratch buffer.
                    if source.baseAddress != values.baseAddress { _ = values.update(fromContentsOf: source) }
                }
            }
        }
    }
}
