/// Draws whole blocks through a format's plan into its own buffer: the
/// squeeze state (the last block drawn, whether `*` stands for its
/// repeats), the offset, and once the input's end is known the offset
/// past it. A dump has one; a second thread draws the second half of a
/// large read with another, started from the blocks before that half.
struct HexdumpBlockDrawer: ~Copyable {
    let plan: HexdumpFormatPlan
    let blockSize: Int
    let squeezes: Bool
    var writer = DumpWriter()
    /// The offset of the next block's first byte.
    var address: UInt64
    /// Set by the short last block: the offset past the input.
    var endAddress: UInt64?
    /// The last block drawn, when squeezing.
    var previous: [UInt8] = []
    var hasDrawn = false
    /// `*` stands for the blocks since the last one drawn.
    var starred = false

    init(plan: HexdumpFormatPlan, blockSize: Int, squeezes: Bool, address: UInt64) {
        self.plan = plan
        self.blockSize = blockSize
        self.squeezes = squeezes
        self.address = address
    }

    /// The `%_A` unit: its offsets and its text, the offset past the input
    /// (nothing at all for empty input at offset 0); its other conversions
    /// and their text are not drawn, as hexdump draws it.
    mutating func drawEndUnit() {
        guard let end = plan.endUnit else { return }
        if endAddress == nil {
            guard address > 0 else { return }
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

    /// A whole block: folded into `*` when it repeats the last one drawn.
    mutating func drawWhole(_ block: UnsafeRawPointer) {
        let size = blockSize
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
    mutating func draw(_ block: UnsafeRawPointer) {
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
            let available = blockSize - offset
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

    mutating func writeText(_ print: HexdumpFormatPlan.Print, droppingLast: Bool) {
        let count = print.textCount - (droppingLast ? 1 : 0)
        guard count > 0 else { return }
        writer.write(plan.text.baseAddress! + print.textStart, count: count)
    }
}
