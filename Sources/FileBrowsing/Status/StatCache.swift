/// A bounded, direct-mapped cache of `stat` results keyed by entry number.
///
/// Slot `index % capacity` holds the last entry stored there, so memory stays
/// fixed however large the directory, and a lookup is one comparison. Rows shown
/// together (a page) have consecutive numbers and never evict each other while
/// the page is smaller than the capacity.
public struct StatCache: Sendable {
    private var keys: [Int32] = []
    private var values: [Result<FileStatus, Errno>?] = []
    public let capacity: Int

    /// The slots are allocated on the first store, so a listing that never
    /// needs `stat` (or a recursive walk's many small models) pays nothing.
    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    public func lookup(_ index: Int) -> Result<FileStatus, Errno>? {
        guard !keys.isEmpty else { return nil }
        let slot = index % capacity
        return keys[slot] == Int32(truncatingIfNeeded: index) ? values[slot] : nil
    }

    public mutating func store(_ value: Result<FileStatus, Errno>, for index: Int) {
        if keys.isEmpty {
            keys = Array(repeating: -1, count: capacity)
            values = Array(repeating: nil, count: capacity)
        }
        let slot = index % capacity
        keys[slot] = Int32(truncatingIfNeeded: index)
        values[slot] = value
    }

    /// A cache holding every entry's result (entry i at slot i): nothing is
    /// evicted while the listing lasts.
    public init(prefilled values: [Result<FileStatus, Errno>?]) {
        capacity = max(1, values.count)
        keys = (0..<values.count).map { Int32(truncatingIfNeeded: $0) }
        self.values = values
    }

    /// Forgets everything (after a reload).
    public mutating func removeAll() {
        keys = []
        values = []
    }

    /// How many slots hold a result.
    public var count: Int { keys.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }
}
