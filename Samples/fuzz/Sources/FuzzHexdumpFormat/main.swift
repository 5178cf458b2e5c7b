import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// hexdump's format strings: any bytes read as format strings never crash
/// the reader, and a format it accepts draws the same text whether the
/// input comes whole or in pieces of any size, and through the compiled
/// program or step by step; colour units (`_L[...]`) are read and drawn
/// for a third of the inputs. hexdump's own views drawn
/// through their format strings equal the views drawn natively
/// (`HexdumpView`, compared with hexdump by the tests).
///
/// Input: one flags byte (squeezing, piece size, which views), the format
/// strings a line each up to a 0xFF byte, then the data.
runFuzzer { data, count in
    let input = fuzzInput(data, count)
    guard let flags = input.first else { return 0 }
    let body = input.dropFirst()
    let split = body.firstIndex(of: 0xFF) ?? body.endIndex
    let sources = body[..<split].split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    let bytes = Array(body[split...].dropFirst())
    let squeezes = flags & 1 != 0
    let piece = max(1, Int(flags >> 1 & 7) * 5)
    // Colour units read (as with -L) for a third of the inputs.
    let colors = bytes.count % 3 == 0

    if let format = try? HexdumpFormat(parsing: sources, colors: colors), cheap(format) {
        let whole = draw(format, bytes, squeezes: squeezes, piece: bytes.count + 1)
        let pieces = draw(format, bytes, squeezes: squeezes, piece: piece)
        if whole != pieces { fatalError("pieces of \(piece) drew other text than the whole input") }
        let stepByStep = draw(format, bytes, squeezes: squeezes, piece: piece, compiled: false)
        if stepByStep != pieces { fatalError("the compiled program drew other text than the step-by-step drawer") }
    }

    // The views through their strings against the native views.
    let all: [HexdumpView] = [.octalBytes, .characters, .decimalWords, .octalWords, .hexWords, .canonical, .hexBytes]
    let views = all.enumerated().filter { flags >> 2 & (1 << ($0.offset % 6)) != 0 || $0.offset == Int(flags) % 7 }.map(\.element)
    let format = try! HexdumpFormat(parsing: views.flatMap(HexdumpFormat.sources(of:)))
    let drawn = draw(format, bytes, squeezes: squeezes, piece: piece)
    var lines = LineDump(layout: .hexdump(views, squeezes: squeezes), startOffset: 0)
    var native: [UInt8] = []
    bytes.withUnsafeBytes { lines.append($0, into: &native) }
    lines.finish(into: &native)
    if drawn != native { fatalError("views \(views) through format strings differ from the native views") }
    return 0
}

/// A format whose blocks draw little enough to run thousands of times a second.
func cheap(_ format: HexdumpFormat) -> Bool {
    guard format.blockSize <= 4096 else { return false }
    var work = 0
    for unit in format.strings.flatMap(\.units) {
        let perIteration = unit.prints.reduce(1) { $0 + $1.text.count + $1.field.width + ($1.field.precision ?? 0) + 8 }
        work += unit.iterations.multipliedReportingOverflow(by: perIteration).overflow ? Int.max / 4 : unit.iterations * perIteration
        if work > 1 << 16 { return false }
    }
    return true
}

func draw(_ format: HexdumpFormat, _ bytes: [UInt8], squeezes: Bool, piece: Int, compiled: Bool = true) -> [UInt8] {
    var dump = HexdumpFormatDump(format: format, startOffset: 0, squeezes: squeezes, compiled: compiled)
    var text: [UInt8] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + piece)
        bytes[start..<end].withUnsafeBytes { dump.append($0, into: &text) }
        start = end
    }
    dump.finish(into: &text)
    return text
}
