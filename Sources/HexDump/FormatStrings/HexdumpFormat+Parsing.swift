/// Reading a format string as hexdump reads it: first its units'
/// syntax (`add_fmt`), then each unit's text into print units
/// (`rewrite_rules`), with hexdump's complaints where it has them.
extension HexdumpFormat {
    /// A unit as written, before its text is read.
    struct FormatUnitText {
        var iterations = 1
        var iterationsGiven = false
        var byteCount = 0
        /// The text between the quotes, its backslash escapes applied.
        var text: [UInt8] = []
    }

    /// `[iterations][/bytes] "text"`, repeated, blanks between; a count
    /// needs a blank (or the slash) after it.
    static func units(of source: [UInt8]) throws(HexdumpFormatError) -> [FormatUnitText] {
        let bad = HexdumpFormatError.badFormat(String(decoding: source, as: UTF8.self))
        var units: [FormatUnitText] = []
        var index = 0
        func byte(_ at: Int) -> UInt8 { at < source.count ? source[at] : 0 }
        func skipBlanks() { while index < source.count, isBlank(source[index]) { index += 1 } }
        func number() throws(HexdumpFormatError) -> Int {
            var value = 0
            while isDigit(byte(index)) {
                value = value * 10 + Int(byte(index) - 0x30)
                guard value <= largestBlock else { throw .countTooLarge(String(decoding: source[...index], as: UTF8.self)) }
                index += 1
            }
            return value
        }
        while true {
            skipBlanks()
            if index == source.count { break }
            var unit = FormatUnitText()
            if isDigit(byte(index)) {
                unit.iterations = try number()
                guard isBlank(byte(index)) || byte(index) == 0x2F else { throw bad }
                unit.iterationsGiven = true
                index += 1
                skipBlanks()
            }
            if byte(index) == 0x2F {
                index += 1
                skipBlanks()
            }
            if isDigit(byte(index)) {
                unit.byteCount = try number()
                guard isBlank(byte(index)) else { throw bad }
                index += 1
                skipBlanks()
            }
            guard byte(index) == 0x22 else { throw bad }
            index += 1
            let start = index
            while index < source.count && source[index] != 0x22 { index += 1 }
            guard index < source.count else { throw bad }
            guard let text = unescaped(source[start..<index]) else { throw bad }
            unit.text = text
            index += 1
            units.append(unit)
        }
        return units
    }

