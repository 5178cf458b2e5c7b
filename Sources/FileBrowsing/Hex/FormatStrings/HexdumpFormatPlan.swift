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
    }

    struct Unit {
        var prints: Range<Int>
        var iterations: Int
        var dropsLastBlank: Bool
        var endsDump: Bool
        /// A unit that reads one byte an iteration (`16/1 "%02x "`): the
        /// index of its table in `byteTables`, else -1.
        var byteTable = -1
    }

    /// Bytes a table entry holds: what one iteration writes for one byte value.
    static let slotSize = 32

    /// For each unit of one byte an iteration, what an iteration writes
    /// for each of the 256 byte values: `slotSize` bytes an entry, its
    /// length in `byteTableLengths`. Drawing such a unit is then a copy a byte.
    let byteTables: UnsafeMutableBufferPointer<UInt8>
    let byteTableLengths: UnsafeMutableBufferPointer<UInt8>

    let text: UnsafeMutableBufferPointer<UInt8>
    let prints: UnsafeMutableBufferPointer<Print>
    let units: UnsafeMutableBufferPointer<Unit>
    /// Each format string's units.
    let strings: UnsafeMutableBufferPointer<Range<Int>>
    /// The C formats of floating-point conversions (`%-12.3e`).
    let floatFormats: [String]
    /// The unit drawn once after the input.
    let endUnit: Unit?

    init(_ format: HexdumpFormat) {
        var builder = Builder()
        var strings: [Range<Int>] = []
        for string in format.strings {
            let first = builder.units.count
            for unit in string.units { builder.units.append(builder.add(unit)) }
            strings.append(first..<builder.units.count)
        }
        endUnit = format.endUnit.map { builder.add($0) }
        floatFormats = builder.floatFormats
        byteTables = Self.buffer(builder.byteTables)
        byteTableLengths = Self.buffer(builder.byteTableLengths)
        text = Self.buffer(builder.text)
        prints = Self.buffer(builder.prints)
        units = Self.buffer(builder.units)
        self.strings = Self.buffer(strings)
    }

    deinit {
        text.deallocate()
        prints.deallocate()
        units.deallocate()
        strings.deallocate()
        byteTables.deallocate()
        byteTableLengths.deallocate()
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
    var byteTables: [UInt8] = []
    var byteTableLengths: [UInt8] = []

    mutating func add(_ unit: HexdumpFormat.FormatUnit) -> HexdumpFormatPlan.Unit {
        let first = prints.count
        for print in unit.prints {
            let natural: Int
            var floatFormat = -1
            switch print.conversion {
            case nil: natural = 0
            case .address?, .integer?: natural = 26
            case .floatingPoint(let letter)?:
                natural = 330 + (print.field.precision ?? 6)
                floatFormat = floatFormats.count
                floatFormats.append(print.field.cSpelling + String(decoding: [letter], as: UTF8.self))
            case .character?, .printable?: natural = 1
            case .escapedCharacter?, .asciiName?: natural = 3
            case .string?: natural = 0
            }
            prints.append(
                HexdumpFormatPlan.Print(
                    textStart: text.count, textCount: print.text.count, conversion: print.conversion, byteCount: print.byteCount,
                    field: print.field, largestOutput: print.text.count + print.field.largestOutput(natural: natural), floatFormat: floatFormat))
            text += print.text
        }
        var planned = HexdumpFormatPlan.Unit(
            prints: first..<prints.count, iterations: unit.iterations, dropsLastBlank: unit.dropsLastBlank, endsDump: unit.endsDump)
        if let table = byteTable(unit) {
            planned.byteTable = byteTableLengths.count / 256
            byteTables += table.slots
            byteTableLengths += table.lengths
        }
        return planned
    }

    /// The table of a unit that is one conversion of one byte (its text
    /// before it) and at most some text after: every byte value's output,
    /// when each fits a slot.
    private func byteTable(_ unit: HexdumpFormat.FormatUnit) -> (slots: [UInt8], lengths: [UInt8])? {
        guard let conversion = unit.prints.first?.conversion, unit.prints[0].byteCount == 1, unit.prints.count <= 2,
            unit.prints.dropFirst().allSatisfy({ $0.conversion == nil })
        else { return nil }
        switch conversion {
        case .integer, .character, .printable, .escapedCharacter, .asciiName: break
        default: return nil
        }
        let field = unit.prints[0].field
        let prefix = unit.prints[0].text
        let suffix = unit.prints.count == 2 ? unit.prints[1].text : []
        let slot = HexdumpFormatPlan.slotSize
        guard prefix.count + suffix.count + field.largestOutput(natural: 26) <= slot else { return nil }
        var slots = [UInt8](repeating: 0, count: 256 * slot)
        var lengths = [UInt8](repeating: 0, count: 256)
        slots.withUnsafeMutableBufferPointer { table in
            for value in 0..<256 {
                let start = table.baseAddress! + value * slot
                var cursor = start
                cursor.update(from: prefix, count: prefix.count)
                cursor += prefix.count
                var byte = UInt8(value)
                HexdumpConversionWriting.write(conversion, of: &byte, count: 1, address: 0, field: field, to: &cursor)
                cursor.update(from: suffix, count: suffix.count)
                cursor += suffix.count
                lengths[value] = UInt8(cursor - start)
            }
        }
        return (slots, lengths)
    }
}
