/// A canonical Huffman code as DEFLATE builds it from code lengths: counts
/// of codes of each length, symbols in code order, and a table that
/// decodes codes of up to `fastBits` bits at once.
struct HuffmanCode {
    static let fastBits = 9
    var counts = [UInt16](repeating: 0, count: 16)
    var symbols: [UInt16] = []
    /// By the next `fastBits` input bits: symbol << 4 | code length; 0 for a longer code.
    var fast = [UInt16](repeating: 0, count: 1 << fastBits)

    init() {}

    init(lengths: [UInt8]) throws(ArchiveError) {
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left <<= 1
            left -= Int(counts[length])
            guard left >= 0 else { throw ArchiveError("a code table is over-subscribed") }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + Int(counts[length]) }
        symbols = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[Int(length)]] = UInt16(symbol)
            offsets[Int(length)] += 1
        }
        // Canonical codes, bit-reversed (DEFLATE sends a code's high bit first).
        var code = 0
        var index = 0
        for length in 1...15 {
            for _ in 0..<Int(counts[length]) {
                if length <= Self.fastBits {
                    var reversed = 0
                    for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
                    let entry = UInt16(symbols[index]) << 4 | UInt16(length)
                    var slot = reversed
                    while slot < 1 << Self.fastBits {
                        fast[slot] = entry
                        slot += 1 << length
                    }
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    static let fixedLiterals: HuffmanCode = {
        let lengths =
            [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
            + [UInt8](repeating: 8, count: 8)
        return (try? HuffmanCode(lengths: lengths)) ?? HuffmanCode()
    }()

    static let fixedDistances: HuffmanCode = (try? HuffmanCode(lengths: [UInt8](repeating: 5, count: 30))) ?? HuffmanCode()
}
