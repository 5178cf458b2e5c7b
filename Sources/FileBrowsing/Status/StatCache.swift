import SystemSeam

/// A bounded, direct-mapped cache of `stat` results keyed by entry number.
///
/// Slot `index % capacity` holds the last entry stored there, so memory stays
/// fixed however large the directory, and a lookup is one comparison. Rows shown
/// together (a page) have consecutive numbers and never evict each other while
/// the page is smaller than the capacity.
public struct StatCache: Sendable {
    private var keys: [Int32] = []
    private var values: [Result<FileStatus, Errno>?] = []
    /// The slots: at most `limit`, and no more than the directory has entries.
    public private(set) var capacity: Int
    public let limit: Int

    /// The slots are allocated on the first store, so a listing that never
    /// needs `stat` pays nothing.
    public init(capacity: Int = 4096) {
        limit = max(1, capacity)
        self.capacity = limit
    }

    /// Sizes the slots for a directory of `entries` entries, forgetting
    /// everything: a walk holds a listing per level (5,000 levels deep, a
    /// full-size cache each took 2.4 GB for `-R -l`), and a directory of
    /// three entries needs three slots.
    public mutating func fit(entries: Int) {
        removeAll()
        capacity = min(limit, max(1, entries))
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
        limit = capacity
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
