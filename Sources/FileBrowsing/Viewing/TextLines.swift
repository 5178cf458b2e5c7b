/// Moving through a text file by lines without reading all of it: forward
/// and back from any piece, a line by number, the last lines. A line longer
/// than `longestPiece` is cut into pieces of that size counted from the
/// line's start, so every piece starts where a newline or such a cut put it
/// whichever way the viewer came.
public struct TextLines {
    public let file: any ByteSource

    /// The most bytes of a line held and shown as one piece.
    public static let longestPiece = 1 << 16

    public init(file: any ByteSource) { self.file = file }

    /// Up to `count` pieces from `position` on (fewer at the end of the file).
    public func pieces(from position: TextPosition, count: Int) throws(FileError) -> [TextPiece] {
        var pieces: [TextPiece] = []
        var current = position
        var pending: [UInt8] = []
        var offset = position.offset
        while pieces.count < count {
            let block = try file.read(at: offset, count: Self.readSize) { Array($0) }
            if block.isEmpty {
                if !pending.isEmpty { pieces.append(TextPiece(position: current, bytes: pending, endsLine: false)) }
                break
            }
            offset += UInt64(block.count)
            for byte in block {
                if byte == 0x0A {
                    let piece = TextPiece(position: current, bytes: pending, endsLine: true)
                    pieces.append(piece)
                    current = piece.next
                    pending.removeAll(keepingCapacity: true)
                } else {
                    // A full piece goes out when more of its line follows (a
                    // newline right after it ends it instead).
                    if pending.count == Self.longestPiece {
                        let piece = TextPiece(position: current, bytes: pending, endsLine: false)
                        pieces.append(piece)
                        current = piece.next
                        pending.removeAll(keepingCapacity: true)
                        if pieces.count == count { break }
                    }
                    pending.append(byte)
                }
                if pieces.count == count { break }
            }
        }
        return pieces
    }

    /// The start of the piece holding byte `offset` (its line's number
    /// unknown). A newline belongs to the piece before it, also when that
    /// piece is full.
    public func pieceStart(holding offset: UInt64) throws(FileError) -> UInt64 {
        let lineStart = try lineStart(holding: offset)
        let piece = UInt64(Self.longestPiece)
        var into = (offset - lineStart) / piece
        if into > 0, (offset - lineStart) % piece == 0, try file.read(at: offset, count: 1, { $0.first == 0x0A }) { into -= 1 }
        return lineStart + into * piece
    }

    /// The piece just before `position` (nil at the start of the file).
    public func previous(before position: TextPosition) throws(FileError) -> TextPosition? {
        guard position.offset > 0 else { return nil }
        let start = try pieceStart(holding: position.offset - 1)
        let endedLine = try file.read(at: position.offset - 1, count: 1) { $0.first == 0x0A }
        return TextPosition(offset: start, line: endedLine ? position.line.map { $0 - 1 } : position.line)
    }

    /// The position `count` pieces back from `position` (the start at most).
    public func back(_ count: Int, from position: TextPosition) throws(FileError) -> TextPosition {
        var current = position
        for _ in 0..<count {
            guard let earlier = try previous(before: current) else { break }
            current = earlier
        }
        return current
    }

    /// Line `number`, counted on from `known` when it is at or before it
    /// (from the start otherwise); nil when the file has fewer lines.
    public func position(ofLine number: Int, from known: TextPosition) throws(FileError) -> TextPosition? {
        var current = TextPosition.start
        if let line = known.line, line <= number, try isLineStart(known.offset) { current = known }
        guard var line = current.line else { return nil }
        var offset = current.offset
        if line == number { return current }
        while true {
            let (found, used, newlines) = try file.read(at: offset) { block -> (Bool, Int, Int) in
                // A block that ends before the line is counted at vector speed, not byte by byte.
                let inBlock = ByteCounting.newlines(in: block)
                if line + inBlock < number { return (false, block.count, inBlock) }
                var index = 0
                var newlines = 0
                while index < block.count {
                    if block[index] == 0x0A {
                        newlines += 1
                        if line + newlines == number { return (true, index + 1, newlines) }
                    }
                    index += 1
                }
                return (false, block.count, newlines)
            }
            if used == 0 { return nil }
            offset += UInt64(used)
            line += newlines
            if found {
                // A newline that ends the file starts no line.
                let atEnd = try file.read(at: offset, count: 1) { $0.isEmpty }
                return atEnd ? nil : TextPosition(offset: offset, line: number)
            }
        }
    }

    /// The position that puts the file's last `count` pieces on screen.
    public func lastPieces(_ count: Int, size: UInt64) throws(FileError) -> TextPosition {
        guard size > 0 else { return TextPosition.start }
        let endsWithNewline = try file.read(at: size - 1, count: 1) { $0.first == 0x0A }
        // The piece holding the last byte that is not the final newline.
        let last = endsWithNewline ? size - 1 : size
        guard last > 0 else { return TextPosition.start }
        var position = TextPosition(offset: try pieceStart(holding: last - 1), line: nil)
        position = try back(count - 1, from: position)
        if position.offset == 0 { position.line = 1 }
        return position
    }

    /// Newlines in bytes `start..<end`.
    public func newlines(from start: UInt64, to end: UInt64) throws(FileError) -> Int {
        var total = 0
        var offset = start
        while offset < end {
            let (count, used) = try file.read(at: offset, count: Int(min(UInt64(ViewedFile.blockSize), end - offset))) {
                (ByteCounting.newlines(in: $0), $0.count)
            }
            if used == 0 { break }
            total += count
            offset += UInt64(used)
        }
        return total
    }

    /// Whether `offset` starts a line (the file's start, or just after a newline).
    private func isLineStart(_ offset: UInt64) throws(FileError) -> Bool {
        guard offset > 0 else { return true }
        return try file.read(at: offset - 1, count: 1) { $0.first == 0x0A }
    }

    /// The start of the line holding byte `offset`: just after the newline
    /// before it, or the file's start.
    private func lineStart(holding offset: UInt64) throws(FileError) -> UInt64 {
        var end = offset
        while end > 0 {
            let start = end > UInt64(Self.readSize) ? end - UInt64(Self.readSize) : 0
            let found = try file.read(at: start, count: Int(end - start)) { block -> Int? in
                var index = block.count
                while index > 0 {
                    index -= 1
                    if block[index] == 0x0A { return index }
                }
                return nil
            }
            if let found { return start + UInt64(found) + 1 }
            end = start
        }
        return 0
    }

    /// Bytes read per step when moving by lines (a screen needs a few KiB).
    private static let readSize = 1 << 16
}

/// Counting bytes fast enough for a gigabyte: loops the compiler turns into
/// vector instructions.
public enum ByteCounting {
    /// How many newline bytes `bytes` holds (tens of GB/s on cached data).
    public static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let newline = SIMD16<Int8>(repeating: 0x0A)
        var total = 0
        var index = 0
        // 255 steps of 16 bytes: a lane's count fits in a byte. A true lane
        // of a comparison is -1, so subtracting the mask counts it.
        while index + 16 * 255 <= bytes.count {
            var lanes = SIMD16<Int8>(repeating: 0)
            for step in 0..<255 {
                let vector = base.loadUnaligned(fromByteOffset: index &+ step &* 16, as: SIMD16<Int8>.self)
                lanes &-= unsafeBitCast(vector .== newline, to: SIMD16<Int8>.self)
            }
            let counts = SIMD16<UInt8>(truncatingIfNeeded: lanes)
            for lane in 0..<16 { total &+= Int(counts[lane]) }
            index &+= 16 * 255
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { total += 1 }
            index += 1
        }
        return total
    }
}
