import SystemSeam

/// What each kind of step writes, as small values loaded from the step
/// once (for one block, or for a column of blocks) and a `draw` that
/// writes at a cursor with room for the step's text and `slack` after
/// it: the wide stores may write past their text, never past that.
extension HexdumpBlockProgram {
    /// `text`: literal bytes, 16 at a time when they fit (the program's text has slack after it).
    struct TextKernel {
        let bytes: UnsafePointer<UInt8>
        let count: Int

        @inline(__always)
        init(_ step: UnsafePointer<Step>, text: UnsafePointer<UInt8>) {
            bytes = text + Int(step.pointee.textStart)
            count = Int(step.pointee.textCount)
        }

        @inline(__always)
        func draw(to cursor: inout UnsafeMutablePointer<UInt8>) {
            Self.copy(bytes, count: count, to: &cursor)
        }

        /// The text into `count` blocks' texts, `stride` apart from `out`.
        func drawColumn(count blocks: Int, out: UnsafeMutablePointer<UInt8>, stride: Int) {
            guard count <= 16 else {
                for index in 0..<blocks { (out + index * stride).update(from: bytes, count: count) }
                return
            }
            let first = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)
            let second = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            for index in 0..<blocks {
                let target = UnsafeMutableRawPointer(out + index * stride)
                target.storeBytes(of: first, as: UInt64.self)
                target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
            }
        }

        @inline(__always)
        static func copy(_ source: UnsafePointer<UInt8>, count: Int, to cursor: inout UnsafeMutablePointer<UInt8>) {
            if count <= 16 {
                let raw = UnsafeRawPointer(source)
                let out = UnsafeMutableRawPointer(cursor)
                out.storeBytes(of: raw.loadUnaligned(as: UInt64.self), as: UInt64.self)
                out.storeBytes(of: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            } else {
                cursor.update(from: source, count: count)
            }
            cursor += count
        }
    }

    /// `table`: each value's entry from the plan's tables (also the
    /// step-by-step drawer's, for a unit with a table).
    struct TableKernel {
        let slots: UnsafeRawPointer
        let lengths: UnsafePointer<UInt8>
        let repeats: Int
        let slot: Int
        /// 0 when entries differ in length.
        let fixedLength: Int
        let twoBytes: Bool
        let trim: Int

        @inline(__always)
        init(_ step: UnsafePointer<Step>, plan: HexdumpFormatPlan) {
            self.init(
                start: Int(step.pointee.tableStart), lengthsStart: Int(step.pointee.lengthsStart), slot: Int(step.pointee.slot),
                fixedLength: Int(step.pointee.fixedLength), valueBytes: Int(step.pointee.valueBytes), repeats: Int(step.pointee.repeats),
                trim: Int(step.pointee.trim), plan: plan)
        }

        /// `repeats` values through `table`, `trim` bytes taken back after them.
        @inline(__always)
        init(_ table: HexdumpFormatPlan.ValueTable, repeats: Int, trim: Int, plan: HexdumpFormatPlan) {
            self.init(
                start: table.start, lengthsStart: table.lengthsStart, slot: table.slot, fixedLength: table.fixedLength ?? 0,
                valueBytes: table.valueBytes, repeats: repeats, trim: trim, plan: plan)
        }

        @inline(__always)
        private init(
            start: Int, lengthsStart: Int, slot: Int, fixedLength: Int, valueBytes: Int, repeats: Int, trim: Int, plan: HexdumpFormatPlan
        ) {
            slots = UnsafeRawPointer(plan.tables.baseAddress! + start)
            lengths = UnsafePointer(plan.tableLengths.baseAddress! + lengthsStart)
            self.repeats = repeats
            self.slot = slot
            self.fixedLength = fixedLength
            twoBytes = valueBytes == 2
            self.trim = trim
        }

        /// One-byte values into entries of one length in 8-byte slots: a store each.
        private var storesWords: Bool { slot == 8 && fixedLength > 0 && !twoBytes }

        @inline(__always)
        func draw(_ block: UnsafeRawPointer, to cursor: inout UnsafeMutablePointer<UInt8>) {
            let bytes = block.assumingMemoryBound(to: UInt8.self)
            if storesWords {
                drawWords(block, count: 1, blockSize: 0, out: cursor, stride: 0)
                cursor += repeats * fixedLength
            } else if twoBytes {
                for index in 0..<repeats {
                    let value = Int(UInt16(littleEndian: block.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self)))
                    UnsafeMutableRawPointer(cursor).copyMemory(from: slots + value * slot, byteCount: slot)
                    cursor += Int(lengths[value])
                }
            } else if slot == 8 {
                for index in 0..<repeats {
                    let value = Int(bytes[index])
                    UnsafeMutableRawPointer(cursor).storeBytes(of: slots.loadUnaligned(fromByteOffset: value * 8, as: UInt64.self), as: UInt64.self)
                    cursor += Int(lengths[value])
                }
            } else {
                for index in 0..<repeats {
                    let value = Int(bytes[index])
                    UnsafeMutableRawPointer(cursor).copyMemory(from: slots + value * slot, byteCount: slot)
                    cursor += Int(lengths[value])
                }
            }
            cursor -= trim
        }

