import SystemSeam

/// Finder-like name order: case-insensitive (ASCII letters folded), digit runs
/// compared by value (`a1 A2 a10 b`), ties broken by the raw bytes.
///
/// Each name is turned once into a sort key whose plain byte order is the
/// natural order, so sorting a million names is a sort of byte strings:
/// letters are folded to lower case, and a digit run becomes the byte `0`
/// (which sorts against other characters as any digit does), the count of its
/// significant digits, then those digits. Names are at most 255 bytes, so the
/// count fits in a byte.
public enum NaturalOrder {
    /// Appends the sort key of `name` to `key`.
    public static func appendKey(of name: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        var i = 0
        let n = name.count
        while i < n {
            let byte = name[i]
            if byte >= 0x30 && byte <= 0x39 {
                var start = i
                while i < n, name[i] >= 0x30 && name[i] <= 0x39 { i += 1 }
                while start < i - 1, name[start] == 0x30 { start += 1 }
                if start == i - 1, name[start] == 0x30 { start = i }  // the run is all zeros: value 0
                key.append(0x30)
                key.append(UInt8(truncatingIfNeeded: min(255, i - start)))
                key.append(contentsOf: UnsafeBufferPointer(rebasing: name[start..<i]))
            } else {
                key.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                i += 1
            }
        }
    }

    /// The first sixteen bytes of the key, as two big-endian numbers padded
    /// with zeros (names hold no NUL, so padding never reorders), computed
    /// without building the key.
    @inline(__always)
    public static func keyPrefix(of name: UnsafeBufferPointer<UInt8>) -> (high: UInt64, low: UInt64) {
        // The bytes go into a zeroed 16-byte buffer, read back as two words.
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            let key = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var emitted = 0
            var i = 0
            let n = name.count
            while i < n && emitted < 16 {
                let byte = name[i]
                // `byte &- 0x30 < 10` is the range test 0x30...0x39: bytes
                // below 0x30 wrap to 0xD0 and above, on purpose.
                if byte &- 0x30 < 10 {
                    var start = i
                    while i < n, name[i] &- 0x30 < 10 { i += 1 }
                    while start < i - 1, name[start] == 0x30 { start += 1 }
                    if start == i - 1, name[start] == 0x30 { start = i }
                    key[emitted] = 0x30
                    emitted += 1
                    if emitted < 16 {
                        key[emitted] = UInt8(truncatingIfNeeded: min(255, i - start))
                        emitted += 1
                    }
                    while start < i && emitted < 16 {
                        key[emitted] = name[start]
                        emitted += 1
                        start += 1
                    }
                } else {
                    key[emitted] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                    emitted += 1
                    i += 1
                }
            }
        }
        return (UInt64(bigEndian: words.0), UInt64(bigEndian: words.1))
    }

    public static func key(of name: [UInt8]) -> [UInt8] {
        var key: [UInt8] = []
        name.withUnsafeBufferPointer { appendKey(of: $0, to: &key) }
        return key
    }

    /// Three-way comparison of two byte strings, shorter first on a common prefix.
    @inline(__always)
    public static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let result = Syscalls.compareMemory(a.baseAddress!, b.baseAddress!, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }

    /// Whether name `a` comes before name `b` in natural order.
    public static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let ka = key(of: a)
        let kb = key(of: b)
        let byKey = ka.withUnsafeBufferPointer { x in kb.withUnsafeBufferPointer { y in compareBytes(x, y) } }
        if byKey != 0 { return byKey < 0 }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compareBytes(x, y) } } < 0
    }
}
