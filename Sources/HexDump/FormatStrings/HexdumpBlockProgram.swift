/// A format's drawing of one whole block, compiled once into a flat list
/// of steps, so a block costs a short walk over steps and no look at
/// strings, units, iterations, squeeze copies or room: a run of one-byte
/// conversions is a table look-up an iteration, a zero-padded hex number
/// (`%08x`, `%04x`, the `%08.8_ax` offset) is two digits a byte from a
/// table, literal text is one 16-byte copy. What has no step of its own
/// (`%d` of four bytes, `%s`, `%e`) is drawn as the step-by-step drawer
/// draws it. Only whole blocks before the input's end are drawn this way;
/// the short last block and `%_A` go through `HexdumpBlockDrawer.draw`.
///
/// Built by its plan, immutable after: the threads of one dump read it at once.
final class HexdumpBlockProgram: @unchecked Sendable {
    enum Kind: UInt8 {
        /// `textCount` bytes of literal text from `textStart`.
        case text
        /// `repeats` one- or two-byte values from `input`, each its table entry.
        case table
        /// `repeats` unsigned integers of `valueBytes` from `input`, each
        /// its prefix text, `zeros` zeros, all its hex digits, its suffix text.
        case hexDigits
        /// The offset of byte `input` in `digits` hex digits when it fits, else as `conversion`.
        case address
        /// Print unit `print`'s conversion of the bytes at `input` (its text is a step before it).
        case conversion
    }

    /// One step, in plain fields of the sizes they need (a block walks
    /// the steps through a pointer; fields unused by its kind are 0).
    struct Step {
        var kind: Kind
        var upper = false
        /// Bytes taken back after the last repetition (the dropped blank).
        var trim: UInt8 = 0
        var valueBytes: UInt8 = 0
        /// `address`: digits written.
        var digits: UInt8 = 0
        var suffixCount: UInt8 = 0
        /// The block offset of the first byte read.
        var input: Int32
        var repeats: Int32 = 1
        var textStart: Int32 = 0
        var textCount: Int32 = 0
        var suffixStart: Int32 = 0
        var zeros: Int32 = 0
        /// `address`, `conversion`: the plan's print unit.
        var print: Int32 = 0
        /// `table`: where its entries and lengths start, an entry's slot,
        /// and every entry's length when they are one length (else 0).
        var tableStart: Int32 = 0
        var lengthsStart: Int32 = 0
        var slot: UInt8 = 8
        var fixedLength: UInt8 = 0
        /// The bytes the step writes in every block, -1 when that depends
        /// on the bytes (an `address` counts as fixed: its offsets are
        /// checked against `addressLimit`).
        var length: Int32 = -1

        init(kind: Kind, input: Int) {
            self.kind = kind
            self.input = Int32(input)
        }
    }

    let steps: UnsafeMutableBufferPointer<Step>
    /// The steps' literal text, 16 bytes of slack after it (text is copied 16 bytes at a time).
    let text: UnsafeMutableBufferPointer<UInt8>
    /// The most one block writes, slack of the wide stores included.
    let largestBlockText: Int
    /// Blocks drawn between two looks at the output buffer's room.
    let blocksABatch: Int
    /// The bytes every block writes when each step writes a fixed
    /// count: a batch is then drawn a step at a time down a column of
    /// blocks (`HexdumpBlockDrawer.drawColumns`).
    let blockTextLength: Int?
    /// The offsets below this fit every `address` step's digits.
    let addressLimit: UInt64

    /// A program has at most this many steps a block (units repeated
    /// without a table or digit run are laid out once an iteration).
    static let largestStepCount = 4096
    /// A block writing more than this is drawn step by step (`16384/1 "%s"`).
    static let largestBlockTextDrawn = 1 << 20
    /// Bytes a copy or store may write past its own text.
    static let slack = 32

    private init(steps: [Step], text: [UInt8], largestBlockText: Int) {
        let lengths = steps.map { Int($0.length) }
        blockTextLength = lengths.contains(-1) ? nil : lengths.reduce(0, +)
        addressLimit = steps.filter { $0.kind == .address && $0.digits < 16 }.map { UInt64(1) << UInt64(4 * $0.digits) }.min() ?? .max
        let allocated = UnsafeMutableBufferPointer<Step>.allocate(capacity: max(1, steps.count))
        _ = allocated.initialize(from: steps)
        self.steps = UnsafeMutableBufferPointer(rebasing: allocated[0..<steps.count])
        self.text = .allocate(capacity: text.count + Self.slack)
        _ = self.text.initialize(from: text + [UInt8](repeating: 0, count: Self.slack))
        self.largestBlockText = largestBlockText
        blocksABatch = max(1, (1 << 16) / largestBlockText)
    }

