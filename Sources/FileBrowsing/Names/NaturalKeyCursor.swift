/// The bytes of a name's natural-order sort key (`NaturalOrder.appendKey`)
/// one at a time, without building the key: two names tied on their
/// sixteen-byte key prefixes compare by walking both, with no allocation
/// and no cache of keys.
struct NaturalKeyCursor {
    private let name: UnsafeBufferPointer<UInt8>
    /// The next byte of the name not yet turned into key bytes.
    private var position = 0
    /// Within a digit run: 1, its count is next; 2, its significant digits are.
    private var phase = 0
    private var digits = 0..<0

    /// The key's bytes from `position` on, which must not be inside a digit run.
    init(_ name: UnsafeBufferPointer<UInt8>, from position: Int = 0) {
        self.name = name
        self.position = position
    }

    /// The key's next byte, or -1 at its end (which sorts first).
    @inline(__always)
    mutating func next() -> Int {
        if phase == 1 {
            phase = digits.isEmpty ? 0 : 2
            return min(255, digits.count)
        }
        if phase == 2 {
            let byte = name[digits.lowerBound]
            digits = (digits.lowerBound + 1)..<digits.upperBound
            if digits.isEmpty { phase = 0 }
            return Int(byte)
        }
        guard position < name.count else { return -1 }
        let byte = name[position]
        guard byte &- 0x30 < 10 else {
            position += 1
            return Int(byte &- 0x41 < 26 ? byte | 0x20 : byte)
        }
        // A digit run: `0`, the count of its significant digits, the digits.
        var start = position
        while position < name.count, name[position] &- 0x30 < 10 { position += 1 }
        while start < position - 1, name[start] == 0x30 { start += 1 }
        if start == position - 1, name[start] == 0x30 { start = position }
        digits = start..<position
        phase = 1
        return 0x30
    }

    /// Three-way comparison of two names' keys: negative when `a`'s comes first.
    /// Names that tie here share a long start: the bytes they share, back to
    /// where a digit run begins, give the same key bytes, so the walk starts
    /// after them.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var shared = 0
        let common = min(a.count, b.count)
        while shared < common, a[shared] == b[shared] { shared += 1 }
        while shared > 0, a[shared - 1] &- 0x30 < 10 { shared -= 1 }
        var x = NaturalKeyCursor(a, from: shared)
        var y = NaturalKeyCursor(b, from: shared)
        while true {
            let (p, q) = (x.next(), y.next())
            if p != q { return p - q }
            if p < 0 { return 0 }
        }
    }
}
