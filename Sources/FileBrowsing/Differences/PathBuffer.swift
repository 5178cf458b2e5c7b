/// The bytes of one path, rebuilt entry after entry by a kept scan's reader
/// and writer (`SavedScanReader.EntryCursor`, `SavedScan.PathWriter`): a
/// buffer they own outright (freed when they go), grown only when a path is
/// longer than any before; no copy-on-write check on each byte.
struct PathBuffer: ~Copyable {
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
    }

    deinit { bytes.deallocate() }

    /// Room for `needed` bytes, the first `count` kept (the rest is about to be written).
    @inline(__always)
    mutating func reserve(_ needed: Int, keeping count: Int) {
        guard needed > capacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, capacity * 2))
        grown.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = grown
        capacity = max(needed, capacity * 2)
    }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        get { bytes[index] }
        nonmutating set { bytes[index] = newValue }
    }
}