    deinit {
        UnsafeMutableBufferPointer(start: steps.baseAddress, count: max(1, steps.count)).deallocate()
        text.deallocate()
    }

    /// The program of `plan`'s whole blocks, nil when it would be too large to pay.
    static func compile(_ plan: HexdumpFormatPlan, blockSize: Int) -> HexdumpBlockProgram? {
        // Colours are worked out a print unit at a time, by the step-by-step drawer.
        guard !plan.prints.contains(where: { $0.colors != nil }) else { return nil }
        var compiler = Compiler(plan: plan, blockSize: blockSize)
        for string in plan.strings {
            var offset = 0
            for unitIndex in string {
                let unit = plan.units[unitIndex]
                if unit.endsDump { break }
                offset = compiler.add(unit, at: offset)
                guard compiler.steps.count <= largestStepCount, compiler.bound <= largestBlockTextDrawn else { return nil }
            }
        }
        return HexdumpBlockProgram(steps: compiler.steps, text: compiler.text, largestBlockText: compiler.bound + slack)
    }

    /// The digits a hex conversion with `field` always writes (its width
    /// or precision, zeros before the value), nil when the count depends
    /// on the value or the field writes more than digits.
    static func fixedHexDigits(_ field: PrintfField) -> Int? {
        guard !field.alternate else { return nil }
        if let precision = field.precision { return field.width <= precision ? precision : nil }
        return field.zeroPadded && !field.leftAligned ? field.width : nil
    }

    /// The digits an unsigned hex integer of `byteCount` bytes always
    /// writes, every value's digits fitting (`%08x` of 4 bytes), else nil.
    static func fixedHexDigits(_ conversion: HexdumpFormat.Conversion?, field: PrintfField, byteCount: Int) -> Int? {
        guard case .integer(signed: false, let radix)? = conversion, radix == .hex || radix == .upperHex, byteCount >= 1,
            let digits = fixedHexDigits(field), digits >= 2 * byteCount
        else { return nil }
        return digits
    }

    /// A unit drawn as one hex-run step: one such conversion of 2, 4 or 8
    /// bytes after at most 16 bytes of text, and at most 16 bytes of text
    /// after it (`8/2 "%04x "`, `4/4 "%08x "`): the digits an iteration
    /// writes, else nil. The plan makes no two-byte table for such a unit.
    static func hexRunDigits(of prints: [(conversion: HexdumpFormat.Conversion?, field: PrintfField, byteCount: Int, textCount: Int)]) -> Int? {
        guard let first = prints.first, prints.count <= 2, first.byteCount >= 2, first.textCount <= 16,
            prints.dropFirst().allSatisfy({ $0.conversion == nil && $0.textCount <= 16 })
        else { return nil }
        return fixedHexDigits(first.conversion, field: first.field, byteCount: first.byteCount)
    }
}

/// The steps while they are laid out, and a bound of one block's text.
private struct Compiler {
    let plan: HexdumpFormatPlan
    let blockSize: Int
    var steps: [HexdumpBlockProgram.Step] = []
    var text: [UInt8] = []
    var bound = 0

    init(plan: HexdumpFormatPlan, blockSize: Int) {
        self.plan = plan
        self.blockSize = blockSize
    }

    /// Lays out one unit read from `offset` in the block; returns the offset after it.
    mutating func add(_ unit: HexdumpFormatPlan.Unit, at offset: Int) -> Int {
        let hexDigits = hexRunDigits(unit)
        if let table = unit.table, table.valueBytes == 1 || hexDigits == nil {
            var step = HexdumpBlockProgram.Step(kind: .table, input: offset)
            step.repeats = Int32(unit.iterations)
            step.trim = unit.dropsLastBlank && unit.iterations > 0 ? 1 : 0
            step.valueBytes = UInt8(table.valueBytes)
            (step.tableStart, step.lengthsStart) = (Int32(table.start), Int32(table.lengthsStart))
            step.slot = UInt8(table.slot)
            step.fixedLength = UInt8(table.fixedLength ?? 0)
            if let fixed = table.fixedLength { step.length = Int32(unit.iterations * fixed - Int(step.trim)) }
            steps.append(step)
            bound += unit.iterations * table.slot
            return offset + unit.iterations * table.valueBytes
        }
        if let hexDigits {
            var step = hexRun(unit, digits: hexDigits, at: offset)
            let repeats = Int(step.repeats)
            let length = repeats * (Int(step.textCount) + Int(step.zeros) + 2 * Int(step.valueBytes) + Int(step.suffixCount))
            step.length = Int32(clamping: length - Int(step.trim))
            steps.append(step)
            bound += length
            return offset + repeats * Int(step.valueBytes)
        }
        var offset = offset
        for iteration in 0..<unit.iterations {
            for index in unit.prints {
                let print = plan.prints[index]
                let dropsBlank = unit.dropsLastBlank && iteration == unit.iterations - 1 && index == unit.prints.upperBound - 1
                addText(print, count: print.textCount - (dropsBlank && print.conversion == nil ? 1 : 0))
                guard let conversion = print.conversion else { continue }
                addConversion(conversion, of: print, index: index, at: offset)
                offset += print.byteCount
            }
            // Text alone joins one step and adds no step: the text's bound stops it too.
            if steps.count > HexdumpBlockProgram.largestStepCount || bound > HexdumpBlockProgram.largestBlockTextDrawn { break }
        }
        return offset
    }

