/// The fast paths for full lines with 8-digit offsets, where nearly all of
/// a large dump's time goes. A line is built in 64-bit words in registers
/// and stored a word at a time: the bytes' table entries (two hex digits,
/// and a space where the layout has one) are shifted into place, and the
/// text column is worked out eight bytes at once (SWAR), so a 16-byte
/// `hexdump -C` line takes a dozen stores instead of fifty. Stores never
/// reach past the line they build.
extension HexFormatter {
    // MARK: hexdump -C

    /// Full 16-byte `hexdump -C` lines, offsets below 2^32, squeezing by two
    /// 64-bit compares.
    mutating func canonicalLines(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var p = UnsafeMutableRawPointer(output)
        var previous = previousLine
        var squeezing = self.squeezing
        let squeezes = self.squeezes
        let entries = hexSpaceWords
        entries.withUnsafeBufferPointer { entries in
            forEachSixteenByteLine(input) { low, high, offsetDigits in
                if squeezes, let last = previous, last == (low, high) {
                    if !squeezing {
                        squeezing = true
                        p.storeBytes(of: 0x0A2A as UInt16, as: UInt16.self)  // "*\n"
                        p += 2
                    }
                    return
                }
                squeezing = false
                previous = (low, high)
                // 00000000␠␠hh␠…hh␠␠hh␠…hh␠␠|text|\n: 79 bytes.
                p.storeBytes(of: offsetDigits, as: UInt64.self)
                p.storeBytes(of: 0x2020 as UInt16, toByteOffset: 8, as: UInt16.self)
                Self.storeSpacedHex(low, at: p + 10, entries: entries)
                p.storeBytes(of: 0x20 as UInt8, toByteOffset: 34, as: UInt8.self)
                Self.storeSpacedHex(high, at: p + 35, entries: entries)
                p.storeBytes(of: 0x7C20 as UInt16, toByteOffset: 59, as: UInt16.self)  // " |"
                p.storeBytes(of: Self.textWord(low), toByteOffset: 61, as: UInt64.self)
                p.storeBytes(of: Self.textWord(high), toByteOffset: 69, as: UInt64.self)
                p.storeBytes(of: 0x0A7C as UInt16, toByteOffset: 77, as: UInt16.self)  // "|\n"
                p += 79
            }
        }
        previousLine = previous
        self.squeezing = squeezing
        return p - UnsafeMutableRawPointer(output)
    }

    /// Eight bytes as `hh␠` cells, 24 bytes in three words. `entries` holds
    /// each byte's `hh␠` in its low three bytes; cells 2 and 5 straddle words.
    @inline(__always)
    private static func storeSpacedHex(_ bytes: UInt64, at p: UnsafeMutableRawPointer, entries: UnsafeBufferPointer<UInt64>) {
        let e0 = entries[Int(bytes & 0xFF)]
        let e1 = entries[Int(bytes >> 8 & 0xFF)]
        let e2 = entries[Int(bytes >> 16 & 0xFF)]
        let e3 = entries[Int(bytes >> 24 & 0xFF)]
        let e4 = entries[Int(bytes >> 32 & 0xFF)]
        let e5 = entries[Int(bytes >> 40 & 0xFF)]
        let e6 = entries[Int(bytes >> 48 & 0xFF)]
        let e7 = entries[Int(bytes >> 56)]
        p.storeBytes(of: e0 | e1 << 24 | e2 << 48, as: UInt64.self)
        p.storeBytes(of: e2 >> 16 | e3 << 8 | e4 << 32 | e5 << 56, toByteOffset: 8, as: UInt64.self)
        p.storeBytes(of: e5 >> 8 | e6 << 16 | e7 << 40, toByteOffset: 16, as: UInt64.self)
    }

    // MARK: xxd

    /// Full lines of xxd's default layout (16 bytes in pairs), offsets below 2^32.
    mutating func xxdDefaultLines(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var p = UnsafeMutableRawPointer(output)
        let pairWords = hexPairWords
        pairWords.withUnsafeBufferPointer { pairWords in
            forEachSixteenByteLine(input) { low, high, offsetDigits in
                // 00000000:␠hhhh␠…hhhh␠␠text\n: 68 bytes.
                p.storeBytes(of: offsetDigits, as: UInt64.self)
                p.storeBytes(of: 0x203A as UInt16, toByteOffset: 8, as: UInt16.self)  // ": "
                Self.storePairedHex(low, high, at: p + 10, pairWords: pairWords)
                p.storeBytes(of: 0x20 as UInt8, toByteOffset: 50, as: UInt8.self)
                p.storeBytes(of: Self.textWord(low), toByteOffset: 51, as: UInt64.self)
                p.storeBytes(of: Self.textWord(high), toByteOffset: 59, as: UInt64.self)
                p.storeBytes(of: 0x0A as UInt8, toByteOffset: 67, as: UInt8.self)
                p += 68
            }
        }
        return p - UnsafeMutableRawPointer(output)
    }

