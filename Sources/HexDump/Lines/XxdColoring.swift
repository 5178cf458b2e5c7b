/// xxd's colours (`xxd -R`) and its EBCDIC text column (`xxd -E`): which
/// colour each byte gets, and how a line with a colour for each of its
/// characters is written, as xxd 2024+ writes it: a run of characters of
/// one colour between `ESC[1;3Nm` and `ESC[0m`, uncoloured characters bare.
enum XxdColoring {
    /// A character's colour: the digit after `ESC[1;3` (0: none).
    static let none: UInt8 = 0
    static let red = UInt8(ascii: "1")
    static let green = UInt8(ascii: "2")
    static let yellow = UInt8(ascii: "3")
    static let blue = UInt8(ascii: "4")
    static let white = UInt8(ascii: "7")

    /// The colour of `byte`: green for what prints, yellow for tab, line
    /// feed and carriage return, white for 0, blue for 0xff, red for the
    /// rest. Under `-E` the classes are EBCDIC's (its letters, digits and
    /// punctuation green; HT, LF and CR yellow).
    static func color(of byte: UInt8, ebcdic: Bool) -> UInt8 {
        switch byte {
        case 0: return white
        case 0xFF: return blue
        default:
            if ebcdic { return ebcdicColors[Int(byte)] }
            switch byte {
            case 0x20...0x7E: return green
            case 0x09, 0x0A, 0x0D: return yellow
            default: return red
            }
        }
    }

    /// The text column's character for `byte` under `-E`: the ASCII
    /// character its EBCDIC code stands for when that prints, else `.`.
    static func ebcdicShown(_ byte: UInt8) -> UInt8 { ebcdicText[Int(byte)] }

    /// Writes the first `count` characters of `line` (xxd's, through the
    /// newline) with `colors`, one for each place and one for the place of
    /// xxd's terminator after them, as xxd's `print_colored_line` does: an
    /// escape opens where the colour changes to one and closes where it
    /// changes from one, a last one after the newline when the terminator's
    /// place has a colour (`endColored` false: a copy whose end place has
    /// none, as xxd's held zero line).
    static func appendColored(
        _ line: [UInt8], count: Int, colors: [UInt8], endColored: Bool = true, scratch: inout [UInt8], to output: inout [UInt8]
    ) {
        // At most a reset and an opening before each character, and a reset after them.
        let bound = count * 12 + 4
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: bound) }
        var written = 0
        scratch.withUnsafeMutableBufferPointer { out in
            line.withUnsafeBufferPointer { line in
                colors.withUnsafeBufferPointer { colors in
                    // ESC [ 0 m
                    func close() {
                        out[written] = 0x1B
                        out[written + 1] = 0x5B
                        out[written + 2] = 0x30
                        out[written + 3] = 0x6D
                        written += 4
                    }
                    let coloredCount = min(count, colors.count)
                    var previous = none
                    for index in 0..<count {
                        let color = index < coloredCount ? colors[index] : none
                        if color != previous || index == 0 {
                            if index > 0 && previous != none { close() }
                            if color != none {
                                // ESC [ 1 ; 3 N m
                                out[written] = 0x1B
                                out[written + 1] = 0x5B
                                out[written + 2] = 0x31
                                out[written + 3] = 0x3B
                                out[written + 4] = 0x33
                                out[written + 5] = color
                                out[written + 6] = 0x6D
                                written += 7
                            }
                        }
                        out[written] = line[index]
                        written += 1
                        previous = color
                    }
                    if endColored && count < colors.count && colors[count] != none { close() }
                }
            }
        }
        output.append(contentsOf: scratch[..<written])
    }

    /// Green ranges of EBCDIC, yellow its HT (0x05), CR (0x0D) and LF (0x25).
    private static let ebcdicColors: [UInt8] = {
        var colors = [UInt8](repeating: red, count: 256)
        let printable: [ClosedRange<Int>] = [
            0x40...0x40, 0x4B...0x50, 0x5A...0x61, 0x6B...0x6F, 0x79...0x7F, 0x81...0x89, 0x91...0x9A, 0xA2...0xA9,
            0xAD...0xAD, 0xBD...0xBD, 0xC0...0xC9, 0xD0...0xD9, 0xE0...0xE0, 0xE2...0xE9, 0xF0...0xF9,
        ]
        for range in printable { for byte in range { colors[byte] = green } }
        for byte in [0x05, 0x0D, 0x25] { colors[byte] = yellow }
        return colors
    }()

    /// What xxd -E shows for each byte: the codes below 0x40 as `.`, and
    /// from 0x40 on the characters of the EBCDIC table xxd uses (a code
    /// whose character does not print also as `.`).
    private static let ebcdicText: [UInt8] = {
        let fromSpace =
            " ...........<(+|&.........!$*);~-/.........,%_>?.........`:#@'=\".abcdefghi.......jklmnopqr^.......stuvwxyz...[...............]..{ABCDEFGHI......}JKLMNOPQR......\\.STUVWXYZ......0123456789......"
        return [UInt8](repeating: 0x2E, count: 0x40) + Array(fromSpace.utf8)
    }()
}
