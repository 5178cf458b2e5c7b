import FuzzSupport

@testable import FileBrowsing

/// xxd -r's reader: any text read back gives the same bytes whole or in
/// pieces, and stops on the same backwards offset; the input's bytes
/// dumped in xxd's layout (and plain) and read back are the input.
///
/// Input: one flags byte (plain, columns, piece size), then the text.
runFuzzer { data, count in
    let input = fuzzInput(data, count)
    guard let flags = input.first else { return 0 }
    let text = Array(input.dropFirst())
    let plain = flags & 1 != 0
    let columns = Int(flags >> 1 & 31) + 1
    let piece = Int(flags >> 6) * 3 + 1
    let whole = reverse(text, columns: columns, plain: plain, piece: text.count + 1)
    let pieces = reverse(text, columns: columns, plain: plain, piece: piece)
    if whole.bytes != pieces.bytes || whole.backwards != pieces.backwards { fatalError("pieces of \(piece) read other bytes than the whole text") }

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
        let back = reverse(dumped, columns: columns, plain: isPlain, piece: dumped.count + 1)
        if back.bytes != text || back.backwards { fatalError("a \(format) dump did not read back to its bytes") }
    }
    return 0
}

/// The bytes read back, a jump in the offsets as a marker and its length
/// (a jump may be gigabytes: never held as zeros).
func reverse(_ text: [UInt8], columns: Int, plain: Bool, piece: Int) -> (bytes: [UInt8], backwards: Bool) {
    var reversal = XxdReversal(columns: columns, plain: plain, baseOffset: 0)
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