    /// Sixteen bytes as eight `hhhh␠` groups, 40 bytes in five words.
    @inline(__always)
    private static func storePairedHex(_ low: UInt64, _ high: UInt64, at p: UnsafeMutableRawPointer, pairWords: UnsafeBufferPointer<UInt64>) {
        @inline(__always) func group(_ bytes: UInt64, _ shift: UInt64) -> UInt64 {
            pairWords[Int(bytes >> shift & 0xFF)] | pairWords[Int(bytes >> (shift + 8) & 0xFF)] << 16 | 0x20 << 32
        }
        let g0 = group(low, 0)
        let g1 = group(low, 16)
        let g2 = group(low, 32)
        let g3 = group(low, 48)
        let g4 = group(high, 0)
        let g5 = group(high, 16)
        let g6 = group(high, 32)
        let g7 = group(high, 48)
        // Group k starts at bit 40k.
        p.storeBytes(of: g0 | g1 << 40, as: UInt64.self)
        p.storeBytes(of: g1 >> 24 | g2 << 16 | g3 << 56, toByteOffset: 8, as: UInt64.self)
        p.storeBytes(of: g3 >> 8 | g4 << 32, toByteOffset: 16, as: UInt64.self)
        p.storeBytes(of: g4 >> 32 | g5 << 8 | g6 << 48, toByteOffset: 24, as: UInt64.self)
        p.storeBytes(of: g6 >> 16 | g7 << 24, toByteOffset: 32, as: UInt64.self)
    }

    /// Full lines of any other xxd layout, offsets below 2^32: hex cells a
    /// pair store each, the text column a word at a time.
    mutating func xxdLines(_ input: UnsafeRawBufferPointer, columns: Int, group: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var p = output
        var offset = UInt32(truncatingIfNeeded: self.offset)
        hexPairs.withUnsafeBufferPointer { hexPairs in
            offsetPairs.withUnsafeBufferPointer { offsetPairs in
                var line = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let end = line + input.count
                var offsetDigits = OffsetDigits(offset, pairs: offsetPairs)
                while line < end {
                    let raw = UnsafeMutableRawPointer(p)
                    raw.storeBytes(of: offsetDigits.word(offset, pairs: offsetPairs), as: UInt64.self)
                    raw.storeBytes(of: 0x203A as UInt16, toByteOffset: 8, as: UInt16.self)
                    var q = 10
                    var inGroup = 0
                    for i in 0..<columns {
                        raw.storeBytes(of: hexPairs[Int(line[i])], toByteOffset: q, as: UInt16.self)
                        q += 2
                        inGroup += 1
                        if inGroup == group && i + 1 < columns {
                            p[q] = 0x20
                            q += 1
                            inGroup = 0
                        }
                    }
                    p[q] = 0x20
                    p[q + 1] = 0x20
                    q += 2
                    Self.storeText(UnsafeRawPointer(line), count: columns, at: raw + q)
                    p[q + columns] = 0x0A
                    p += q + columns + 1
                    offset &+= UInt32(columns)  // below 2^32 as above
                    line += columns
                }
            }
        }
        hadLine = hadLine || !input.isEmpty
        self.offset += UInt64(input.count)
        return p - output
    }

    // MARK: xxd -p

    /// Full `xxd -p` lines: four bytes' digits a word.
    mutating func plainLines(_ input: UnsafeRawBufferPointer, columns: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var p = UnsafeMutableRawPointer(output)
        hexPairWords.withUnsafeBufferPointer { pairWords in
            var line = input.baseAddress!
            let end = line + input.count
            while line < end {
                var i = 0
                while i + 4 <= columns {
                    let bytes = line.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                    let word =
                        pairWords[Int(bytes & 0xFF)] | pairWords[Int(bytes >> 8 & 0xFF)] << 16
                        | pairWords[Int(bytes >> 16 & 0xFF)] << 32 | pairWords[Int(bytes >> 24)] << 48
                    p.storeBytes(of: word, toByteOffset: 2 * i, as: UInt64.self)
                    i += 4
                }
                while i < columns {
                    p.storeBytes(
                        of: UInt16(truncatingIfNeeded: pairWords[Int(line.load(fromByteOffset: i, as: UInt8.self))]), toByteOffset: 2 * i,
                        as: UInt16.self)
                    i += 1
                }
                p.storeBytes(of: 0x0A as UInt8, toByteOffset: 2 * columns, as: UInt8.self)
                p += 2 * columns + 1
                line += columns
            }
        }
        hadLine = hadLine || !input.isEmpty
        offset += UInt64(input.count)
        return p - UnsafeMutableRawPointer(output)
    }

