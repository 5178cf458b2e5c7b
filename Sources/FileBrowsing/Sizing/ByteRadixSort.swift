/// Sorts 64-bit values by their top bytes, least significant first (an LSD
/// radix sort: a pass a byte, each one move through 256 buckets), skipping
/// a byte every value shares. For a directory's names packed as a prefix
/// and a number (`SpaceScan.FileBatch`): a few passes over a few hundred
/// values, where a comparison sort took ten times the work.
enum ByteRadixSort {
    /// Orders `values` by their `byteCount` most significant bytes (at
    /// most 8); values equal there keep no particular order.
    static func sort(_ values: inout [UInt64], byteCount: Int) {
        let count = values.count
        guard count > 1, byteCount > 0 else { return }
        precondition(byteCount <= 8 && count <= Int(UInt32.max))
        let lowestByte = 8 - byteCount
        var scratch = [UInt64](unsafeUninitializedCapacity: count) { _, made in made = count }
        // Every byte's counts from one reading of the values (a reading a
        // byte, and another to see whether the byte varies, cost twice as much).
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256 * byteCount) { counts in
            counts.initialize(repeating: 0)
            values.withUnsafeMutableBufferPointer { values in
                let table = counts.baseAddress.unsafelyUnwrapped
                let lowestShift = UInt64(8 &* lowestByte)
                for value in values {
                    var bytes = value &>> lowestShift
                    var row = table
                    for _ in 0..<byteCount {
                        row[Int(truncatingIfNeeded: bytes & 0xFF)] &+= 1
                        bytes = bytes &>> 8
                        row += 256
                    }
                }
                scratch.withUnsafeMutableBufferPointer { scratch in
                    var source = values
                    var target = scratch
                    for pass in 0..<byteCount {
                        let shift = UInt64(8 &* (lowestByte &+ pass))
                        let buckets = UnsafeMutableBufferPointer(rebasing: counts[(pass * 256)..<(pass * 256 + 256)])
                        // Every value has the same byte here: nothing to move.
                        if buckets[Int(truncatingIfNeeded: source[0] &>> shift) & 0xFF] == UInt32(count) { continue }
                        var start: UInt32 = 0
                        for bucket in 0..<256 {
                            let size = buckets[bucket]
                            buckets[bucket] = start
                            start &+= size
                        }
                        for value in source {
                            let bucket = Int(truncatingIfNeeded: value &>> shift) & 0xFF
                            target[Int(buckets[bucket])] = value
                            buckets[bucket] &+= 1
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
