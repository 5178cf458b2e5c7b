/// xxd's line for the variants the fast formatter does not draw: `-e`
/// (little-endian groups), `-b` (bits), `-d` (decimal offsets), `-o`
/// (a displacement added to the offsets shown), placed column by column
/// the way xxd places them, so short lines and groups come out as xxd's do.
public struct XxdLineLayout: Sendable, Equatable {
    public var columns: Int
    /// Bytes a group; 0 (or more than `columns`) makes the line one group.
    public var group: Int
    public var uppercase = false
    public var littleEndian = false
    public var bits = false
    public var decimalOffsets = false
    /// Added to every offset shown (xxd -o).
    public var displacement: UInt64 = 0

    public init(columns: Int, group: Int) {
        self.columns = columns
        self.group = group
    }

    /// The group size xxd uses: the line when 0 or too large.
    var bytesPerGroup: Int { group < 1 || group > columns ? columns : group }

    /// Why xxd would refuse the layout, or nil. `-e` swaps bytes within a
    /// group, which needs a power of two; and filetable asks for whole
    /// groups a line, where xxd draws text over the hex.
    public var problem: String? {
        guard littleEndian else { return nil }
        let size = bytesPerGroup
        if size & (size - 1) != 0 { return "number of octets per group must be a power of 2 with -e" }
        if columns % size != 0 { return "with -e the columns must be a multiple of the group size (xxd overlaps the text otherwise)" }
        return nil
    }

    /// Appends the line for `bytes` (at most `columns`) whose first byte is at `offset`.
    func appendLine(_ bytes: UnsafeRawBufferPointer, offset: UInt64, to output: inout [UInt8]) {
        let shown = offset &+ displacement
        var address: [UInt8] = []
        if decimalOffsets {
            HexDigits.appendDecimal(Int64(bitPattern: shown) < 0 ? 0 : shown, digits: 8, to: &address)
        } else {
            HexDigits.appendHex(shown, digits: 8, uppercase: false, to: &address)
        }
        address.append(0x3A)
        let size = bytesPerGroup
        let cell = bits ? 8 : 2
        let groupWidth = cell * size + 1
        let textStart = address.count + 3 + (groupWidth * columns - 1) / size
        var line = [UInt8](repeating: 0x20, count: textStart + bytes.count)
        line.replaceSubrange(0..<address.count, with: address)
        let digits = uppercase ? HexDigits.upper : HexDigits.lower
        for (position, byte) in bytes.enumerated() {
            let place = littleEndian ? position ^ (size - 1) : position
            let start = address.count + 1 + (groupWidth * place) / size
            if bits {
                for bit in 0..<8 { line[start + bit] = byte & (0x80 >> bit) != 0 ? 0x31 : 0x30 }
            } else {
                line[start] = digits[Int(byte >> 4)]
                line[start + 1] = digits[Int(byte & 0xF)]
            }
            line[textStart + position] = (0x20...0x7E).contains(byte) ? byte : 0x2E
        }
        output.append(contentsOf: line)
        output.append(0x0A)
    }
}
