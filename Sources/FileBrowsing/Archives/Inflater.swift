/// A DEFLATE decoder (RFC 1951) that can stop at any output byte and go on
/// later: the viewers ask for a screen at a time, and a gzip stream or a
/// zip member is read only as far as it is shown. Input arrives through
/// `nextInput` in chunks; output is written into the caller's buffer and
/// kept in a 32 KiB window for the matches that refer back into it.
///
/// Every malformed input (an over-subscribed code, a distance before the
/// start, a block type 3, a stream that ends early) is an `ArchiveError`,
/// never a crash; memory is the window and two code tables, whatever the
/// input claims.
public final class Inflater {
    /// The next chunk of compressed bytes; nil or empty at the end of the input.
    let nextInput: () throws(ArchiveError) -> [UInt8]?
    var chunk: [UInt8] = []
    var position = 0
    var bits: UInt64 = 0
    var bitCount = 0
    /// The last 32 KiB written, which matches copy from.
    private let window = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 15)
    /// Bytes written so far (the window holds the last 32 KiB of them).
    public private(set) var produced: UInt64 = 0
    /// Bytes of input received so far (`nextInput`'s chunks).
    var received: UInt64 = 0

    /// Where decoding can start again without the bytes before it, as
    /// zlib's zran example keeps them: at a block's start, the input's
    /// position to the bit, and the 32 KiB window matches may refer to.
    public struct Checkpoint: Sendable {
        /// Output bytes before this point.
        public let output: UInt64
        /// Input bytes wholly used before this point (the bits below come from them).
        public let input: UInt64
        let bits: UInt64
        let bitCount: Int
        let window: [UInt8]
    }

    /// With a spacing set, a checkpoint is kept at the first block that
    /// starts at least this many output bytes after the last one (the
    /// first stream only: a gzip file's later members are not indexed).
    public var checkpointSpacing: UInt64?
    public private(set) var checkpoints: [Checkpoint] = []
    private var indexesThisStream = true

    /// A decoder that goes on from `checkpoint`, its input starting where
    /// the checkpoint's did (`nextInput` gives the bytes from `checkpoint.input`).
    public convenience init(resumingAt checkpoint: Checkpoint, input: @escaping () throws(ArchiveError) -> [UInt8]?) {
        self.init(input: input)
        checkpoint.window.withUnsafeBufferPointer { window.update(from: $0.baseAddress!, count: min($0.count, 1 << 15)) }
        bits = checkpoint.bits
        bitCount = checkpoint.bitCount
        produced = checkpoint.output
        received = checkpoint.input
    }

    /// Keeps a checkpoint here (at a block's start) when one is due.
    private func checkpointIfDue() {
        guard let spacing = checkpointSpacing, indexesThisStream else { return }
        let last = checkpoints.last?.output ?? 0
        guard produced >= last + spacing || (checkpoints.isEmpty && produced >= spacing) else { return }
        let unused = UInt64(chunk.count - position)
        // The buffer's low `kept` bits end a byte already read; its whole
        // bytes after them are input read again on resuming.
        let wholeBytes = UInt64(bitCount / 8)
        let kept = bitCount % 8
        checkpoints.append(
            Checkpoint(
                output: produced, input: received - unused - wholeBytes, bits: bits & ((1 << UInt64(kept)) - 1),
                bitCount: kept, window: Array(UnsafeBufferPointer(start: window, count: 1 << 15))))
    }

    private enum Stage {
        case blockHeader
        case stored(remaining: Int)
        case coded
        case finished
    }
    private var stage = Stage.blockHeader
    private var lastBlock = false
    private var literals = HuffmanCode()
    private var distances = HuffmanCode()
    /// A match cut short by a full output buffer: what is left to copy.
    private var pendingLength = 0
    private var pendingDistance = 0

    public init(input: @escaping () throws(ArchiveError) -> [UInt8]?) {
        nextInput = input
        window.initialize(repeating: 0, count: 1 << 15)
    }

    deinit { window.deallocate() }

    /// Whether the final block has been decoded.
    public var isFinished: Bool {
        if case .finished = stage { return true }
        return false
    }

    /// Decodes up to `buffer.count` bytes into `buffer`; returns how many
    /// (0 only at the end of the stream).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        var written = 0
        let out = buffer.bindMemory(to: UInt8.self)
        while written < out.count {
            if pendingLength > 0 {
                written += copyMatch(into: out, at: written)
                continue
            }
            switch stage {
            case .finished:
                return written
            case .blockHeader:
                if lastBlock {
                    stage = .finished
                    continue
                }
                checkpointIfDue()
                try readBlockHeader()
            case .stored(let remaining):
                if remaining == 0 {
                    stage = .blockHeader
                    continue
                }
                let byte = try nextByte()
                emit(byte, into: out, at: written)
                written += 1
                stage = .stored(remaining: remaining - 1)
            case .coded:
                written = fastCoded(into: out, from: written)
                if pendingLength > 0 || written == out.count { continue }
                if case .blockHeader = stage { continue }
                let symbol = try decode(literals)
                if symbol < 256 {
                    emit(UInt8(symbol), into: out, at: written)
                    written += 1
                } else if symbol == 256 {
                    stage = .blockHeader
                } else {
                    try startMatch(lengthSymbol: symbol)
                }
            }
        }
        return written
    }

    /// After the final block: the next `count` bytes of input from the
    /// next byte boundary (a gzip trailer); fewer at the end of the input.
    public func bytesAfterStream(_ count: Int) throws(ArchiveError) -> [UInt8] {
        dropBits(bitCount % 8)
        var result: [UInt8] = []
        while result.count < count {
            if bitCount >= 8 {
                result.append(UInt8(truncatingIfNeeded: bits))
                dropBits(8)
            } else if let byte = try nextByteIfAny() {
                result.append(byte)
            } else {
                break
            }
        }
        return result
    }

    /// Starts a new stream after the end of this one (the next member of
    /// a gzip file), keeping the input where it stands.
    public func restart() {
        indexesThisStream = false
        stage = .blockHeader
        lastBlock = false
        pendingLength = 0
        produced = 0
    }

    // MARK: Blocks

    private func readBlockHeader() throws(ArchiveError) {
        lastBlock = try takeBits(1) == 1
        switch try takeBits(2) {
        case 0:
            dropBits(bitCount % 8)
            let length = try takeBits(16)
            let complement = try takeBits(16)
            guard length == ~complement & 0xFFFF else { throw ArchiveError("a stored block's length is damaged") }
            stage = .stored(remaining: length)
        case 1:
            literals = HuffmanCode.fixedLiterals
            distances = HuffmanCode.fixedDistances
            stage = .coded
        case 2:
            try readDynamicCodes()
            stage = .coded
        default:
            throw ArchiveError("a block of type 3 (not DEFLATE data)")
        }
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private func readDynamicCodes() throws(ArchiveError) {
        let literalCount = try takeBits(5) + 257
        let distanceCount = try takeBits(5) + 1
        let lengthCount = try takeBits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw ArchiveError("a block names more codes than DEFLATE has") }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<lengthCount { codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(try takeBits(3)) }
        let lengthCode = try HuffmanCode(lengths: codeLengthLengths)
        var lengths: [UInt8] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0...15:
                lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else { throw ArchiveError("a code length repeats before the first") }
                lengths += repeatElement(previous, count: 3 + (try takeBits(2)))
            case 17:
                lengths += repeatElement(0, count: 3 + (try takeBits(3)))
            default:
                lengths += repeatElement(0, count: 11 + (try takeBits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw ArchiveError("code lengths run past their count") }
        guard lengths[256] != 0 else { throw ArchiveError("a block has no end-of-block code") }
        literals = try HuffmanCode(lengths: Array(lengths[0..<literalCount]))
        distances = try HuffmanCode(lengths: Array(lengths[literalCount...]))
    }

    // MARK: Matches

    private func startMatch(lengthSymbol: Int) throws(ArchiveError) {
        let tables = DeflateMatches.tables
        let index = lengthSymbol - 257
        guard index < 29 else { throw ArchiveError("a length code out of range") }
        let length = Int(tables.lengthBase[index]) + (try takeBits(Int(tables.lengthExtra[index])))
        let distanceSymbol = try decode(distances)
        guard distanceSymbol < 30 else { throw ArchiveError("a distance code out of range") }
        let distance = Int(tables.distanceBase[distanceSymbol]) + (try takeBits(Int(tables.distanceExtra[distanceSymbol])))
        guard UInt64(distance) <= produced else { throw ArchiveError("a match refers before the start of the data") }
        pendingLength = length
        pendingDistance = distance
    }

    /// The hot loop of a coded block, on local copies of the bit buffer:
    /// refills 8 bytes at a time, so a whole literal or match (at most 48
    /// bits) decodes without a check. Stops, leaving the rest to the
    /// careful path (`decode`), near the end of the input chunk, at a code
    /// longer than the fast tables, and at anything malformed (which that
    /// path reports); and at the end of the block or a full buffer.
    private func fastCoded(into out: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
        var written = start
        var bits = self.bits
        var bitCount = self.bitCount
        var position = self.position
        var produced = self.produced
        var endOfBlock = false
        let window = self.window
        let tables = DeflateMatches.tables
        chunk.withUnsafeBufferPointer { input in
            literals.fast.withUnsafeBufferPointer { literalTable in
                distances.fast.withUnsafeBufferPointer { distanceTable in
                    while written < out.count {
                        if bitCount < 56 {
                            guard position + 8 <= input.count else { return }
                            let word = UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self)
                            bits |= UInt64(littleEndian: word) << UInt64(bitCount)
                            let taken = (63 - bitCount) >> 3
                            position += taken
                            bitCount += taken << 3
                        }
                        let entry = literalTable[Int(bits & 511)]
                        guard entry != 0 else { return }
                        let symbol = Int(entry >> 4)
                        let length = Int(entry & 15)
                        if symbol < 256 {
                            bits >>= UInt64(length)
                            bitCount -= length
                            out[written] = UInt8(truncatingIfNeeded: symbol)
                            window[Int(produced & 0x7FFF)] = UInt8(truncatingIfNeeded: symbol)
                            produced &+= 1
                            written += 1
                            continue
                        }
                        if symbol == 256 {
                            bits >>= UInt64(length)
                            bitCount -= length
                            endOfBlock = true
                            return
                        }
                        // A match: decoded on copies, kept only when whole and sound.
                        guard
                            let match = tables.match(
                                lengthSymbol: symbol, after: length, in: bits, bitCount: bitCount, distances: distanceTable, produced: produced)
                        else { return }
                        bits = match.bits
                        bitCount = match.bitCount
                        let matchLength = match.length
                        let distance = match.distance
                        let count = min(matchLength, out.count - written)
                        for _ in 0..<count {
                            let byte = window[Int((produced &- UInt64(distance)) & 0x7FFF)]
                            out[written] = byte
                            window[Int(produced & 0x7FFF)] = byte
                            produced &+= 1
                            written += 1
                        }
                        if count < matchLength {
                            pendingLength = matchLength - count
                            pendingDistance = distance
                            return
                        }
                    }
                }
            }
        }
        self.bits = bits
        self.bitCount = bitCount
        self.position = position
        self.produced = produced
        if endOfBlock { stage = .blockHeader }
        return written
    }

    /// Copies as much of the pending match as fits; returns how many bytes.
    private func copyMatch(into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let count = min(pendingLength, out.count - start)
        for offset in 0..<count {
            let from = Int((produced &- UInt64(pendingDistance)) & 0x7FFF)
            emit(window[from], into: out, at: start + offset)
        }
        pendingLength -= count
        return count
    }

    @inline(__always)
    private func emit(_ byte: UInt8, into out: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        out[index] = byte
        window[Int(produced & 0x7FFF)] = byte
        produced &+= 1
    }
}
