/// An output buffer written through a cursor: `reserve` makes room for
/// what the next piece can write at most, the writes then go straight to
/// memory, and `flush` hands the written bytes to the caller's array.
/// Owned by one dump on one thread.
struct DumpWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Where the next byte goes.
    var cursor: UnsafeMutablePointer<UInt8>

    init(capacity: Int = 1 << 16) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
        cursor = base
    }

    /// A writer into `buffer`, which it now owns (freed with the writer unless surrendered).
    init(adopting buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress!
        capacity = buffer.count
        cursor = base
    }

    deinit { base.deallocate() }

    /// Ends the writer without freeing its buffer: the buffer (the
    /// caller's to free or adopt again) and how many bytes were written.
    consuming func surrender() -> (buffer: UnsafeMutableBufferPointer<UInt8>, written: Int) {
        let result = (UnsafeMutableBufferPointer(start: base, count: capacity), written)
        discard self
        return result
    }

    /// Bytes written since the last flush.
    var written: Int { cursor - base }

    /// Room for `count` more bytes at the cursor.
    @inline(__always)
    mutating func reserve(_ count: Int) {
        if capacity - written < count { grow(count) }
    }

    private mutating func grow(_ count: Int) {
        let needed = written + count
        guard needed > capacity else { return }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, 2 * capacity))
        larger.update(from: base, count: written)
        cursor = larger + written
        base.deallocate()
        base = larger
        capacity = max(needed, 2 * capacity)
    }

    /// Appends what was written to `output` and starts again.
    mutating func flush(into output: inout [UInt8]) {
        flush { output.append(contentsOf: $0) }
    }

    /// Hands what was written to `emit` (valid during the call only) and starts again.
    mutating func flush(_ emit: (UnsafeRawBufferPointer) -> Void) {
        if written > 0 { emit(UnsafeRawBufferPointer(start: base, count: written)) }
        cursor = base
    }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        cursor.pointee = byte
        cursor += 1
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafePointer<UInt8>, count: Int) {
        cursor.update(from: bytes, count: count)
        cursor += count
    }

    mutating func write(_ bytes: [UInt8]) {
        reserve(bytes.count)
        bytes.withUnsafeBufferPointer { write($0.baseAddress!, count: $0.count) }
    }

    mutating func blanks(_ count: Int) {
        guard count > 0 else { return }
        cursor.update(repeating: 0x20, count: count)
        cursor += count
    }
}
