/// hexdump's format strings as `ParallelHexDump` runs them: whole blocks
/// of a chunk drawn through the plan's program by each worker, from the
/// state the blocks before the chunk give (its offset; for squeezing, the
/// last block drawn is the block just before, and `*` is pending when that
/// block repeated the one before it). A short last block is kept for
/// `HexdumpFormatDump(resuming:)`, which draws it and the `%_A` unit.
public struct HexdumpChunkFormatter: ChunkFormatter {
    let plan: HexdumpFormatPlan
    let format: HexdumpFormat
    let blockSize: Int
    let squeezes: Bool
    /// The offset of the next block.
    var address: UInt64
    /// The last block drawn (squeezing only), whether any was, whether `*` stands for its repeats.
    var previous: [UInt8] = []
    var hasDrawn = false
    var starred = false
    /// The bytes of a short last block.
    var pending: [UInt8] = []

    /// Nil when the format has no compiled program (a block may write
    /// any amount of text) or its blocks are large (each worker holds a
    /// chunk and two blocks before it): such a dump is drawn in order.
    public init?(format: HexdumpFormat, startOffset: UInt64, squeezes: Bool) {
        guard format.blockSize > 0, format.blockSize <= Self.largestBlock else { return nil }
        let plan = HexdumpFormatPlan(format, wordTables: true)
        guard plan.program != nil else { return nil }
        self.init(plan: plan, format: format, squeezes: squeezes, address: startOffset)
    }

    /// Through `plan`, whatever it is (`HexdumpFormatDump` draws the
    /// second half of a large piece with one, program or not).
    init(plan: HexdumpFormatPlan, format: HexdumpFormat, squeezes: Bool, address: UInt64) {
        self.plan = plan
        self.format = format
        blockSize = format.blockSize
        self.squeezes = squeezes
        self.address = address
    }

    /// The largest block drawn by several workers.
    static let largestBlock = 1 << 16

    public var chunkUnit: Int { blockSize }
    public var lookback: Int { squeezes ? 2 * blockSize : 0 }

    /// The program's bound for the chunk's blocks, at most 8 MiB (the buffer grows past it if it must).
    public func outputCapacity(for count: Int) -> Int {
        let (text, overflow) = (count / blockSize + 1).multipliedReportingOverflow(by: plan.program?.largestBlockText ?? 1 << 16)
        return overflow ? 1 << 23 : min(1 << 23, text)
    }

    public func resumed(at offset: UInt64, after preceding: UnsafeRawBufferPointer?) -> HexdumpChunkFormatter {
        var next = self
        next.address = offset
        guard squeezes, let preceding, preceding.count >= blockSize else { return next }
        let last = preceding.count - blockSize
        next.previous = Array(preceding[last...])
        next.hasDrawn = true
        next.starred = last >= blockSize && preceding[(last - blockSize)..<last].elementsEqual(preceding[last...])
        return next
    }

    public mutating func format(_ input: UnsafeRawBufferPointer, into buffer: inout UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let base = input.baseAddress else { return 0 }
        let blocks = input.count / blockSize
        var drawer = HexdumpBlockDrawer(
            plan: plan, blockSize: blockSize, squeezes: squeezes, address: address, writer: DumpWriter(adopting: buffer))
        drawer.previous = previous
        drawer.hasDrawn = hasDrawn
        drawer.starred = starred
        drawer.drawRun(base, count: blocks)
        address = drawer.address
        previous = drawer.previous
        hasDrawn = drawer.hasDrawn
        starred = drawer.starred
        pending = Array(input[(blocks * blockSize)...])
        let (grown, written) = drawer.writer.surrender()
        buffer = grown
        return written
    }
}