        /// The step over `count` blocks `blockSize` apart from `blocks`,
        /// their texts `stride` apart from `out`; entries of one length.
        func drawColumn(_ blocks: UnsafeRawPointer, count: Int, blockSize: Int, out: UnsafeMutablePointer<UInt8>, stride: Int) {
            if storesWords { return drawWords(blocks, count: count, blockSize: blockSize, out: out, stride: stride) }
            for block in 0..<count {
                var cursor = out + block * stride
                draw(blocks + block * blockSize, to: &cursor)
            }
        }

        /// `storesWords`' loop over `count` blocks (one block: `count` 1).
        @inline(__always)
        private func drawWords(_ blocks: UnsafeRawPointer, count: Int, blockSize: Int, out: UnsafeMutablePointer<UInt8>, stride: Int) {
            for block in 0..<count {
                let bytes = (blocks + block * blockSize).assumingMemoryBound(to: UInt8.self)
                let target = UnsafeMutableRawPointer(out + block * stride)
                for index in 0..<repeats {
                    let entry = slots.loadUnaligned(fromByteOffset: Int(bytes[index]) * 8, as: UInt64.self)
                    target.storeBytes(of: entry, toByteOffset: index * fixedLength, as: UInt64.self)
                }
            }
        }
    }

    /// `hexDigits`: zero-padded hex integers, each its prefix, zeros,
    /// digits (`HexDigitWords`) and suffix. The common shape (no prefix,
    /// no zeros, a suffix of at most 8 bytes: `%08x `, `%04x `) is two
    /// stores an integer.
    struct HexKernel {
        let letters: UInt64
        /// `HexDigitWords`' quads when the plan is for a large input, else digits are worked out.
        let quads: UnsafePointer<UInt32>?
        let valueBytes: Int
        let repeats: Int
        let prefix: UnsafePointer<UInt8>
        let prefixCount: Int
        let suffix: UnsafePointer<UInt8>
        let suffixCount: Int
        let zeros: Int
        let trim: Int

        @inline(__always)
        init(_ step: UnsafePointer<Step>, text: UnsafePointer<UInt8>, plan: HexdumpFormatPlan) {
            letters = step.pointee.upper ? HexDigitWords.upperLetters : HexDigitWords.lowerLetters
            quads = plan.hasWordTables ? (step.pointee.upper ? HexDigitWords.upperQuads : HexDigitWords.lowerQuads) : nil
            valueBytes = Int(step.pointee.valueBytes)
            repeats = Int(step.pointee.repeats)
            prefix = text + Int(step.pointee.textStart)
            prefixCount = Int(step.pointee.textCount)
            suffix = text + Int(step.pointee.suffixStart)
            suffixCount = Int(step.pointee.suffixCount)
            zeros = Int(step.pointee.zeros)
            trim = Int(step.pointee.trim)
        }

        /// No prefix, no zeros, a suffix of at most 8 bytes: two stores an integer.
        private var isPlain: Bool { prefixCount == 0 && zeros == 0 && suffixCount <= 8 }

        @inline(__always)
        func draw(_ block: UnsafeRawPointer, to cursor: inout UnsafeMutablePointer<UInt8>) {
            if isPlain {
                drawPlain(block, count: 1, blockSize: 0, out: cursor, stride: 0)
                cursor += repeats * (2 * valueBytes + suffixCount)
            } else {
                drawPadded(block, to: &cursor)
            }
            cursor -= trim
        }

        /// The step over `count` blocks `blockSize` apart from `blocks`,
        /// their texts `stride` apart from `out`.
        func drawColumn(_ blocks: UnsafeRawPointer, count: Int, blockSize: Int, out: UnsafeMutablePointer<UInt8>, stride: Int) {
            if isPlain { return drawPlain(blocks, count: count, blockSize: blockSize, out: out, stride: stride) }
            for block in 0..<count {
                var cursor = out + block * stride
                drawPadded(blocks + block * blockSize, to: &cursor)
            }
        }

        /// A two-byte value's four digits, as a word to store.
        @inline(__always)
        private func digits(of value: UInt16) -> UInt32 {
            if let quads { return quads[Int(value)] }
            return UInt32(truncatingIfNeeded: HexDigitWords.of(UInt32(value), letters: letters) >> 32)
        }

        /// A four-byte value's eight digits, as a word to store.
        @inline(__always)
        private func digits(of value: UInt32) -> UInt64 {
            if let quads { return UInt64(quads[Int(value >> 16)]) | UInt64(quads[Int(value & 0xFFFF)]) << 32 }
            return HexDigitWords.of(value, letters: letters)
        }

        /// The plain shape over `count` blocks (one block: `count` 1): the
        /// value's size chosen once, outside the loops.
        @inline(__always)
        private func drawPlain(_ blocks: UnsafeRawPointer, count: Int, blockSize: Int, out: UnsafeMutablePointer<UInt8>, stride: Int) {
            let suffixWord = UnsafeRawPointer(suffix).loadUnaligned(as: UInt64.self)
            switch valueBytes {
            case 2:
                eachValue(blocks, count: count, blockSize: blockSize, out: out, stride: stride) { bytes, target in
                    target.storeBytes(of: digits(of: UInt16(littleEndian: bytes.loadUnaligned(as: UInt16.self))), as: UInt32.self)
                    target.storeBytes(of: suffixWord, toByteOffset: 4, as: UInt64.self)
                }
            case 4:
                eachValue(blocks, count: count, blockSize: blockSize, out: out, stride: stride) { bytes, target in
                    target.storeBytes(of: digits(of: UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))), as: UInt64.self)
                    target.storeBytes(of: suffixWord, toByteOffset: 8, as: UInt64.self)
                }
            default:
                let digitBytes = 2 * valueBytes
                eachValue(blocks, count: count, blockSize: blockSize, out: out, stride: stride) { bytes, target in
                    HexDigitWords.write(bytes, count: valueBytes, letters: letters, to: target)
                    target.storeBytes(of: suffixWord, toByteOffset: digitBytes, as: UInt64.self)
                }
            }
        }

        /// `body` for each value of `count` blocks: its bytes, and where its text goes.
        @inline(__always)
        private func eachValue(
            _ blocks: UnsafeRawPointer, count: Int, blockSize: Int, out: UnsafeMutablePointer<UInt8>, stride: Int,
            _ body: (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void
        ) {
            let each = 2 * valueBytes + suffixCount
            for block in 0..<count {
                let bytes = blocks + block * blockSize
                let target = UnsafeMutableRawPointer(out + block * stride)
                for index in 0..<repeats { body(bytes + index * valueBytes, target + index * each) }
            }
        }

        private func drawPadded(_ block: UnsafeRawPointer, to cursor: inout UnsafeMutablePointer<UInt8>) {
            for index in 0..<repeats {
                if prefixCount > 0 { TextKernel.copy(prefix, count: prefixCount, to: &cursor) }
                if zeros > 0 {
                    if zeros <= 8 {
                        UnsafeMutableRawPointer(cursor).storeBytes(of: 0x3030_3030_3030_3030 as UInt64, as: UInt64.self)
                    } else {
                        cursor.update(repeating: 0x30, count: zeros)
                    }
                    cursor += zeros
                }
                HexDigitWords.write(block + index * valueBytes, count: valueBytes, letters: letters, to: UnsafeMutableRawPointer(cursor))
                cursor += 2 * valueBytes
                if suffixCount > 0 { TextKernel.copy(suffix, count: suffixCount, to: &cursor) }
            }
        }
    }

    /// `address` when the offset fits its digits: the last `digits` hex digits.
    @inline(__always)
    static func drawAddress(_ value: UInt64, digits: Int, upper: Bool, to cursor: inout UnsafeMutablePointer<UInt8>) {
        HexDigitWords.writeLast(digits, of: value, letters: upper ? HexDigitWords.upperLetters : HexDigitWords.lowerLetters, to: cursor)
        cursor += digits
    }

    /// A conversion with no step of its own, as `HexdumpBlockDrawer.drawPrint` draws it within a whole block.
    static func drawConversion(
        _ print: HexdumpFormatPlan.Print, plan: HexdumpFormatPlan, block: UnsafeRawPointer, offset: Int, blockSize: Int, address: UInt64,
        to cursor: inout UnsafeMutablePointer<UInt8>
    ) {
        let bytes = block + offset
        switch print.conversion {
        case .string?:
            let available = blockSize - offset
            let length = UnsafeRawBufferPointer(start: bytes, count: available).firstIndex(of: 0) ?? available
            PrintfWriting.writeString(UnsafeRawBufferPointer(start: bytes, count: length), field: print.field, to: &cursor)
        case .floatingPoint?:
            let value = HexdumpConversionWriting.floatingPoint(at: bytes, count: print.byteCount)
            for byte in FloatingPointText.format(value, as: plan.floatFormats[print.floatFormat]) {
                cursor.pointee = byte
                cursor += 1
            }
        case let conversion?:
            HexdumpConversionWriting.write(conversion, of: bytes, count: print.byteCount, address: address, field: print.field, to: &cursor)
        case nil:
            break
        }
    }
}
