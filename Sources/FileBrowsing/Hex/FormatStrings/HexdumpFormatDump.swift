/// Draws input through hexdump format strings as util-linux hexdump
/// draws it: bytes come in pieces of any size and are cut into blocks;
/// each block is drawn by every string in turn; a block the same as the
/// last one drawn becomes one `*` line (unless squeezing is off); the
/// last, short block is padded with zeros, and a conversion starting past
/// the input's end writes blanks of its width; `finish` draws the `%_A`
/// unit with the offset past the end. A large piece is drawn in two
/// halves at once, the second on a second thread from the state the
/// blocks before it give, and handed out in order. Called from one thread.
public struct HexdumpFormatDump: ~Copyable {
    public let format: HexdumpFormat
    private var drawer: HexdumpBlockDrawer
    private var pending: [UInt8] = []
    /// The second thread's text buffer, kept from one large piece to the
    /// next (a fresh one would be grown, copied and faulted in each time).
    private var secondText: UnsafeMutableBufferPointer<UInt8>?

    /// Bytes of whole blocks worth drawing on two threads.
    static let pairedDrawing = 64 * 1024
    /// The most text a half drawn on the second thread may make: it is
    /// held until the first half's is out.
    static let largestPairedText = 1 << 27
    /// The most text one block can make (held at `Int.max / 2`).
    private let largestBlockText: Int

    /// Goes on where a parallel dump of whole blocks stopped: its state,
    /// its short last block pending, for `finish`.
    public init(resuming chunks: HexdumpChunkFormatter) {
        self.init(format: chunks.format, startOffset: chunks.address, squeezes: chunks.squeezes, compiled: true)
        drawer.use(chunks.plan)
        drawer.previous = chunks.previous
        drawer.hasDrawn = chunks.hasDrawn
        drawer.starred = chunks.starred
        pending = chunks.pending
    }

    /// Whole blocks go through the plan's compiled program (else step by step, for tests to compare).
    private let compiled: Bool

    public init(format: HexdumpFormat, startOffset: UInt64, squeezes: Bool) {
        self.init(format: format, startOffset: startOffset, squeezes: squeezes, compiled: true)
    }

    init(format: HexdumpFormat, startOffset: UInt64, squeezes: Bool, compiled: Bool) {
        self.format = format
        self.compiled = compiled
        drawer = HexdumpBlockDrawer(
            plan: HexdumpFormatPlan(format, compiled: compiled), blockSize: format.blockSize, squeezes: squeezes, address: startOffset)
        largestBlockText = Self.largestText(of: format)
    }

    deinit { secondText?.deallocate() }

    /// An upper bound of the text a block makes, from each print unit's widest output.
    private static func largestText(of format: HexdumpFormat) -> Int {
        var total = 0
        for unit in format.strings.flatMap(\.units) {
            let perIteration = unit.prints.reduce(0) { $0 + $1.largestOutput(blockSize: format.blockSize) }
            let (text, overflow) = unit.iterations.multipliedReportingOverflow(by: perIteration)
            total = overflow ? Int.max / 2 : min(Int.max / 2, total + text)
        }
        return total
    }

