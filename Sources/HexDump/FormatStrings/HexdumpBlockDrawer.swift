import SystemSeam

/// Draws whole blocks through a format's plan into its own buffer: the
/// squeeze state (the last block drawn, whether `*` stands for its
/// repeats), the offset, and once the input's end is known the offset
/// past it. A dump has one; a second thread draws the second half of a
/// large read with another, started from the blocks before that half.
struct HexdumpBlockDrawer: ~Copyable {
    private(set) var plan: HexdumpFormatPlan
    let blockSize: Int
    let squeezes: Bool
    var writer: DumpWriter
    /// The offset of the next block's first byte.
    var address: UInt64
    /// Set by the short last block: the offset past the input.
    var endAddress: UInt64?
    /// The last block drawn, when squeezing.
    var previous: [UInt8] = []
    var hasDrawn = false
    /// `*` stands for the blocks since the last one drawn.
    var starred = false
    /// Where drawn text goes once the buffer holds `flushSize` (during an
    /// `append` or `finish` only; nil on the second thread, whose text is
    /// handed over whole, and which is given only inputs whose text is small).
    var sink: ((UnsafeRawBufferPointer) -> Void)?
    /// How much text is held before it goes to `sink`: a format can make
    /// any amount of text from a block (`16777216 "x"`).
    static let flushSize = 1 << 20
    /// Iterations of a unit drawn between two looks at the buffer.
    private static let batch = 4096

    /// The plan's buffers, read through plain pointers in the loops (the
    /// plan object, which keeps them alive, is not touched there).
    private struct Buffers {
        let prints: UnsafeMutablePointer<HexdumpFormatPlan.Print>
        let units: UnsafeMutableBufferPointer<HexdumpFormatPlan.Unit>
        let strings: UnsafeMutableBufferPointer<Range<Int>>
        let text: UnsafeMutablePointer<UInt8>

        init(_ plan: HexdumpFormatPlan) {
            prints = plan.prints.baseAddress!
            units = plan.units
            strings = plan.strings
            text = plan.text.baseAddress!
        }
    }

    private var buffers: Buffers

    init(plan: HexdumpFormatPlan, blockSize: Int, squeezes: Bool, address: UInt64, writer: consuming DumpWriter = DumpWriter()) {
        self.writer = writer
        self.plan = plan
        self.blockSize = blockSize
        self.squeezes = squeezes
        self.address = address
        buffers = Buffers(plan)
    }

    /// Room for `count` more bytes, the text so far handed to `sink` first
    /// when the buffer holds `flushSize`.
    mutating func room(_ count: Int) {
        if writer.written >= Self.flushSize, let sink { writer.flush(sink) }
        writer.reserve(count)
    }

    /// Draws from now on through `plan` (the same format, more tables).
    mutating func use(_ plan: HexdumpFormatPlan) {
        self.plan = plan
        buffers = Buffers(plan)
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
                room(print.largestOutput + Self.colorRoom)
                let zeros = [UInt8](repeating: 0, count: print.byteCount + 8)
                let color = zeros.withUnsafeBytes { colorOn(print, address: endAddress!, bytes: $0.baseAddress!) }
                writeText(print, droppingLast: false)
                if case .address(let radix)? = print.conversion {
                    HexdumpConversionWriting.writeAddress(endAddress!, radix: radix, field: print.field, to: &writer.cursor)
                }
                if color { writer.write(HexdumpColorCondition.reset) }
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
                    room(2)
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
        for string in buffers.strings {
            var offset = 0
            for unitIndex in string {
                let unit = buffers.units[unitIndex]
                if unit.endsDump { break }
                if let table = unit.table, endAddress == nil {
                    drawFromTable(table, of: unit, block: block + offset)
                    offset += unit.iterations * table.valueBytes
                    continue
                }
                if unit.integerRun && endAddress == nil {
                    offset += drawIntegers(unit, block: block + offset)
                    continue
                }
                var iteration = 0
                while iteration < unit.iterations {
                    iteration += 1
                    for index in unit.prints {
                        let print = buffers.prints + index
                        let dropsBlank = unit.dropsLastBlank && iteration == unit.iterations && index == unit.prints.upperBound - 1
                        if print.pointee.conversion == nil {
                            // Text alone: copied, no call.
                            let count = print.pointee.textCount - (dropsBlank ? 1 : 0)
                            room(count)
                            writer.write(buffers.text + print.pointee.textStart, count: count)
                            continue
                        }
                        drawPrint(print.pointee, block: block, offset: offset, droppingLast: dropsBlank)
                        offset += print.pointee.byteCount
                    }
                }
            }
        }
    }

