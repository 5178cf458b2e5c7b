/// A `HexdumpFormat` laid flat for drawing: every print unit's literal
/// text in one byte buffer, print units and units in buffers of plain
/// values indexed by range, so the loop over a block's conversions
/// touches no reference counts. Owns its buffers, never changes them:
/// the threads of one dump read it at once.
final class HexdumpFormatPlan: @unchecked Sendable {
    struct Print {
        var textStart: Int
        var textCount: Int
        /// nil: text only.
        var conversion: HexdumpFormat.Conversion?
        var byteCount: Int
        var field: PrintfField
        /// The most bytes it writes, but for `%s` (which depends on the block).
        var largestOutput: Int
        /// `%e`-like conversions: the index of the C format printf is given in `floatFormats`.
        var floatFormat: Int
        /// Its colour unit's conditions (colours wanted): drawn step by step.
        var colors: [HexdumpColorCondition]? = nil
    }

    struct Unit {
        var prints: Range<Int>
        var iterations: Int
        var dropsLastBlank: Bool
        var endsDump: Bool
        /// A unit that reads one or two bytes an iteration in one
        /// conversion (`16/1 "%02x "`, `8/2 "%04x "`): its table, else nil.
        var table: ValueTable?
        /// A unit that is one integer conversion and at most some text
        /// after it, each iteration (`4/4 "%08x "`): drawn in one loop.
        var integerRun = false
    }

    /// What each iteration of a unit writes for each value it can read
    /// (256 of one byte, 65,536 of two): `slot` bytes an entry in
    /// `tables` from `start`, the entry's length in `tableLengths` from
    /// `lengthsStart`. Drawing the unit is then a copy an iteration.
    struct ValueTable {
        var start: Int
        var lengthsStart: Int
        var slot: Int
        var valueBytes: Int
        /// Every entry's length when they are all one length (`%02x `):
        /// the stores then do not wait on each other's lengths.
        var fixedLength: Int?
    }

    /// Every unit's table, one after another.
    let tables: UnsafeMutableBufferPointer<UInt8>
    let tableLengths: UnsafeMutableBufferPointer<UInt8>

    let text: UnsafeMutableBufferPointer<UInt8>
    let prints: UnsafeMutableBufferPointer<Print>
    let units: UnsafeMutableBufferPointer<Unit>
    /// Each format string's units.
    let strings: UnsafeMutableBufferPointer<Range<Int>>
    /// The C formats of floating-point conversions (`%-12.3e`).
    let floatFormats: [String]
    /// The unit drawn once after the input.
    let endUnit: Unit?

    /// Whether two-byte units have their tables (a MiB each, some
    /// milliseconds to fill, so a dump starts without them and asks for
    /// them once the input is large), and hex runs read their digits from
    /// `HexDigitWords.quads`.
    let hasWordTables: Bool
    /// Some two-byte unit would have a table.
    let wantsWordTables: Bool
    /// Whole blocks laid out as steps, when that pays; set in `init` only.
    private(set) var program: HexdumpBlockProgram?

    /// `compiled: false` leaves the program out, so every block is drawn
    /// step by step (tests compare the two).
    init(_ format: HexdumpFormat, wordTables: Bool = false, compiled: Bool = true) {
        var builder = Builder()
        builder.makesWordTables = wordTables
        builder.drawsHexRuns = compiled
        var strings: [Range<Int>] = []
        for string in format.strings {
            let first = builder.units.count
            for unit in string.units { builder.units.append(builder.add(unit)) }
            strings.append(first..<builder.units.count)
        }
        endUnit = format.endUnit.map { builder.add($0) }
        floatFormats = builder.floatFormats
        hasWordTables = wordTables
        wantsWordTables = builder.wantsWordTables
        tables = Self.buffer(builder.tables)
        tableLengths = Self.buffer(builder.tableLengths)
        text = Self.buffer(builder.text)
        prints = Self.buffer(builder.prints)
        units = Self.buffer(builder.units)
        self.strings = Self.buffer(strings)
        if compiled { program = HexdumpBlockProgram.compile(self, blockSize: format.blockSize) }
    }

    /// Tables worth making once the input is large: two-byte units'
    /// tables, and for hex runs the digits of every two-byte value.
    var wantsLargeInputTables: Bool {
        wantsWordTables || (program?.steps.contains { $0.kind == .hexDigits && $0.valueBytes >= 2 } ?? false)
    }

    deinit {
        text.deallocate()
        // A print unit's colour conditions are arrays: released before the memory is.
        _ = prints.deinitialize()
        prints.deallocate()
        units.deallocate()
        strings.deallocate()
        tables.deallocate()
        tableLengths.deallocate()
    }

    private static func buffer<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }
}

