import SystemSeam

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
    /// thread, by a `HexdumpChunkFormatter` resumed from the two blocks
    /// before it, whose state after it is the dump's.
    private mutating func drawInTwo(_ blocks: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        let size = format.blockSize
        // At least two blocks a half (callers give four or more).
        let firstCount = blocks.count / size / 2 * size
        let base = blocks.baseAddress!
        let second = HexdumpChunkFormatter(plan: drawer.plan, format: format, squeezes: drawer.squeezes, address: drawer.address)
            .resumed(at: drawer.address + UInt64(firstCount), after: UnsafeRawBufferPointer(rebasing: blocks[(firstCount - 2 * size)..<firstCount]))
        let input = SharedMemory(UnsafeRawBufferPointer(rebasing: blocks[firstCount...]))
        let buffer = SharedMemory(secondText ?? .allocate(capacity: second.outputCapacity(for: input.pointer.count)))
        secondText = nil
        let drawn = TwoThreads.run(
            {
                drawer.drawRun(base, count: firstCount / size)
            },
            alongside: {
                var formatter = second
                var text = buffer.pointer
                let written = formatter.format(input.pointer, into: &text)
                return SharedMemory((formatter: formatter, text: text, written: written))
            })
        drawer.writer.flush(emit)
        let (after, text, written) = drawn.pointer
        emit(UnsafeRawBufferPointer(start: text.baseAddress, count: written))
        secondText = text
        // The state after both halves is the second's.
        drawer.address = after.address
        drawer.previous = after.previous
        drawer.starred = after.starred
        drawer.hasDrawn = after.hasDrawn
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