    /// A unit of one integer conversion and its text, in one loop;
    /// returns the bytes it read. Zero-padded hex (`%08x`) is written
    /// digit by digit without printf's other rules.
    private mutating func drawIntegers(_ unit: HexdumpFormatPlan.Unit, block: UnsafeRawPointer) -> Int {
        let print = buffers.prints[unit.prints.lowerBound]
        guard case .integer(let signed, let radix) = print.conversion else { return 0 }
        let suffix = unit.prints.count == 2 ? buffers.prints[unit.prints.lowerBound + 1] : nil
        let suffixCount = suffix?.textCount ?? 0
        let count = print.byteCount
        let field = print.field
        let plainHex =
            (radix == .hex || radix == .upperHex) && !signed && field.precision == nil && !field.leftAligned && !field.alternate
            && (field.zeroPadded || field.width == 0)
        var first = 0
        while first < unit.iterations {
            let last = min(unit.iterations, first + Self.batch)
            room((last - first) * (print.largestOutput + suffixCount))
            var cursor = writer.cursor
            for index in first..<last {
                cursor.update(from: buffers.text + print.textStart, count: print.textCount)
                cursor += print.textCount
                let raw = HexdumpConversionWriting.load(block + index * count, count: count)
                if plainHex {
                    let digits = max(field.width, raw == 0 ? 1 : PrintfWriting.digits(of: raw, radix: radix))
                    PrintfWriting.writeDigits(raw, count: digits, radix: radix, to: cursor)
                    cursor += digits
                } else {
                    HexdumpConversionWriting.writeInteger(raw, count: count, signed: signed, radix: radix, field: field, to: &cursor)
                }
                if let suffix {
                    cursor.update(from: buffers.text + suffix.textStart, count: suffixCount)
                    cursor += suffixCount
                }
            }
            writer.cursor = cursor
            first = last
        }
        // The last iteration's trailing blank is the last byte written.
        if unit.dropsLastBlank && unit.iterations > 0 { writer.cursor -= 1 }
        return unit.iterations * count
    }

    /// A unit with a table, each iteration its value's entry
    /// (`HexdumpBlockProgram.TableKernel`), a batch of iterations at a time.
    @inline(__always)
    private mutating func drawFromTable(_ table: HexdumpFormatPlan.ValueTable, of unit: HexdumpFormatPlan.Unit, block: UnsafeRawPointer) {
        var first = 0
        while first < unit.iterations {
            let last = min(unit.iterations, first + Self.batch)
            room((last - first) * table.slot + table.slot)
            HexdumpBlockProgram.TableKernel(table, repeats: last - first, trim: 0, plan: plan)
                .draw(block + first * table.valueBytes, to: &writer.cursor)
            first = last
        }
        // The last iteration's trailing blank is the last byte written.
        if unit.dropsLastBlank && unit.iterations > 0 { writer.cursor -= 1 }
    }

    /// Room for a colour's sequence and the reset after it.
    private static let colorRoom = 32

    /// Turns on the print unit's colour at `address` when one of its
    /// conditions holds for `bytes`; returns whether it did (a reset is then due).
    private mutating func colorOn(_ print: HexdumpFormatPlan.Print, address: UInt64, bytes: UnsafeRawPointer) -> Bool {
        guard let conditions = print.colors else { return false }
        var isAddress = false
        if case .address? = print.conversion { isAddress = true }
        guard
            let sequence = HexdumpColorCondition.sequence(
                of: conditions, address: address, bytes: bytes, byteCount: print.byteCount, isAddress: isAddress)
        else { return false }
        writer.write(sequence)
        return true
    }

    /// One print unit at `offset` in the block, in its colour when it has one.
    private mutating func drawPrint(_ print: HexdumpFormatPlan.Print, block: UnsafeRawPointer, offset: Int, droppingLast: Bool) {
        guard print.colors != nil else { return drawPlain(print, block: block, offset: offset, droppingLast: droppingLast) }
        let color = colorOn(print, address: address + UInt64(offset), bytes: block + offset)
        drawPlain(print, block: block, offset: offset, droppingLast: droppingLast)
        if color { writer.write(HexdumpColorCondition.reset) }
    }

    private mutating func drawPlain(_ print: HexdumpFormatPlan.Print, block: UnsafeRawPointer, offset: Int, droppingLast: Bool) {
        guard let conversion = print.conversion else {
            room(print.textCount)
            writeText(print, droppingLast: droppingLast)
            return
        }
        let here = address + UInt64(offset)
        if let end = endAddress, here >= end {
            // Past the input: the conversion's width in blanks, as hexdump's %s of "".
            room(print.textCount + print.field.width)
            writeText(print, droppingLast: false)
            writer.blanks(print.field.width)
            return
        }
        let bytes = block + offset
        if case .string = conversion {
            let available = blockSize - offset
            let length = UnsafeRawBufferPointer(start: bytes, count: available).firstIndex(of: 0) ?? available
            room(print.textCount + max(print.field.width, length) + 4)
            writeText(print, droppingLast: false)
            PrintfWriting.writeString(UnsafeRawBufferPointer(start: bytes, count: length), field: print.field, to: &writer.cursor)
            return
        }
        room(print.largestOutput)
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
        writer.write(buffers.text + print.textStart, count: count)
    }
}
