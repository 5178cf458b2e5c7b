/// The inflater's bit reader: bytes taken from the input's chunks as the
/// careful path needs them, bits taken least significant first (as DEFLATE
/// packs them), and a symbol decoded through a code's fast table or bit by
/// bit. The hot loop (`fastCoded`) reads on local copies instead.
extension Inflater {
    func nextByteIfAny() throws(ArchiveError) -> UInt8? {
        // The fast loop leaves copies of the next bytes above `bitCount`;
        // a byte taken here moves `position` past them, so they must go.
        bits &= (UInt64(1) << UInt64(bitCount)) &- 1
        if position == chunk.count {
            guard let next = try nextInput(), !next.isEmpty else { return nil }
            chunk = next
            received += UInt64(next.count)
            position = 0
        }
        position += 1
        return chunk[position - 1]
    }

    func nextByte() throws(ArchiveError) -> UInt8 {
        if bitCount >= 8 {
            let byte = UInt8(truncatingIfNeeded: bits)
            dropBits(8)
            return byte
        }
        guard let byte = try nextByteIfAny() else { throw ArchiveError.truncated }
        return byte
    }

    /// Tops the bit buffer up to at least `count` bits where the input has them.
    @inline(__always)
    func fill(_ count: Int) throws(ArchiveError) -> Bool {
        while bitCount < count {
            if position < chunk.count {
                bits |= UInt64(chunk[position]) << UInt64(bitCount)
                position += 1
                bitCount += 8
            } else {
                guard let byte = try nextByteIfAny() else { return false }
                bits |= UInt64(byte) << UInt64(bitCount)
                bitCount += 8
            }
        }
        return true
    }

    func takeBits(_ count: Int) throws(ArchiveError) -> Int {
        guard count > 0 else { return 0 }
        guard try fill(count) else { throw ArchiveError.truncated }
        let value = Int(bits & ((1 << UInt64(count)) - 1))
        dropBits(count)
        return value
    }

    @inline(__always)
    func dropBits(_ count: Int) {
        bits >>= UInt64(count)
        bitCount -= count
    }

    /// One symbol of `code`: from the fast table when its code is short,
    /// else bit by bit in canonical order.
    func decode(_ code: HuffmanCode) throws(ArchiveError) -> Int {
        _ = try fill(HuffmanCode.fastBits)
        let entry = code.fast[Int(bits & UInt64((1 << HuffmanCode.fastBits) - 1))]
        if entry != 0, Int(entry & 15) <= bitCount {
            dropBits(Int(entry & 15))
            return Int(entry >> 4)
        }
        var value = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            value |= try takeBits(1)
            let count = Int(code.counts[length])
            if value - first < count { return Int(code.symbols[index + value - first]) }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw ArchiveError("a code that the block's table does not have")
    }
}
