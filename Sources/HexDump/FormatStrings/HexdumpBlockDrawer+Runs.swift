import SystemSeam

/// Runs of whole blocks through the plan's compiled program
/// (`HexdumpBlockProgram`), a batch at a time, room made once a batch;
/// each block compared for squeezing with the block before it in the
/// input (no copy kept but the run's last). A batch whose blocks all
/// write the same count of bytes and none repeats is drawn a step at a
/// time down the column of blocks, so a step is dispatched once a batch.
extension HexdumpBlockDrawer {
    /// Draws the `count` whole blocks at `blocks`, as `drawWhole` on each would.
    mutating func drawRun(_ blocks: UnsafeRawPointer, count: Int) {
        guard count > 0 else { return }
        guard let program = plan.program, endAddress == nil else {
            for index in 0..<count { drawWhole(blocks + index * blockSize) }
            return
        }
        var index = 0
        while index < count {
            let batch = index..<min(count, index + program.blocksABatch)
            room(batch.count * program.largestBlockText)
            if let length = program.blockTextLength, fitsColumns(batch, of: blocks, limit: program.addressLimit) {
                drawColumns(program, blocks: blocks + batch.lowerBound * blockSize, count: batch.count, blockTextLength: length)
            } else {
                drawRows(program, batch, of: blocks)
            }
            index = batch.upperBound
        }
        if squeezes {
            let last = blocks + (count - 1) * blockSize
            if previous.count != blockSize { previous = [UInt8](repeating: 0, count: blockSize) }
            previous.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: last, byteCount: blockSize) }
        }
    }

    /// No block of the batch is folded and every offset fits its digits.
    private func fitsColumns(_ batch: Range<Int>, of blocks: UnsafeRawPointer, limit: UInt64) -> Bool {
        let (end, overflow) = address.addingReportingOverflow(UInt64(batch.count + 1) * UInt64(blockSize))
        guard !overflow, end <= limit else { return false }
        guard squeezes else { return true }
        for index in batch where repeatsPrevious(blocks + index * blockSize, index: index) { return false }
        return true
    }

    /// Each block in turn, each step in turn; `*` for a folded run.
    private mutating func drawRows(_ program: HexdumpBlockProgram, _ batch: Range<Int>, of blocks: UnsafeRawPointer) {
        var cursor = writer.cursor
        for index in batch {
            let block = blocks + index * blockSize
            if squeezes && repeatsPrevious(block, index: index) {
                if !starred {
                    UnsafeMutableRawPointer(cursor).storeBytes(of: 0x0A2A, as: UInt16.self)
                    cursor += 2
                    starred = true
                }
            } else {
                starred = false
                hasDrawn = true
                Self.drawRow(program, plan: plan, block: block, blockSize: blockSize, address: address, to: &cursor)
            }
            address += UInt64(blockSize)
        }
        writer.cursor = cursor
    }

    /// Each step in turn down the batch's blocks, each block's text
    /// `blockTextLength` bytes apart plus the program's slack (so no wide
    /// store reaches the next block's text), then the blocks moved together.
    private mutating func drawColumns(_ program: HexdumpBlockProgram, blocks: UnsafeRawPointer, count: Int, blockTextLength: Int) {
        let size = blockSize
        let stride = blockTextLength + HexdumpBlockProgram.slack
        let out = writer.cursor
        let text = program.text.baseAddress!
        var step = UnsafePointer(program.steps.baseAddress!)
        var column = 0
        for _ in 0..<program.steps.count {
            let input = Int(step.pointee.input)
            switch step.pointee.kind {
            case .text:
                HexdumpBlockProgram.TextKernel(step, text: text).drawColumn(count: count, out: out + column, stride: stride)
            case .table:
                HexdumpBlockProgram.TableKernel(step, plan: plan).drawColumn(
                    blocks + input, count: count, blockSize: size, out: out + column, stride: stride)
            case .hexDigits:
                HexdumpBlockProgram.HexKernel(step, text: text, plan: plan).drawColumn(
                    blocks + input, count: count, blockSize: size, out: out + column, stride: stride)
            case .address:
                let (digits, upper) = (Int(step.pointee.digits), step.pointee.upper)
                for index in 0..<count {
                    var cursor = out + index * stride + column
                    HexdumpBlockProgram.drawAddress(address + UInt64(index * size + input), digits: digits, upper: upper, to: &cursor)
                }
            case .conversion:
                preconditionFailure("a conversion's length depends on its bytes: no columns")
            }
            column += Int(step.pointee.length)
            step += 1
        }
        // Block `index` moves back from `index * stride` to `index * blockTextLength`, 16 bytes at a time, front to back.
        for index in 1..<max(1, count) {
            let source = UnsafeRawPointer(out + index * stride)
            let target = UnsafeMutableRawPointer(out + index * blockTextLength)
            var offset = 0
            while offset < blockTextLength {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self), toByteOffset: offset + 8, as: UInt64.self)
                offset += 16
            }
        }
        writer.cursor = out + count * blockTextLength
        address += UInt64(count * size)
        starred = false
        hasDrawn = true
    }

    /// The block at `index` of the run is the last one drawn again: the
    /// one before it in the run holds the same bytes as the last drawn.
    @inline(__always)
    private func repeatsPrevious(_ block: UnsafeRawPointer, index: Int) -> Bool {
        if index > 0 { return Self.same(block, block - blockSize, count: blockSize) }
        guard hasDrawn else { return false }
        return previous.withUnsafeBytes { Self.same(block, $0.baseAddress!, count: blockSize) }
    }

    @inline(__always)
    private static func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count == 16 {
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        }
        return Syscalls.compareMemory(a, b, count) == 0
    }

    /// One block through the program, a step after another.
    @inline(__always)
    private static func drawRow(
        _ program: HexdumpBlockProgram, plan: HexdumpFormatPlan, block: UnsafeRawPointer, blockSize: Int, address: UInt64,
        to cursor: inout UnsafeMutablePointer<UInt8>
    ) {
        let text = program.text.baseAddress!
        var step = UnsafePointer(program.steps.baseAddress!)
        let end = step + program.steps.count
        while step < end {
            let input = Int(step.pointee.input)
            switch step.pointee.kind {
            case .text:
                HexdumpBlockProgram.TextKernel(step, text: text).draw(to: &cursor)
            case .table:
                HexdumpBlockProgram.TableKernel(step, plan: plan).draw(block + input, to: &cursor)
            case .hexDigits:
                HexdumpBlockProgram.HexKernel(step, text: text, plan: plan).draw(block + input, to: &cursor)
            case .address:
                let value = address + UInt64(input)
                let digits = Int(step.pointee.digits)
                if digits < 16 && value >> UInt64(4 * digits) != 0 {
                    let print = plan.prints[Int(step.pointee.print)]
                    HexdumpBlockProgram.drawConversion(
                        print, plan: plan, block: block, offset: input, blockSize: blockSize, address: value, to: &cursor)
                } else {
                    HexdumpBlockProgram.drawAddress(value, digits: digits, upper: step.pointee.upper, to: &cursor)
                }
            case .conversion:
                let print = plan.prints[Int(step.pointee.print)]
                HexdumpBlockProgram.drawConversion(
                    print, plan: plan, block: block, offset: input, blockSize: blockSize, address: address + UInt64(input), to: &cursor)
            }
            step += 1
        }
    }
}
