import SystemSeam

/// What a viewer looks for: text (ASCII case ignored, as `view N /TEXT`
/// always has) or exact bytes (the hex view). Finds matches in a block and, block by block, in a
/// file of any size, counting the newlines it passes so a text viewer keeps
/// its line numbers.
public struct TextSearch: Equatable, Sendable {
    /// The bytes sought, in lower case when case is ignored.
    public let needle: [UInt8]
    public let ignoresCase: Bool

    /// A search for text as typed (escapes such as `\t` or `\x00` allowed),
    /// ASCII case ignored.
    public init(text: String) {
        needle = NameEscaping.typedName(text).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        ignoresCase = true
    }

    /// A search for exactly these bytes.
    public init(bytes: [UInt8]) {
        needle = bytes
        ignoresCase = false
    }

    /// A match found in a file, and the newlines between where the search
    /// started and the match's line (negative when searching backwards).
    public struct Found: Equatable, Sendable {
        public let offset: UInt64
        public let newlinesPassed: Int
    }

    /// The first match starting at or after `from`, or nil.
    public func next(in file: any ByteSource, from: UInt64) throws(FileError) -> Found? {
        guard !needle.isEmpty else { return nil }
        let overlap = needle.count - 1
        var chunkStart = from
        var counted = from
        var newlines = 0
        while true {
            if Interruption.isRequested { throw FileError(path: file.path, reason: .interrupted) }
            let (match, got, lines) = try file.read(at: chunkStart) { block -> (Int?, Int, Int) in
                let match = firstMatch(in: block, from: 0)
                let countFrom = Int(counted - chunkStart)
                let countTo = match ?? block.count
                let lines = countTo > countFrom ? ByteCounting.newlines(in: UnsafeRawBufferPointer(rebasing: block[countFrom..<countTo])) : 0
                return (match, block.count, lines)
            }
            newlines += lines
            if let match { return Found(offset: chunkStart + UInt64(match), newlinesPassed: newlines) }
            guard got > overlap, got == ViewedFile.blockSize else { return nil }
            counted = chunkStart + UInt64(got)
            chunkStart += UInt64(got - overlap)
        }
    }

    /// The last match starting before `before`, or nil.
    public func previous(in file: any ByteSource, before: UInt64) throws(FileError) -> Found? {
        guard !needle.isEmpty else { return nil }
        let overlap = UInt64(needle.count - 1)
        let step = UInt64(ViewedFile.blockSize) - overlap
        var end = before  // matches start before `end`
        var newlines = 0
        while end > 0 {
            if Interruption.isRequested { throw FileError(path: file.path, reason: .interrupted) }
            let start = end > step ? end - step : 0
            let length = Int(end - start + overlap)
            let (match, lines) = try file.read(at: start, count: length) { block -> (Int?, Int) in
                let limit = Int(end - start)
                var last: Int?
                var from = 0
                while let found = firstMatch(in: block, from: from), found < limit {
                    last = found
                    from = found + 1
                }
                let countFrom = last ?? 0
                let lines =
                    limit > countFrom ? ByteCounting.newlines(in: UnsafeRawBufferPointer(rebasing: block[countFrom..<min(limit, block.count)])) : 0
                return (last, lines)
            }
            newlines += lines
            if let match { return Found(offset: start + UInt64(match), newlinesPassed: -newlines) }
            end = start
        }
        return nil
    }

    /// The matches in `bytes`, one after another (none overlapping), for highlighting.
    public func matches(in bytes: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        return bytes.withUnsafeBytes { block in
            var found: [Range<Int>] = []
            var from = 0
            while let start = firstMatch(in: block, from: from) {
                found.append(start..<start + needle.count)
                from = start + needle.count
            }
            return found
        }
    }

    /// The first match in `block` starting at or after `from`. Sixteen
    /// places are tried at once: a place is checked in full only when its
    /// first and last bytes both fit (W. Muła's "SIMD-friendly" search).
    func firstMatch(in block: UnsafeRawBufferPointer, from: Int) -> Int? {
        let count = needle.count
        guard count > 0, block.count - from >= count, let base = block.baseAddress else { return nil }
        let first = needle[0]
        let last = needle[count - 1]
        let foldsFirst = ignoresCase && Self.isLowerLetter(first)
        let foldsLast = ignoresCase && Self.isLowerLetter(last)
        let firstFold = SIMD16<UInt8>(repeating: foldsFirst ? 0x20 : 0)
        let lastFold = SIMD16<UInt8>(repeating: foldsLast ? 0x20 : 0)
        let firstWanted = SIMD16<UInt8>(repeating: first)
        let lastWanted = SIMD16<UInt8>(repeating: last)
        var index = from
        // Thirty-two places a turn, one branch for both halves: the loop
        // with one branch per sixteen ran 10-15% slower or faster with where
        // the linker happened to place it.
        while index + 31 + count <= block.count {
            let heads = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | firstFold
            let tails = base.loadUnaligned(fromByteOffset: index + count - 1, as: SIMD16<UInt8>.self) | lastFold
            let nextHeads = base.loadUnaligned(fromByteOffset: index + 16, as: SIMD16<UInt8>.self) | firstFold
            let nextTails = base.loadUnaligned(fromByteOffset: index + 15 + count, as: SIMD16<UInt8>.self) | lastFold
            let candidates = (heads .== firstWanted) .& (tails .== lastWanted)
            let nextCandidates = (nextHeads .== firstWanted) .& (nextTails .== lastWanted)
            let either = unsafeBitCast(candidates .| nextCandidates, to: SIMD2<UInt64>.self)
            if either != SIMD2<UInt64>(repeating: 0) {
                for lane in 0..<16 where candidates[lane] && matches(at: index + lane, in: block) { return index + lane }
                for lane in 0..<16 where nextCandidates[lane] && matches(at: index + 16 + lane, in: block) { return index + 16 + lane }
            }
            index += 32
        }
        while index + 15 + count <= block.count {
            let heads = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | firstFold
            let tails = base.loadUnaligned(fromByteOffset: index + count - 1, as: SIMD16<UInt8>.self) | lastFold
            let candidates = (heads .== firstWanted) .& (tails .== lastWanted)
            if unsafeBitCast(candidates, to: SIMD2<UInt64>.self) != SIMD2<UInt64>(repeating: 0) {
                for lane in 0..<16 where candidates[lane] && matches(at: index + lane, in: block) { return index + lane }
            }
            index += 16
        }
        while index + count <= block.count {
            if matches(at: index, in: block) { return index }
            index += 1
        }
        return nil
    }

    /// Whether the needle is at `index` in `block` (which holds it whole).
    @inline(__always)
    private func matches(at index: Int, in block: UnsafeRawBufferPointer) -> Bool {
        for position in 0..<needle.count {
            var byte = block[index + position]
            if ignoresCase && (0x41...0x5A).contains(byte) { byte |= 0x20 }
            if byte != needle[position] { return false }
        }
        return true
    }

    private static func isLowerLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
}
