/// One condition of a colour unit after a conversion
/// (`%02x_L[red:0x41,!blue@16-31]`), as util-linux hexdump reads and
/// checks it when colours are wanted (`-L`, `--color`): a colour, and
/// optionally a value (a number, or a string as long as the checked
/// range), an offset or range of offsets in the input, and `!` to colour
/// where it does not match. The first condition that holds gives the
/// print unit's colour, which wraps its text and conversion.
public struct HexdumpColorCondition: Sendable, Equatable {
    /// The escape sequence turned on.
    var sequence: [UInt8]
    var inverted = false
    /// The little-endian value of the checked bytes (or the offset, for `%_a`).
    var value: Int64?
    /// The checked bytes themselves.
    var string: [UInt8]?
    /// The first offset checked; nil: the print unit's own.
    var offset: Int64?
    /// Bytes checked from `offset`.
    var range: Int

    /// The most conditions one offset range is split into.
    static let largestSplit: Int64 = 1 << 16

    /// What hexdump turns colours off with.
    static let reset = Array("\u{1B}[0m".utf8)

    /// util-linux's colour names (`lib/color-names.c`) and their sequences.
    private static let names: [String: String] = [
        "black": "30", "blink": "5", "blue": "34", "bold": "1", "brown": "33", "cyan": "36", "darkgray": "1;30", "gray": "37",
        "green": "32", "halfbright": "2", "lightblue": "1;34", "lightcyan": "1;36", "lightgray": "37", "lightgreen": "1;32",
        "lightmagenta": "1;35", "lightred": "1;31", "magenta": "35", "red": "31", "reset": "0", "reverse": "7", "white": "1;37",
        "yellow": "1;33",
    ]

    /// The conditions written between `_L[` and the last `]` for a print
    /// unit of `byteCount` bytes; nil when a colour name is unknown
    /// (hexdump then colours that unit never, and says nothing).
    static func conditions(_ written: ArraySlice<UInt8>, byteCount: Int) throws(HexdumpFormatError) -> [HexdumpColorCondition]? {
        let whole = String(decoding: written, as: UTF8.self)
        var text = written
        var conditions: [HexdumpColorCondition] = []
        while !text.isEmpty {
            var condition = HexdumpColorCondition(sequence: [], range: byteCount)
            if text.first == 0x21 {
                condition.inverted = true
                text = text.dropFirst()
            }
            let nameEnd = text.firstIndex { $0 == 0x3A || $0 == 0x40 || $0 == 0x2C } ?? text.endIndex
            guard let code = names[String(decoding: text[..<nameEnd], as: UTF8.self)] else { return nil }
            condition.sequence = Array("\u{1B}[\(code)m".utf8)
            text = text[nameEnd...]
            if text.first == 0x3A {
                text = text.dropFirst()
                try readValue(&condition, from: &text, format: whole)
            }
            var split = [condition]
            if text.first == 0x40 {
                split = try readOffsets(condition, from: &text, byteCount: byteCount, format: whole)
            }
            for part in split where part.string != nil && part.string!.count != part.range { throw .badByteCount("_L") }
            conditions += split
            if text.first == 0x2C { text = text.dropFirst() }
        }
        return conditions
    }