    /// Draws every whole block `bytes` completes, appending to `output`.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        append(bytes) { output.append(contentsOf: $0) }
    }

    /// The short last block and the `%_A` unit, appended to `output`.
    public mutating func finish(into output: inout [UInt8]) {
        finish { output.append(contentsOf: $0) }
    }

    /// Draws every whole block `bytes` completes, handing the text to
    /// `emit` (valid during the call only) in one or more pieces, in order.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        withoutActuallyEscaping(emit) { sink in
            drawer.sink = sink
            drawBlocks(bytes, emit: sink)
            drawer.sink = nil
        }
    }

    private mutating func drawBlocks(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        let size = format.blockSize
        guard size > 0, var rest = bytes.baseAddress else { return }
        var count = bytes.count
        if !pending.isEmpty {
            let taken = min(count, size - pending.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: rest, count: taken))
            rest += taken
            count -= taken
            guard pending.count == size else { return }
            let block = pending
            pending = []
            block.withUnsafeBytes { drawer.drawWhole($0.baseAddress!) }
        }
        let blocks = count / size
        let (pairedText, overflow) = largestBlockText.multipliedReportingOverflow(by: blocks)
        if blocks >= 4 && blocks * size >= Self.pairedDrawing && !overflow && pairedText <= Self.largestPairedText {
            // A large input: worth the two-byte tables.
            if drawer.plan.wantsLargeInputTables && !drawer.plan.hasWordTables {
                drawer.use(HexdumpFormatPlan(format, wordTables: true, compiled: compiled))
            }
            drawInTwo(UnsafeRawBufferPointer(start: rest, count: blocks * size), emit: emit)
        } else {
            drawer.drawRun(rest, count: blocks)
            drawer.writer.flush(emit)
        }
        rest += blocks * size
        count -= blocks * size
        pending.append(contentsOf: UnsafeRawBufferPointer(start: rest, count: count))
    }

    /// Whole blocks in two halves at once: the second half on a second
    /// thread, from the squeeze state its two blocks before give (the
    /// last block drawn has the content of the block just before, drawn or
    /// folded; `*` is pending when that block repeated the one before it).
    private mutating func drawInTwo(_ blocks: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        let size = format.blockSize
        let firstCount = blocks.count / size / 2 * size
        let base = blocks.baseAddress!
        let lastOfFirst = base + firstCount - size
        let starredBefore: Bool
        if firstCount >= 2 * size {
            starredBefore = Syscalls.compareMemory(lastOfFirst, lastOfFirst - size, size) == 0
        } else {
            starredBefore = drawer.hasDrawn && drawer.previous.withUnsafeBytes { Syscalls.compareMemory(lastOfFirst, $0.baseAddress!, size) == 0 }
        }
        let start = SecondHalf(
            plan: drawer.plan, blockSize: size, squeezes: drawer.squeezes, address: drawer.address + UInt64(firstCount),
            starred: drawer.squeezes && starredBefore, blocks: SharedMemory(UnsafeRawBufferPointer(rebasing: blocks[(firstCount - size)...])),
            buffer: SharedMemory(secondText), largestText: min(1 << 24, largestBlockText * ((blocks.count - firstCount) / size)))
        secondText = nil
        let second = TwoThreads.run(
            {
                drawer.drawRun(base, count: firstCount / size)
            }, alongside: { start.draw() })
        drawer.writer.flush(emit)
        emit(UnsafeRawBufferPointer(start: second.pointer.buffer.baseAddress, count: second.pointer.written))
        secondText = second.pointer.buffer
        // The state after both halves: the last block, and whether it repeated the one before.
        let last = base + blocks.count - size
        drawer.address += UInt64(blocks.count - firstCount)
        if drawer.squeezes {
            drawer.starred = Syscalls.compareMemory(last, last - size, size) == 0
            drawer.previous = Array(UnsafeRawBufferPointer(start: last, count: size))
        }
        drawer.hasDrawn = true
    }

    /// The short last block, then the `%_A` unit: its offsets are the
    /// offset past the input (nothing at all for empty input at offset 0).
    public mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
        withoutActuallyEscaping(emit) { sink in
            drawer.sink = sink
            drawLast()
            drawer.sink = nil
            drawer.writer.flush(sink)
        }
    }

    /// The short last block and the `%_A` unit.
    private mutating func drawLast() {
        if !pending.isEmpty {
            let count = pending.count
            drawer.endAddress = drawer.address + UInt64(count)
            pending += repeatElement(0, count: format.blockSize - count)
            let block = pending
            pending = []
            block.withUnsafeBytes { drawer.draw($0.baseAddress!) }
            drawer.address += UInt64(format.blockSize)
        }
        drawer.drawEndUnit()
    }
}

/// The second half of a large piece, drawn on the second thread: its
/// blocks start with the last block of the first half, which only sets
/// the squeeze state.
private struct SecondHalf: Sendable {
    let plan: HexdumpFormatPlan
    let blockSize: Int
    let squeezes: Bool
    let address: UInt64
    let starred: Bool
    let blocks: SharedMemory<UnsafeRawBufferPointer>
    /// The buffer to draw into (else a new one), and the most text the half can make.
    let buffer: SharedMemory<UnsafeMutableBufferPointer<UInt8>?>
    let largestText: Int

    /// The text drawn: the buffer that holds it (the caller's) and its length.
    func draw() -> SharedMemory<(buffer: UnsafeMutableBufferPointer<UInt8>, written: Int)> {
        let writer = buffer.pointer.map { DumpWriter(adopting: $0) } ?? DumpWriter(capacity: largestText + HexdumpBlockProgram.slack)
        var drawer = HexdumpBlockDrawer(plan: plan, blockSize: blockSize, squeezes: squeezes, address: address, writer: writer)
        drawer.room(largestText)
        let bytes = blocks.pointer
        if squeezes {
            drawer.previous = Array(UnsafeRawBufferPointer(rebasing: bytes[0..<blockSize]))
            drawer.hasDrawn = true
            drawer.starred = starred
        }
        drawer.drawRun(bytes.baseAddress! + blockSize, count: bytes.count / blockSize - 1)
        return SharedMemory(drawer.writer.surrender())
    }
}