    /// `HexdumpBlockProgram.hexRunDigits` of the unit's print units.
    private func hexRunDigits(_ unit: HexdumpFormatPlan.Unit) -> Int? {
        HexdumpBlockProgram.hexRunDigits(
            of: unit.prints.map { (plan.prints[$0].conversion, plan.prints[$0].field, plan.prints[$0].byteCount, plan.prints[$0].textCount) })
    }

    /// The step of a unit `hexRunDigits` accepts; its texts are appended to the program's.
    private mutating func hexRun(_ unit: HexdumpFormatPlan.Unit, digits: Int, at offset: Int) -> HexdumpBlockProgram.Step {
        let first = plan.prints[unit.prints.lowerBound]
        var step = HexdumpBlockProgram.Step(kind: .hexDigits, input: offset)
        step.repeats = Int32(unit.iterations)
        step.trim = unit.dropsLastBlank && unit.iterations > 0 ? 1 : 0
        step.valueBytes = UInt8(first.byteCount)
        step.zeros = Int32(digits - 2 * first.byteCount)
        if case .integer(_, .upperHex)? = first.conversion { step.upper = true }
        (step.textStart, step.textCount) = (Int32(text.count), Int32(first.textCount))
        appendText(of: first, count: first.textCount)
        step.suffixStart = Int32(text.count)
        if unit.prints.count == 2 {
            let suffix = plan.prints[unit.prints.lowerBound + 1]
            step.suffixCount = UInt8(suffix.textCount)
            appendText(of: suffix, count: suffix.textCount)
        }
        return step
    }

    private mutating func appendText(of print: HexdumpFormatPlan.Print, count: Int) {
        text.append(contentsOf: UnsafeBufferPointer(start: plan.text.baseAddress! + print.textStart, count: count))
    }

    /// Literal text: joined to the step before when that is text too.
    private mutating func addText(_ print: HexdumpFormatPlan.Print, count: Int) {
        guard count > 0 else { return }
        bound += count
        if let last = steps.last, last.kind == .text, Int(last.textStart + last.textCount) == text.count {
            steps[steps.count - 1].textCount += Int32(count)
            steps[steps.count - 1].length += Int32(count)
        } else {
            var step = HexdumpBlockProgram.Step(kind: .text, input: 0)
            (step.textStart, step.textCount) = (Int32(text.count), Int32(count))
            step.length = Int32(count)
            steps.append(step)
        }
        appendText(of: print, count: count)
    }

    private mutating func addConversion(_ conversion: HexdumpFormat.Conversion, of print: HexdumpFormatPlan.Print, index: Int, at offset: Int) {
        let largest = print.largestOutput - print.textCount
        switch conversion {
        case .integer(signed: false, let radix):
            if let digits = HexdumpBlockProgram.fixedHexDigits(conversion, field: print.field, byteCount: print.byteCount) {
                var step = HexdumpBlockProgram.Step(kind: .hexDigits, input: offset)
                step.valueBytes = UInt8(print.byteCount)
                step.zeros = Int32(digits - 2 * print.byteCount)
                step.upper = radix == .upperHex
                step.length = Int32(digits)
                steps.append(step)
                bound += digits
                return
            }
        case .address(let radix) where radix == .hex || radix == .upperHex:
            if let digits = HexdumpBlockProgram.fixedHexDigits(print.field), (1...16).contains(digits) {
                var step = HexdumpBlockProgram.Step(kind: .address, input: offset)
                step.digits = UInt8(digits)
                step.upper = radix == .upperHex
                step.print = Int32(index)
                step.length = Int32(digits)
                steps.append(step)
                bound += max(digits, largest)
                return
            }
        default: break
        }
        var step = HexdumpBlockProgram.Step(kind: .conversion, input: offset)
        step.print = Int32(index)
        steps.append(step)
        // A %s's own length is the block's (the plan's bound leaves it out).
        bound += conversion == .string ? max(print.field.width, blockSize) + 4 : largest
    }
}
