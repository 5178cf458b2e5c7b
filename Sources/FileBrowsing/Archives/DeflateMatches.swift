/// DEFLATE's length and distance codes (RFC 1951, 3.2.5): the base of each
/// symbol and the extra bits that follow it, and the decoding of a whole
/// match from bits already held, for the inflater's hot loop.
struct DeflateMatches {
    let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    let distanceBase: [UInt32] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
        12289, 16385, 24577,
    ]
    let distanceExtra: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    static let tables = DeflateMatches()

    /// A match whose length symbol (`codeLength` bits) starts `bits`:
    /// its length, its distance and the bits left after it. Nil when it is
    /// not whole in the `bitCount` bits held, when a code is out of range or
    /// longer than the fast table of `distances`, or when it refers before
    /// the `produced` bytes (the careful path then says why).
    @inline(__always)
    func match(
        lengthSymbol symbol: Int, after codeLength: Int, in bits: UInt64, bitCount: Int, distances: UnsafeBufferPointer<UInt16>,
        produced: UInt64
    ) -> (length: Int, distance: Int, bits: UInt64, bitCount: Int)? {
        let lengthIndex = symbol - 257
        guard lengthIndex < 29 else { return nil }
        var b = bits >> UInt64(codeLength)
        var c = bitCount - codeLength
        let lengthBits = Int(lengthExtra[lengthIndex])
        let length = Int(lengthBase[lengthIndex]) + Int(b & ((1 << UInt64(lengthBits)) - 1))
        b >>= UInt64(lengthBits)
        c -= lengthBits
        let distanceEntry = distances[Int(b & 511)]
        guard distanceEntry != 0 else { return nil }
        let distanceSymbol = Int(distanceEntry >> 4)
        guard distanceSymbol < 30 else { return nil }
        b >>= UInt64(distanceEntry & 15)
        c -= Int(distanceEntry & 15)
        let distanceBits = Int(distanceExtra[distanceSymbol])
        let distance = Int(distanceBase[distanceSymbol]) + Int(b & ((1 << UInt64(distanceBits)) - 1))
        b >>= UInt64(distanceBits)
        c -= distanceBits
        guard c >= 0, UInt64(distance) <= produced else { return nil }
        return (length, distance, b, c)
    }
}
