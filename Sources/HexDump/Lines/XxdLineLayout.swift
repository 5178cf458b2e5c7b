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

    /// A group's characters: its bytes' digits (or bits) and a space.
    private var groupWidth: Int { (bits ? 8 : 2) * bytesPerGroup + 1 }

    /// Why xxd would refuse the layout, or nil: `-e` swaps bytes within a
    /// group it was given, which needs a power of two.
    public var problem: String? {
        guard littleEndian, group >= 1, group <= columns, group & (group - 1) != 0 else { return nil }
        return "number of octets per group must be a power of 2 with -e."
    }

    /// Draws the line for `bytes` (at most `columns`) whose first byte is
    /// at `offset` into `buffer`, through its newline, as xxd fills its line
    /// buffer; when `colored`, with xxd's colour for each place. The caller
    /// writes it (`XxdLineBuffer.append`) and after a full line clears its
    /// colours, as xxd does.
    func draw(_ bytes: UnsafeRawBufferPointer, offset: UInt64, into buffer: inout XxdLineBuffer) {
        let shown = offset &+ displacement
        let addressLength = buffer.begin(colored: colored) { address in
            if decimalOffsets {
                HexDigits.appendDecimal(shown, digits: 8, to: &address)
            } else {
                HexDigits.appendHex(shown, digits: 8, uppercase: false, to: &address)
            }
            address.append(0x3A)
        }
        let textEnd = place(bytes, addressLength: addressLength, in: &buffer)
        if colored && bytes.count < columns { fillShortLine(byteCount: bytes.count, addressLength: addressLength, in: &buffer) }
        buffer.finish(from: textEnd)
    }

    /// Each byte's digits (or bits) at its place in its group, then its
    /// character in the text column, in xxd's order and arithmetic: with
    /// `-e` the text starts after the groups rounded up to whole ones.
    /// Returns the place of the newline.
    private func place(_ bytes: UnsafeRawBufferPointer, addressLength: Int, in buffer: inout XxdLineBuffer) -> Int {
        let size = bytesPerGroup
        let groupWidth = self.groupWidth
        let textStart =
            littleEndian
            ? addressLength + 2 + groupWidth * ((columns + size - 1) / size)
            : addressLength + 3 + (groupWidth * columns - 1) / size
        let end = textStart + bytes.count
        // Every place a byte can take: `-e` swaps within a group, so a place
        // is below twice the columns (a power of two above them).
        buffer.reserve(max(end + 2, addressLength + 1 + (groupWidth * 2 * columns) / size + 9))
        let digits = uppercase ? HexDigits.upper : HexDigits.lower
        let colored = self.colored
        var highest = end + 2
        buffer.withStorage { line, colors in
            for (position, byte) in bytes.enumerated() {
                let color = colored ? XxdColoring.color(of: byte, ebcdic: ebcdic) : XxdColoring.none
                let place = littleEndian ? position ^ (size - 1) : position
                let start = addressLength + 1 + (groupWidth * place) / size
                if bits {
                    for bit in 0..<8 { line[start + bit] = byte & (0x80 >> bit) != 0 ? 0x31 : 0x30 }
                    if colored { for bit in 0..<8 { colors[start + bit] = color } }
                    highest = max(highest, start + 8)
                } else {
                    line[start] = digits[Int(byte >> 4)]
                    line[start + 1] = digits[Int(byte & 0xF)]
                    if colored {
                        colors[start] = color
                        colors[start + 1] = color
                    }
                    highest = max(highest, start + 2)
                }
                let character = ebcdic ? XxdColoring.ebcdicShown(byte) : byte
                line[textStart + position] = (0x20...0x7E).contains(character) ? character : 0x2E
                if colored { colors[textStart + position] = color }
            }
            // The newline and the terminator leave the colour their places had, as xxd's do.
            line[end] = 0x0A
            line[end + 1] = 0
        }
        buffer.markWritten(through: highest)
        return end
    }

    /// xxd's colouring of a short last line: red spaces where its missing
    /// bytes would go (a group's worth under `-e` first), placed by xxd's
    /// own arithmetic. A space that lands on the line's end makes the line
    /// run on to the end of xxd's buffer, as xxd's does.
    private func fillShortLine(byteCount: Int, addressLength: Int, in cells: inout XxdLineBuffer) {
        let size = bytesPerGroup
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