    // MARK: Shared pieces

    /// Calls `body` for each 16-byte line of `input` (whole lines, offsets
    /// below 2^32) with its two words and its eight offset digits, then
    /// moves the dump's offset past them: the loop the 16-byte layouts share.
    @inline(__always)
    private mutating func forEachSixteenByteLine(
        _ input: UnsafeRawBufferPointer, _ body: (_ low: UInt64, _ high: UInt64, _ offsetDigits: UInt64) -> Void
    ) {
        var offset = UInt32(truncatingIfNeeded: self.offset)
        let pairs = offsetPairs
        pairs.withUnsafeBufferPointer { pairs in
            var digits = OffsetDigits(offset, pairs: pairs)
            var line = input.baseAddress!
            let end = line + input.count
            while line < end {
                body(line.loadUnaligned(as: UInt64.self), line.loadUnaligned(fromByteOffset: 8, as: UInt64.self), digits.word(offset, pairs: pairs))
                // Cannot wrap: `fitsIn32Bits` let only offsets below 2^32 in
                // (the step past the last line is never read).
                offset &+= 16
                line += 16
            }
        }
        hadLine = hadLine || !input.isEmpty
        self.offset += UInt64(input.count)
    }

    /// A line's offset digits when lines are 16 bytes: the six leading
    /// digits change every sixteenth line, so they are worked out then and
    /// kept; only the last two are looked up for every line.
    struct OffsetDigits {
        private var leading: UInt64
        private var leadingOf: UInt32

        init(_ offset: UInt32, pairs: UnsafeBufferPointer<UInt64>) {
            leadingOf = offset >> 8
            leading = Self.leadingDigits(leadingOf, pairs: pairs)
        }

        @inline(__always)
        mutating func word(_ offset: UInt32, pairs: UnsafeBufferPointer<UInt64>) -> UInt64 {
            if offset >> 8 != leadingOf {
                leadingOf = offset >> 8
                leading = Self.leadingDigits(leadingOf, pairs: pairs)
            }
            return leading | pairs[Int(offset & 0xFF)] << 48
        }

        private static func leadingDigits(_ high: UInt32, pairs: UnsafeBufferPointer<UInt64>) -> UInt64 {
            pairs[Int(high >> 16)] | pairs[Int(high >> 8 & 0xFF)] << 16 | pairs[Int(high & 0xFF)] << 32
        }
    }

    /// One byte of the text column: printable ASCII (0x20-0x7E) as is, any
    /// other byte as `.` (the rule `textWord` applies eight bytes at once).
    @inline(__always)
    static func textByte(_ byte: UInt8) -> UInt8 { byte >= 0x20 && byte < 0x7F ? byte : 0x2E }

    /// Eight bytes of the text column at once: printable ASCII (0x20-0x7E)
    /// as is, every other byte as `.`. Each byte's top bit says whether it is
    /// at least 0x20 (adding 0x60 to its low seven bits) and at least 0x7F
    /// (adding 0x01); no sum carries into the next byte.
    @inline(__always)
    static func textWord(_ bytes: UInt64) -> UInt64 {
        let tops: UInt64 = 0x8080_8080_8080_8080
        let low7 = bytes & ~tops
        let atLeastSpace = low7 &+ 0x6060_6060_6060_6060
        let atLeastDelete = low7 &+ 0x0101_0101_0101_0101
        let printable = atLeastSpace & ~atLeastDelete & ~bytes & tops
        let keep = (printable >> 7) &* 0xFF
        return bytes & keep | 0x2E2E_2E2E_2E2E_2E2E & ~keep
    }

    /// `count` bytes of the text column: a word at a time, the rest a byte at a time.
    @inline(__always)
    static func storeText(_ bytes: UnsafeRawPointer, count: Int, at p: UnsafeMutableRawPointer) {
        var i = 0
        while i + 8 <= count {
            p.storeBytes(of: textWord(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)), toByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < count {
            p.storeBytes(of: textByte(bytes.load(fromByteOffset: i, as: UInt8.self)), toByteOffset: i, as: UInt8.self)
            i += 1
        }
    }
}