    /// The text with hexdump's escapes (`\a \b \f \n \r \t \v`; a
    /// backslash before anything else stands for that character), worked
    /// out in place as hexdump's `escape` does: an escape's character goes
    /// where its backslash would have moved to, but the characters after
    /// it are not moved up, so the text ends one character earlier for
    /// each escape and an escape before other text leaves part of that
    /// text twice (`"\n%x"` reads as a newline, `n`, `%`). hexdump 2.38 to
    /// 2.41 all read it so, and scripts' escapes come last (`"%02x\n"`).
    /// Nil for a backslash at the end, which hexdump reads past.
    static func unescaped(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var result = Array(text)
        var read = 0
        var written = 0
        while read < result.count {
            if result[read] == 0x5C {
                read += 1
                guard read < result.count else { return nil }
                let escapes: [UInt8: UInt8] = [0x61: 0x07, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09, 0x76: 0x0B]
                result[written] = escapes[result[read]] ?? result[read]
            }
            read += 1
            written += 1
        }
        return Array(result[..<written])
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// A unit's text cut into print units: text up to a `%`, then the
    /// conversion with its flags, width and precision; the byte count each
    /// takes from the one written or the conversion's own.
    static func formatUnit(_ written: FormatUnitText, colors: Bool) throws(HexdumpFormatError) -> FormatUnit {
        var unit = FormatUnit()
        unit.iterations = written.iterations
        unit.iterationsGiven = written.iterationsGiven
        let text = written.text
        var start = 0
        var conversions = 0
        while start < text.count {
            guard let percent = text[start...].firstIndex(of: 0x25) else {
                unit.prints.append(PrintUnit(text: Array(text[start...])))
                break
            }
            var print = PrintUnit(text: Array(text[start..<percent]))
            let (letter, fieldEnd) = try conversionLetter(in: text, after: percent, byteCountGiven: written.byteCount > 0)
            let spec = text[(percent + 1)..<fieldEnd]
            var end = letter + 1
            try read(&print, letter: letter, in: text, byteCount: written.byteCount, end: &end)
            guard let field = PrintfField(spec) else {
                throw .unsupportedField(String(decoding: text[(percent + 1)..<end], as: UTF8.self))
            }
            print.field = field
            if case .address = print.conversion {
                if text[letter + 1] == 0x41 { unit.endsDump = true }
            } else if written.byteCount > 0 {
                conversions += 1
                if conversions > 1 { throw .byteCountWithSeveralConversions }
            }
            // A colour unit (`_L[...]`) after a conversion: from its `[` to
            // the unit's last `]`, read when colours are wanted, else skipped.
            if end + 1 < text.count, text[end] == 0x5F, text[end + 1] == 0x4C {
                guard let close = text.lastIndex(of: 0x5D), close > end else { throw .badConversion("_L") }
                if colors {
                    guard let open = text[end..<close].firstIndex(of: 0x5B) else { throw .badConversion("_L") }
                    print.colors = try HexdumpColorCondition.conditions(text[(open + 1)..<close], byteCount: print.byteCount)
                }
                end = close + 1
            }
            unit.prints.append(print)
            start = end
        }
        unit.byteCount = written.byteCount > 0 ? written.byteCount : unit.prints.reduce(0) { $0 + $1.byteCount }
        return unit
    }

    /// Where the conversion letter after the `%` at `percent` is, and
    /// where its flags, width and precision end; as hexdump skips them,
    /// any of `.#-+ 0-9` with a byte count, else those but `.` and then
    /// one `.precision`. A `%` at the end is a bad format (hexdump 2.39 on).
    private static func conversionLetter(
        in text: [UInt8], after percent: Int, byteCountGiven: Bool
    ) throws(HexdumpFormatError) -> (letter: Int, fieldEnd: Int) {
        let flagsAndDigits = Array("#-+ 0123456789".utf8)
        var index = percent + 1
        while index < text.count, flagsAndDigits.contains(text[index]) || (byteCountGiven && text[index] == 0x2E) { index += 1 }
        if !byteCountGiven, index < text.count, text[index] == 0x2E {
            index += 1
            while index < text.count, isDigit(text[index]) { index += 1 }
        }
        guard index < text.count else { throw .badFormat(String(decoding: text, as: UTF8.self)) }
        return (index, index)
    }

    /// The conversion at `letter`, its byte count, and where the text after it starts.
    private static func read(
        _ print: inout PrintUnit, letter: Int, in text: [UInt8], byteCount: Int, end: inout Int
    ) throws(HexdumpFormatError) {
        let name = String(decoding: [text[letter]], as: UTF8.self)
        func count(allowed: Set<Int>, default fallback: Int, named: String) throws(HexdumpFormatError) -> Int {
            if byteCount == 0 { return fallback }
            guard allowed.contains(byteCount) else { throw .badByteCount(named) }
            return byteCount
        }
        switch text[letter] {
        case 0x63:
            print.conversion = .character
            print.byteCount = try count(allowed: [1], default: 1, named: name)
        case 0x64, 0x69, 0x6F, 0x75, 0x78, 0x58:
            let radix: [UInt8: PrintfWriting.Radix] = [0x64: .decimal, 0x69: .decimal, 0x6F: .octal, 0x75: .decimal, 0x78: .hex, 0x58: .upperHex]
            print.conversion = .integer(signed: text[letter] == 0x64 || text[letter] == 0x69, radix[text[letter]]!)
            print.byteCount = try count(allowed: [1, 2, 4, 8], default: 4, named: name)
        case 0x65, 0x66, 0x67, 0x45, 0x47:
            print.conversion = .floatingPoint(letter: text[letter])
            print.byteCount = try count(allowed: [4, 8], default: 8, named: name)
        case 0x73:
            print.conversion = .string
            if byteCount > 0 {
                print.byteCount = byteCount
            } else if let precision = stringPrecision(text, before: letter) {
                print.byteCount = precision
            } else {
                throw .stringNeedsLength
            }
        case 0x5F:
            try readUnderscore(&print, letter: letter, in: text, byteCount: byteCount, end: &end)
        default:
            throw .badConversion(name)
        }
    }

    /// `%_a` `%_A` (with d, o or x), `%_c`, `%_p`, `%_u`.
    private static func readUnderscore(
        _ print: inout PrintUnit, letter: Int, in text: [UInt8], byteCount: Int, end: inout Int
    ) throws(HexdumpFormatError) {
        let second = letter + 1 < text.count ? text[letter + 1] : 0
        let named = String(decoding: text[letter..<min(letter + 2, text.count)], as: UTF8.self)
        switch second {
        case 0x61, 0x41:
            let third = letter + 2 < text.count ? text[letter + 2] : 0
            let radix: [UInt8: PrintfWriting.Radix] = [0x64: .decimal, 0x6F: .octal, 0x78: .hex]
            guard let chosen = radix[third] else {
                throw .badConversion(String(decoding: text[letter..<min(letter + 3, text.count)], as: UTF8.self))
            }
            print.conversion = .address(chosen)
            end = letter + 3
        case 0x63, 0x70, 0x75:
            print.conversion = second == 0x63 ? .escapedCharacter : second == 0x70 ? .printable : .asciiName
            guard byteCount <= 1 else { throw .badByteCount(named) }
            print.byteCount = 1
            end = letter + 2
        default:
            throw .badConversion(named)
        }
    }

    /// The precision written before `%s`'s letter (`%.8s`), if any.
    private static func stringPrecision(_ text: [UInt8], before letter: Int) -> Int? {
        var index = letter
        while index > 0, isDigit(text[index - 1]) { index -= 1 }
        guard index < letter, index > 0, text[index - 1] == 0x2E else { return nil }
        return Int(String(decoding: text[index..<letter], as: UTF8.self))
    }
}