/// The plan's arrays while they are filled.
private struct Builder {
    var text: [UInt8] = []
    var floatFormats: [String] = []
    var prints: [HexdumpFormatPlan.Print] = []
    var units: [HexdumpFormatPlan.Unit] = []
    var tables: [UInt8] = []
    var tableLengths: [UInt8] = []
    /// Two-byte tables take a MiB each: a few at most.
    var wordTables = 0
    /// Two-byte tables are made (else only noted as wanted).
    var makesWordTables = false
    var wantsWordTables = false
    /// The compiled program draws zero-padded hex of two bytes from
    /// digit pairs (`HexdumpBlockProgram`): no table for those.
    var drawsHexRuns = false

    mutating func add(_ unit: HexdumpFormat.FormatUnit) -> HexdumpFormatPlan.Unit {
        let first = prints.count
        for print in unit.prints {
            var floatFormat = -1
            if case .floatingPoint(let letter)? = print.conversion {
                floatFormat = floatFormats.count
                floatFormats.append(print.field.cSpelling + String(decoding: [letter], as: UTF8.self))
            }
            // A %s's own length depends on the block: the drawer makes room for it.
            prints.append(
                HexdumpFormatPlan.Print(
                    textStart: text.count, textCount: print.text.count, conversion: print.conversion, byteCount: print.byteCount,
                    field: print.field, largestOutput: print.largestOutput(blockSize: 0), floatFormat: floatFormat, colors: print.colors))
            text += print.text
        }
        var planned = HexdumpFormatPlan.Unit(
            prints: first..<prints.count, iterations: unit.iterations, dropsLastBlank: unit.dropsLastBlank, endsDump: unit.endsDump)
        // A coloured print unit is drawn step by step, its colour worked out each time.
        let colored = unit.prints.contains { $0.colors != nil }
        planned.table = colored ? nil : addTable(unit)
        if planned.table == nil, !colored, case .integer? = unit.prints.first?.conversion, unit.prints.count <= 2,
            unit.prints.dropFirst().allSatisfy({ $0.conversion == nil })
        {
            planned.integerRun = true
        }
        return planned
    }

    /// The table of a unit that is one conversion of one or two bytes (its
    /// text before it) and at most some text after, when every value's
    /// output fits a slot: 32 bytes for a byte's, 16 for two bytes'.
    private mutating func addTable(_ unit: HexdumpFormat.FormatUnit) -> HexdumpFormatPlan.ValueTable? {
        guard let conversion = unit.prints.first?.conversion, unit.prints.count <= 2,
            unit.prints.dropFirst().allSatisfy({ $0.conversion == nil })
        else { return nil }
        let valueBytes = unit.prints[0].byteCount
        switch (conversion, valueBytes) {
        case (.integer, 1), (.character, 1), (.printable, 1), (.escapedCharacter, 1), (.asciiName, 1): break
        case (.integer, 2)
        where drawsHexRuns
            && HexdumpBlockProgram.hexRunDigits(of: unit.prints.map { ($0.conversion, $0.field, $0.byteCount, $0.text.count) }) != nil:
            return nil
        case (.integer, 2) where wordTables < 4:
            wantsWordTables = true
            guard makesWordTables else { return nil }
        default: return nil
        }
        let field = unit.prints[0].field
        let prefix = unit.prints[0].text
        let suffix = unit.prints.count == 2 ? unit.prints[1].text : []
        let values = 1 << (8 * valueBytes)
        // Each value's output, drawn into room for the longest any field
        // writes: once to find the longest, once into the table.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: prefix.count + suffix.count + field.largestOutput(natural: 26))
        defer { scratch.deallocate() }
        func render(_ value: Int) -> Int {
            var cursor = scratch
            cursor.update(from: prefix, count: prefix.count)
            cursor += prefix.count
            var bytes = UInt16(value).littleEndian
            HexdumpConversionWriting.write(conversion, of: &bytes, count: valueBytes, address: 0, field: field, to: &cursor)
            cursor.update(from: suffix, count: suffix.count)
            cursor += suffix.count
            return cursor - scratch
        }
        // The smallest slot every entry fits: one 8-byte store an iteration for most.
        var longest = 0
        var shortest = Int.max
        for value in 0..<values {
            let length = render(value)
            longest = max(longest, length)
            shortest = min(shortest, length)
        }
        guard let slot = [8, 16, 32].first(where: { longest <= $0 && (valueBytes == 1 || $0 <= 16) }) else { return nil }
        let table = HexdumpFormatPlan.ValueTable(
            start: tables.count, lengthsStart: tableLengths.count, slot: slot, valueBytes: valueBytes,
            fixedLength: longest == shortest ? longest : nil)
        tables += repeatElement(0, count: values * slot)
        tableLengths += repeatElement(0, count: values)
        tables.withUnsafeMutableBufferPointer { all in
            for value in 0..<values {
                let length = render(value)
                (all.baseAddress! + table.start + value * slot).update(from: scratch, count: length)
                tableLengths[table.lengthsStart + value] = UInt8(length)
            }
        }
        if valueBytes == 2 { wordTables += 1 }
        return table
    }
}
