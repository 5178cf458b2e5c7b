/// Draws input through hexdump format strings as util-linux hexdump
/// draws it: bytes come in pieces of any size and are cut into blocks;
/// each block is drawn by every string in turn; a block the same as the
/// last one drawn becomes one `*` line (unless squeezing is off); the
/// last, short block is padded with zeros, and a conversion starting past
/// the input's end writes blanks of its width; `finish` draws the `%_A`
/// unit with the offset past the end. One thread; the caller owns the
/// output array.
public struct HexdumpFormatDump: ~Copyable {
    public let format: HexdumpFormat
    public let squeezes: Bool
    private let plan: HexdumpFormatPlan
    /// The offset of the next block's first byte.
    private var address: UInt64
    /// Set by the short last block: the offset past the input.
    private var endAddress: UInt64?
    private var pending: [UInt8] = []
    private var previous: [UInt8] = []
    private var hasDrawn = false
    private var starred = false
    private var writer = DumpWriter()

    public init(format: HexdumpFormat, startOffset: UInt64, squeezes: Bool) {
        self.format = format
        self.squeezes = squeezes
        plan = HexdumpFormatPlan(format)
        address = startOffset
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
    /// `emit` (valid during the call only) in one or more pieces.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
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
            block.withUnsafeBytes { drawWhole($0.baseAddress!) }
        }
        while count >= size {
            drawWhole(rest)
            rest += size
            count -= size
        }
        pending.append(contentsOf: UnsafeRawBufferPointer(start: rest, count: count))
        writer.flush(emit)
    }

    /// The short last block, then the `%_A` unit: its offsets are the
    /// offset past the input (nothing at all for empty input at offset 0).
    public mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
        if !pending.isEmpty {
            let count = pending.count
            endAddress = address + UInt64(count)
            pending += repeatElement(0, count: format.blockSize - count)
            let block = pending
            pending = []
            block.withUnsafeBytes { draw($0.baseAddress!) }
            address += UInt64(format.blockSize)
        }
        if let end = plan.endUnit {
            if endAddress == nil {
                guard address > 0 else { return writer.flush(emit) }
                endAddress = address
            }
            for index in end.prints {
                let print = plan.prints[index]
                switch print.conversion {
                case nil, .address?:
                    writer.reserve(print.largestOutput)
                    writeText(print, droppingLast: false)
                    if case .address(let radix)? = print.conversion {
                        PrintfWriting.writeInteger(
                            magnitude: endAddress!, negative: false, signed: radix == .decimal, radix: radix, field: print.field, to: &writer.cursor)
                    }
                default: continue
                }
            }
        }
        writer.flush(emit)
    }

    /// A whole block: folded into `*` when it repeats the last one drawn.
    private mutating func drawWhole(_ block: UnsafeRawPointer) {
        let size = format.blockSize
        if squeezes {
            if hasDrawn, Syscalls.compareMemory(block, previous, size) == 0 {
                if !starred {
                    writer.reserve(2)
                    writer.write(0x2A)
                    writer.write(0x0A)
                    starred = true
                }
                address += UInt64(size)
                return
            }
            if previous.count != size { previous = [UInt8](repeating: 0, count: size) }
            previous.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: block, byteCount: size) }
        }
        starred = false
        hasDrawn = true
        draw(block)
        address += UInt64(size)
    }

    /// Every string's units over one block.
    private mutating func draw(_ block: UnsafeRawPointer) {
        for string in plan.strings {
            var offset = 0
            for unitIndex in string {
                let unit = plan.units[unitIndex]
                if unit.endsDump { break }
                if unit.byteTable >= 0 && endAddress == nil {
                    drawFromTable(unit, block: block + offset)
                    offset += unit.iterations
                    continue
                }
                var iteration = 0
                while iteration < unit.iterations {
                    iteration += 1
                    for index in unit.prints {
                        let print = plan.prints.baseAddress! + index
                        let dropsBlank = unit.dropsLastBlank && iteration == unit.iterations && index == unit.prints.upperBound - 1
                        if print.pointee.conversion == nil {
                            // Text alone: copied, no call.
                            let count = print.pointee.textCount - (dropsBlank ? 1 : 0)
                            writer.reserve(count)
                            writer.write(plan.text.baseAddress! + print.pointee.textStart, count: count)
                            continue
                        }
                        drawPrint(print.pointee, block: block, offset: offset, droppingLast: dropsBlank)
                        offset += print.pointee.byteCount
                    }
                }
            }
        }
    }

    /// A unit of one byte an iteration, each iteration its byte's table entry.
    @inline(__always)
    private mutating func drawFromTable(_ unit: HexdumpFormatPlan.Unit, block: UnsafeRawPointer) {
        let slot = HexdumpFormatPlan.slotSize
        let slots = UnsafeRawPointer(plan.byteTables.baseAddress! + unit.byteTable * 256 * slot)
        let lengths = plan.byteTableLengths.baseAddress! + unit.byteTable * 256
        let bytes = block.assumingMemoryBound(to: UInt8.self)
        writer.reserve(unit.iterations * slot + slot)
        var cursor = writer.cursor
        for index in 0..<unit.iterations {
            let value = Int(bytes[index])
            UnsafeMutableRawPointer(cursor).copyMemory(from: slots + value * slot, byteCount: slot)
            cursor += Int(lengths[value])
        }
        // The last iteration's trailing blank is the last byte written.
        if unit.dropsLastBlank && unit.iterations > 0 { cursor -= 1 }
        writer.cursor = cursor
    }

    /// One print unit at `offset` in the block.
    private mutating func drawPrint(_ print: HexdumpFormatPlan.Print, block: UnsafeRawPointer, offset: Int, droppingLast: Bool) {
        guard let conversion = print.conversion else {
            writer.reserve(print.textCount)
            writeText(print, droppingLast: droppingLast)
            return
        }
        let here = address + UInt64(offset)
        if let end = endAddress, here >= end {
            // Past the input: the conversion's width in blanks, as hexdump's %s of "".
            writer.reserve(print.textCount + print.field.width)
            writeText(print, droppingLast: false)
            writer.blanks(print.field.width)
            return
        }
        let bytes = block + offset
        if case .string = conversion {
            let available = format.blockSize - offset
            let length = UnsafeRawBufferPointer(start: bytes, count: available).firstIndex(of: 0) ?? available
            writer.reserve(print.textCount + max(print.field.width, length) + 4)
            writeText(print, droppingLast: false)
            PrintfWriting.writeString(UnsafeRawBufferPointer(start: bytes, count: length), field: print.field, to: &writer.cursor)
            return
        }
        writer.reserve(print.largestOutput)
        writeText(print, droppingLast: false)
        if case .floatingPoint = conversion {
            let value = HexdumpConversionWriting.floatingPoint(at: bytes, count: print.byteCount)
            return writer.write(FloatingPointText.format(value, as: plan.floatFormats[print.floatFormat]))
        }
        HexdumpConversionWriting.write(conversion, of: bytes, count: print.byteCount, address: here, field: print.field, to: &writer.cursor)
    }

    private mutating func writeText(_ print: HexdumpFormatPlan.Print, droppingLast: Bool) {
        let count = print.textCount - (droppingLast ? 1 : 0)
        guard count > 0 else { return }
        writer.write(plan.text.baseAddress! + print.textStart, count: count)
    }
}
