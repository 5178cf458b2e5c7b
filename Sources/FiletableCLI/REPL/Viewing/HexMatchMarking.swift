import FileBrowsing
import HexDump
import Terminal

/// The bytes a hex-view search matched, shown in reverse video in both
/// columns of `hexdump -C`'s lines, as the text viewer shows its matches.
///
/// Works on lines already formatted (squeezed or not, coloured or not): a
/// line holding a matched byte is formatted again plain, from its own
/// offset, and the matched cells are wrapped; every other line is kept as
/// it was.
enum HexMatchMarking {
    static let on = TerminalControl.reverse
    static let off = TerminalControl.reverseOff

    /// `lines` (one screen of canonical lines for `bytes`, which start at
    /// file offset `first`) with the bytes `search` matches marked; the
    /// lines unchanged when nothing on the screen matches.
    static func mark(_ lines: [String], bytes: [UInt8], from first: UInt64, search: TextSearch?) -> [String] {
        guard let search else { return lines }
        let matched = search.matches(in: bytes)
        guard !matched.isEmpty else { return lines }
        var isMatched = [Bool](repeating: false, count: bytes.count)
        for range in matched { for index in range { isMatched[index] = true } }
        return lines.map { line in
            // A line of bytes starts with its offset in hex; "*" and the closing offset do not hold bytes.
            guard let offsetText = line.split(separator: " ", maxSplits: 1).first,
                let lineOffset = UInt64(offsetText, radix: 16), lineOffset >= first,
                line.contains("|")
            else { return line }
            let start = Int(lineOffset - first)
            guard start < bytes.count else { return line }
            let end = min(bytes.count, start + 16)
            let marks = Array(isMatched[start..<end])
            guard marks.contains(true) else { return line }
            return marked(Array(bytes[start..<end]), at: lineOffset, marks: marks)
        }
    }

    /// One canonical line of `bytes` (at most 16) with the cells of the
    /// bytes `marks` says wrapped in reverse video.
    static func marked(_ bytes: [UInt8], at offset: UInt64, marks: [Bool]) -> String {
        var formatter = HexFormatter(format: .canonical, startOffset: offset, squeezes: false, colored: false)
        var plain = formatter.format(bytes)
        if plain.last == 0x0A { plain.removeLast() }
        // hexdump -C's columns: the offset, two spaces, a byte every three
        // columns with one more space after the eighth, then `|` and the text.
        let digits = plain.firstIndex(of: 0x20) ?? 8
        var cells: [(at: Int, width: Int)] = []
        for index in bytes.indices where marks[index] {
            cells.append((digits + 2 + 3 * index + (index >= 8 ? 1 : 0), 2))
            cells.append((digits + 53 + index, 1))
        }
        var out: [UInt8] = []
        out.reserveCapacity(plain.count + cells.count * 9)
        var next = 0
        for cell in cells.sorted(by: { $0.at < $1.at }) where cell.at + cell.width <= plain.count {
            out += plain[next..<cell.at]
            out += Array(on.utf8) + plain[cell.at..<cell.at + cell.width] + Array(off.utf8)
            next = cell.at + cell.width
        }
        out += plain[next...]
        return String(decoding: out, as: UTF8.self)
    }
}
