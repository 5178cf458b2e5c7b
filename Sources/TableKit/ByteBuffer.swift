/// A growable run of bytes whose append is a capacity check and a copy, and
/// whose clear keeps the storage: the text of a cell and the lines of a page.
///
/// `[UInt8]` pays for copy-on-write bookkeeping on every append and clear,
/// which a listing of a million names does millions of times; this buffer is
/// noncopyable, so it owns its storage outright and frees it when it goes.
public struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0

    public init(capacity: Int = 32) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    public var isEmpty: Bool { count == 0 }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toAtLeast: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 of `text`.
    @inline(__always)
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    @inline(__always)
    public mutating func append(_ other: borrowing ByteBuffer) {
        append(UnsafeBufferPointer(start: other.base, count: other.count))
    }

    /// Forgets the contents and keeps the storage.
    @inline(__always)
    public mutating func removeAll() { count = 0 }

    /// Calls `body` with the bytes; the pointer is valid only inside `body`.
    @inline(__always)
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes as an array.
    public var array: [UInt8] { withUnsafeBytes { Array($0) } }

    private mutating func grow(toAtLeast minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