    /// `:0x41` (hex), `:0101` (octal, a leading 0), else a string up to
    /// the condition's last `@` (or its end).
    private static func readValue(
        _ condition: inout HexdumpColorCondition, from text: inout ArraySlice<UInt8>, format: String
    ) throws(HexdumpFormatError) {
        if text.first == 0x30 {
            let hex = text.dropFirst().first.map { $0 == 0x78 || $0 == 0x58 } ?? false
            let digits = hex ? text.dropFirst(2) : text
            let radix = hex ? 16 : 8
            let end = digits.firstIndex { digit(of: $0, radix: radix) == nil } ?? digits.endIndex
            guard end > digits.startIndex || hex else { throw .badFormat(format) }
            var value: Int64 = 0
            for byte in digits[..<end] {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: Int64(radix))
                guard !overflow else { throw .badFormat(format) }
                value = shifted + Int64(digit(of: byte, radix: radix)!)
            }
            condition.value = value
            text = text[end...]
            return
        }
        let segmentEnd = text.firstIndex(of: 0x2C) ?? text.endIndex
        let segment = text[..<segmentEnd]
        var stringEnd = segmentEnd
        if let at = segment.lastIndex(of: 0x40) { stringEnd = at + 1 < segmentEnd ? at : at + 1 }
        condition.string = Array(text[..<stringEnd])
        text = text[stringEnd...]
    }

    /// `@OFFSET` or `@FIRST-LAST`: a range longer than the print unit is
    /// one condition a print unit's width, as hexdump splits it.
    private static func readOffsets(
        _ condition: HexdumpColorCondition, from text: inout ArraySlice<UInt8>, byteCount: Int, format: String
    ) throws(HexdumpFormatError) -> [HexdumpColorCondition] {
        text = text.dropFirst()
        var condition = condition
        let first = try number(from: &text, format: format)
        condition.offset = first
        guard text.first == 0x2D else { return [condition] }
        text = text.dropFirst()
        let last = try number(from: &text, format: format)
        guard last >= first else { throw .badByteCount("_L") }
        let (span, overflow) = (last - first).addingReportingOverflow(1)
        guard !overflow else { throw .badFormat(format) }
        // hexdump makes a condition a print unit's width: a wide range over
        // narrow units is that many conditions (and over an offset, which
        // reads no bytes, it loops for ever), so filetable bounds it.
        guard byteCount > 0 else { throw .badByteCount("_L") }
        guard span / Int64(byteCount) <= Self.largestSplit else { throw .countTooLarge("\(span) (a colour range)") }
        condition.range = Int(span)
        var split: [HexdumpColorCondition] = []
        while condition.range > byteCount {
            var piece = condition
            piece.range = byteCount
            split.append(piece)
            condition.offset! += Int64(byteCount)
            condition.range -= byteCount
        }
        return split + [condition]
    }

    /// Decimal digits as `strtoul` reads them (none is 0).
    private static func number(from text: inout ArraySlice<UInt8>, format: String) throws(HexdumpFormatError) -> Int64 {
        var value: Int64 = 0
        while let byte = text.first, let digit = digit(of: byte, radix: 10) {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { throw .badFormat(format) }
            value = shifted + Int64(digit)
            text = text.dropFirst()
        }
        return value
    }

    private static func digit(of byte: UInt8, radix: Int) -> Int? {
        let value: Int
        switch byte {
        case 0x30...0x39: value = Int(byte - 0x30)
        case 0x61...0x66: value = Int(byte - 0x61 + 10)
        case 0x41...0x46: value = Int(byte - 0x41 + 10)
        default: return nil
        }
        return value < radix ? value : nil
    }

    /// The colour of a print unit of `byteCount` bytes at `address` whose
    /// bytes are at `bytes` (the block padded with zeros past the input):
    /// the first condition that holds, as hexdump's `color_cond` checks.
    static func sequence(
        of conditions: [HexdumpColorCondition], address: UInt64, bytes: UnsafeRawPointer, byteCount: Int, isAddress: Bool
    ) -> [UInt8]? {
        let here = Int64(bitPattern: address)
        for condition in conditions {
            let offset = condition.offset ?? here
            // An offset written near 2^63 must not overflow the sum.
            let (end, overflow) = offset.addingReportingOverflow(Int64(condition.range))
            guard !overflow, offset >= here, end <= here &+ Int64(byteCount) else { continue }
            var matches = false
            if let string = condition.string {
                if !isAddress {
                    let start = Int(offset - here)
                    matches = string.withUnsafeBytes { memcmpEqual($0, bytes + start, count: string.count) }
                }
            } else if let value = condition.value {
                if isAddress {
                    matches = value == here
                } else if condition.range <= 8 {
                    var read: Int64 = 0
                    withUnsafeMutableBytes(of: &read) {
                        $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes + Int(offset - here), count: condition.range))
                    }
                    matches = Int64(littleEndian: read) == value
                }
            } else {
                return condition.sequence
            }
            if matches != condition.inverted { return condition.sequence }
        }
        return nil
    }

    /// `strncmp` of `count` bytes: equal up to a NUL both hold at one place.
    private static func memcmpEqual(_ string: UnsafeRawBufferPointer, _ bytes: UnsafeRawPointer, count: Int) -> Bool {
        for index in 0..<count {
            let (a, b) = (string[index], bytes.load(fromByteOffset: index, as: UInt8.self))
            if a != b { return false }
            if a == 0 { return true }
        }
        return true
    }
}
