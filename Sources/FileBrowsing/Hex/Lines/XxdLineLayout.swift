/// xxd's line for the variants the fast formatter does not draw: `-e`
/// (little-endian groups), `-b` (bits), `-d` (decimal offsets), `-o`
/// (a displacement added to the offsets shown), `-E` (an EBCDIC text
/// column) and `-R` (colours), placed column by column the way xxd
/// (2026) places them, so short lines, odd groups and their colours come
/// out as xxd's do.
public struct XxdLineLayout: Sendable, Equatable {
    public var columns: Int
    /// Bytes a group; 0 (or more than `columns`) makes the line one group.
    public var group: Int
    public var uppercase = false
    public var littleEndian = false
    public var bits = false
    public var decimalOffsets = false
    /// Added to every offset shown (xxd -o), wrapping as xxd's unsigned long.
    public var displacement: UInt64 = 0
    /// The text column shows the bytes as EBCDIC (xxd -E).
    public var ebcdic = false
    /// Each byte's digits and character in xxd's colour for it (xxd -R).
    public var colored = false

    public init(columns: Int, group: Int) {
        self.columns = columns
        self.group = group
    }

    /// The group size xxd uses: the line when 0 or too large.
    var bytesPerGroup: Int { group < 1 || group > columns ? columns : group }

    /// Why xxd would refuse the layout, or nil: `-e` swaps bytes within a
    /// group it was given, which needs a power of two.
    public var problem: String? {
        guard littleEndian, group >= 1, group <= columns, group & (group - 1) != 0 else { return nil }
        return "number of octets per group must be a power of 2 with -e."
    }

    /// The characters of the line for `bytes` (at most `columns`) whose
    /// first byte is at `offset`, through its newline, as xxd's line buffer
    /// holds them. When `colored`, `colors` is xxd's colour for each place,
    /// kept from line to line as xxd keeps it (a place past one line's end
    /// keeps its colour into the next); the caller clears it after a full
    /// line (`clearColors`) and writes the line with `XxdColoring`.
    func characters(of bytes: UnsafeRawBufferPointer, offset: UInt64, colors: inout [UInt8]) -> [UInt8] {
        var address: [UInt8] = []
        let shown = offset &+ displacement
        if decimalOffsets {
            HexDigits.appendDecimal(shown, digits: 8, to: &address)
        } else {
            HexDigits.appendHex(shown, digits: 8, uppercase: false, to: &address)
        }
        address.append(0x3A)
        var cells = Cells(address: address, room: columns * 10 + 4, colored: colored, colors: colors)
        place(bytes, in: &cells)
        if colored && bytes.count < columns { fillShortLine(byteCount: bytes.count, in: &cells) }
        if colored { colors = cells.colors }
        return Array(cells.line[..<(cells.line.firstIndex(of: 0) ?? cells.line.count)])
    }

    /// The line for `bytes` appended to `output`, without colours.
    func appendLine(_ bytes: UnsafeRawBufferPointer, offset: UInt64, to output: inout [UInt8]) {
        var none: [UInt8] = []
        var plain = self
        plain.colored = false
        output.append(contentsOf: plain.characters(of: bytes, offset: offset, colors: &none))
    }

    /// After a full line xxd clears the colours of its places up to the line's end.
    static func clearColors(_ colors: inout [UInt8], through characters: [UInt8]) {
        for index in 0..<min(characters.count, colors.count) { colors[index] = XxdColoring.none }
    }

    /// xxd's line buffer: spaces after the address, the characters placed,
    /// a newline and a 0 after the text; when coloured, a colour for each place.
    private struct Cells {
        let addressLength: Int
        let colored: Bool
        var line: [UInt8]
        var colors: [UInt8]

        init(address: [UInt8], room: Int, colored: Bool, colors: [UInt8]) {
            addressLength = address.count
            self.colored = colored
            line = address + [UInt8](repeating: 0x20, count: room)
            self.colors = colors
            if colored && self.colors.count < line.count + 1 {
                self.colors += [UInt8](repeating: XxdColoring.none, count: line.count + 1 - self.colors.count)
            }
        }

        /// Places `character`; a byte's (or a fill's) `color` too, while the
        /// newline and the end leave the colour the place had, as xxd's do.
        mutating func set(_ index: Int, _ character: UInt8, color: UInt8? = nil) {
            if index >= line.count { line += [UInt8](repeating: 0x20, count: index + 1 - line.count) }
            if colored && index + 1 >= colors.count { colors += [UInt8](repeating: XxdColoring.none, count: index + 2 - colors.count) }
            line[index] = character
            if colored, let color { colors[index] = color }
        }
    }

    /// Each byte's digits (or bits) at its place in its group, then its
    /// character in the text column, in xxd's order and arithmetic: with
    /// `-e` the text starts after the groups rounded up to whole ones.
    private func place(_ bytes: UnsafeRawBufferPointer, in cells: inout Cells) {
        let addressLength = cells.addressLength
        let size = bytesPerGroup
        let groupWidth = (bits ? 8 : 2) * size + 1
        let textStart =
            littleEndian
            ? addressLength + 2 + groupWidth * ((columns + size - 1) / size)
            : addressLength + 3 + (groupWidth * columns - 1) / size
        let digits = uppercase ? HexDigits.upper : HexDigits.lower
        var end = textStart
        for (position, byte) in bytes.enumerated() {
            let color = cells.colored ? XxdColoring.color(of: byte, ebcdic: ebcdic) : XxdColoring.none
            let place = littleEndian ? position ^ (size - 1) : position
            let start = addressLength + 1 + (groupWidth * place) / size
            if bits {
                for bit in 0..<8 { cells.set(start + bit, byte & (0x80 >> bit) != 0 ? 0x31 : 0x30, color: color) }
            } else {
                cells.set(start, digits[Int(byte >> 4)], color: color)
                cells.set(start + 1, digits[Int(byte & 0xF)], color: color)
            }
            let character = ebcdic ? XxdColoring.ebcdicShown(byte) : byte
            cells.set(textStart + position, (0x20...0x7E).contains(character) ? character : 0x2E, color: color)
            end = textStart + position + 1
        }
        cells.set(end, 0x0A)
        cells.set(end + 1, 0)
    }

    /// xxd's colouring of a short last line: red spaces where its missing
    /// bytes would go (a group's worth under `-e` first), placed by xxd's
    /// own arithmetic. A space that lands on the line's end makes the line
    /// run on to the end of xxd's buffer, as xxd's does.
    private func fillShortLine(byteCount: Int, in cells: inout Cells) {
        let addressLength = cells.addressLength
        let size = bytesPerGroup
        let groupWidth = (bits ? 8 : 2) * size + 1
        var filled = byteCount
        var place = byteCount
        if littleEndian {
            let fill = (size - filled % size) % size
            var index = addressLength + 1 + (groupWidth * (place - (size - fill))) / size
            for _ in 0..<fill {
                cells.set(index, 0x20, color: XxdColoring.red)
                index += 1
                place += 1
                filled += 1
            }
        }
        guard !bits else { return }
        var index = addressLength + 1 + (groupWidth * place) / size + (columns - filled) + (columns - filled) / size
        for _ in 0..<max(0, columns - filled) {
            cells.set(index, 0x20, color: XxdColoring.red)
            index += 1
        }
        if !cells.line.contains(0) { cells.set(Self.xxdLineLimit, 0) }
    }

    /// The length of xxd's line buffer (its `LLEN_NO_COLOR`), where a line
    /// whose end was overwritten stops.
    private static let xxdLineLimit = 39 + 2 + 9 * 256 + 2 + 256 + 2
}
