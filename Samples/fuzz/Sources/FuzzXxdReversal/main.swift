import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// xxd -r's reader: any text read back gives the same bytes whole or in
/// pieces, and stops on the same backwards offset; the input's bytes
/// dumped in xxd's layout (and plain, and bits) and read back are the
/// input. And xxd's coloured lines (-R) are its plain lines with escapes
/// around runs, whatever the columns, groups, -e, -b or -E.
///
/// Input: a flags byte (plain, columns, piece size), a variant byte
/// (bits read back; -e, -E, the group size), then the text.
runFuzzer { data, count in
    let input = fuzzInput(data, count)
    guard input.count >= 2 else { return 0 }
    let flags = input[0]
    let variant = input[1]
    let text = Array(input.dropFirst(2))
    let plain = flags & 1 != 0
    let bits = variant & 1 != 0 && !plain
    let columns = Int(flags >> 1 & 31) + 1
    let piece = Int(flags >> 6) * 3 + 1
    let whole = reverse(text, columns: columns, plain: plain, bits: bits, piece: text.count + 1)
    let pieces = reverse(text, columns: columns, plain: plain, bits: bits, piece: piece)
    if whole.bytes != pieces.bytes || whole.backwards != pieces.backwards { fatalError("pieces of \(piece) read other bytes than the whole text") }

    // A bit dump reads back to its bytes, unless its short last line shows
    // `0`s and `1`s in its text column: xxd reads those as bits too.
    var bitLayout = XxdLineLayout(columns: columns, group: Int(variant >> 4))
    bitLayout.bits = true
    let bitDump = draw(text, bitLayout)
    let bitsBack = reverse(bitDump, columns: columns, plain: false, bits: true, piece: bitDump.count + 1)
    let lastLine = text.suffix(text.count % columns)
    if !lastLine.contains(0x30) && !lastLine.contains(0x31), bitsBack.bytes != text || bitsBack.backwards {
        fatalError("a bit dump did not read back to its bytes")
    }

    // Colours only add escapes.
    var layout = XxdLineLayout(columns: columns, group: Int(variant >> 4))
    // -e only where xxd draws it (a group it is given a power of two).
    layout.littleEndian = variant & 2 != 0
    if layout.problem != nil { layout.littleEndian = false }
    layout.bits = variant & 4 != 0 && !layout.littleEndian
    layout.ebcdic = variant & 8 != 0
    let uncolored = draw(text, layout)
    layout.colored = true
    if withoutEscapes(draw(text, layout)) != uncolored { fatalError("coloured lines are not the plain lines with escapes") }

    // A dump of the text's bytes reads back to them.
    let layouts = [
        HexFormat.xxd(columns: columns, group: columns > 2 ? 2 : 0, uppercase: flags & 2 != 0), .plain(columns: columns, uppercase: false),
    ]
    for format in layouts {
        var formatter = HexFormatter(format: format, startOffset: 0, squeezes: false, colored: false)
        var dumped = formatter.format(text)
        formatter.finish(into: &dumped)
        let isPlain: Bool
        if case .plain = format { isPlain = true } else { isPlain = false }
        let back = reverse(dumped, columns: columns, plain: isPlain, bits: false, piece: dumped.count + 1)
        if back.bytes != text || back.backwards { fatalError("a \(format) dump did not read back to its bytes") }
    }
    return 0
}

/// The bytes read back, a jump in the offsets as a marker and its length
/// (a jump may be gigabytes: never held as zeros).
func reverse(_ text: [UInt8], columns: Int, plain: Bool, bits: Bool, piece: Int) -> (bytes: [UInt8], backwards: Bool) {
    var reversal = XxdReversal(columns: columns, plain: plain, bits: bits, baseOffset: 0)
    var bytes: [UInt8] = []
    var start = 0
    let zeros: (Int64, inout [UInt8]) -> Void = { count, bytes in
        bytes += [0xFF, 0x00, 0xFF]
        withUnsafeBytes(of: count.littleEndian) { bytes += $0 }
    }
    while start < text.count {
        let end = min(text.count, start + piece)
        do {
            try text[start..<end].withUnsafeBytes { try reversal.read($0, into: &bytes, zeros: zeros) }
        } catch {
            return (bytes, true)
        }
        start = end
    }
    return (bytes, false)
}

/// `text` drawn in xxd's lines of `layout`.
func draw(_ text: [UInt8], _ layout: XxdLineLayout) -> [UInt8] {
    var lines = LineDump(layout: .xxd(layout, autoskip: false), startOffset: 0)
    var output: [UInt8] = []
    text.withUnsafeBytes { lines.append($0, into: &output) }
    lines.finish(into: &output)
    return output
}

/// `text` without its `ESC [ ... m` sequences.
func withoutEscapes(_ text: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while index < text.count {
        if text[index] == 0x1B, let end = text[index...].firstIndex(of: 0x6D) {
            index = end + 1
        } else {
            result.append(text[index])
            index += 1
        }
    }
    return result
}
