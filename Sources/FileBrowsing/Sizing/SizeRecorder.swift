import SystemSeam

/// The sizes of the files a scan's worker records from one directory, in
/// the order read, beside its `NameRecorder`: plain stores into columns it
/// owns (appending to a batch's arrays checked each array's uniqueness and
/// room a file, 57 instructions), then laid out once in name order
/// (`sizes(in:)`). A worker keeps one for all its directories
/// (`removeAll()` keeps the room), so no column grows again from nothing a
/// directory. Used by one thread at a time.
final class SizeRecorder {
    private var apparentBytes: UnsafeMutablePointer<Int64>?
    private var diskBytes: UnsafeMutablePointer<Int64>?
    private var capacity = 0
    private(set) var count = 0
    /// Each file's time, when the scan reads times (`du --time`), else empty.
    private var latestTimes: [Timestamp] = []
    /// Each file's place in the reading, when asked for, else empty.
    private var positions: [Int32] = []

    deinit {
        apparentBytes?.deallocate()
        diskBytes?.deallocate()
    }

    /// Records a file's sizes (and its time, when read), and its place in
    /// the reading when given.
    @inline(__always)
    func append(_ totals: SpaceTotals, position: Int32?) {
        if count == capacity { grow() }
        apparentBytes.unsafelyUnwrapped[count] = totals.apparentBytes
        diskBytes.unsafelyUnwrapped[count] = totals.diskBytes
        count += 1
        if let time = totals.latestTime { latestTimes.append(time) }
        if let position { positions.append(position) }
    }

    /// Forgets what was recorded, keeping the room for the next directory.
    func removeAll() {
        count = 0
        latestTimes.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
    }

    /// The sizes recorded, as a batch's columns in the order `order` gives
    /// (each recorded file's number once): 32 bits a figure when every
    /// file fits (`FileBatch.Sizes`), else 64.
    func sizes(in order: [Int32]) -> SpaceScan.FileBatch.Sizes {
        guard count > 0, let apparentBytes, let diskBytes else { return .init() }
        func column<From, To>(_ from: UnsafePointer<From>, _ convert: (From) -> To) -> [To] {
            [To](unsafeUninitializedCapacity: order.count) { to, made in
                for (position, index) in order.enumerated() {
                    (to.baseAddress.unsafelyUnwrapped + position).initialize(to: convert(from[Int(index)]))
                }
                made = order.count
            }
        }
        func column<T>(_ values: [T]) -> [T] { values.isEmpty ? [] : values.withUnsafeBufferPointer { column($0.baseAddress!) { $0 } } }
        var sizes = SpaceScan.FileBatch.Sizes(latestTimes: column(latestTimes), positions: column(positions))
        if fitsNarrow() {
            sizes.narrowApparentBytes = column(UnsafePointer(apparentBytes)) { UInt32(truncatingIfNeeded: $0) }
            sizes.narrowDiskBlocks = column(UnsafePointer(diskBytes)) { UInt32(truncatingIfNeeded: $0 / 512) }
        } else {
            sizes.wideApparentBytes = column(UnsafePointer(apparentBytes)) { $0 }
            sizes.wideDiskBytes = column(UnsafePointer(diskBytes)) { $0 }
        }
        return sizes
    }

    /// Whether every file recorded has under 4 GiB of apparent bytes and
    /// under 2 TiB on disk, in whole 512-byte blocks.
    private func fitsNarrow() -> Bool {
        guard let apparentBytes, let diskBytes else { return true }
        var apparentBits: UInt64 = 0
        var diskBits: UInt64 = 0
        for index in 0..<count {
            apparentBits |= UInt64(bitPattern: apparentBytes[index])
            diskBits |= UInt64(bitPattern: diskBytes[index])
        }
        return apparentBits <= UInt64(UInt32.max) && diskBits & 511 == 0 && diskBits / 512 <= UInt64(UInt32.max)
    }

    private func grow() {
        let grown = max(64, capacity * 2)
        let newApparent = UnsafeMutablePointer<Int64>.allocate(capacity: grown)
        let newDisk = UnsafeMutablePointer<Int64>.allocate(capacity: grown)
        if let apparentBytes, let diskBytes {
            newApparent.update(from: apparentBytes, count: count)
            newDisk.update(from: diskBytes, count: count)
            apparentBytes.deallocate()
            diskBytes.deallocate()
        }
        apparentBytes = newApparent
        diskBytes = newDisk
        capacity = grown
    }
}
