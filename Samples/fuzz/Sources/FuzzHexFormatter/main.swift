import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The hex formatter against a slow, obviously correct reference, across
/// every layout, column count, group size, case, colour, squeezing, start
/// offset (below and above 2^32), chunking, and chunks formatted in halves
/// on two threads (flag 64). The output buffer is exactly
/// the size the formatter asks for, so AddressSanitizer sees any write past it.
///
/// Input: 12 header bytes (layout, columns, group, flags, lines a chunk,
/// start offset), then the data.
runFuzzer { data, count in

    let input = fuzzInput(data, count)
    guard input.count >= 12 else { return 0 }
    let flags = input[3]
    let uppercase = flags & 1 != 0
    let colored = flags & 2 != 0
    let squeezes = flags & 4 != 0
    let columns = Int(input[1]) + (flags & 8 != 0 ? 1 : 0)  // 0...256
    let group = Int(input[2]) + (flags & 16 != 0 ? 1 : 0)
    let format: HexFormat
    switch input[0] % 3 {
    case 0: format = .canonical
    case 1: format = .xxd(columns: max(1, columns), group: group, uppercase: uppercase)
    default: format = .plain(columns: columns, uppercase: uppercase)
    }
    var offset: UInt64 = 0
    for byte in input[5..<12] { offset = offset << 8 | UInt64(byte) }
    offset &= flags & 32 != 0 ? (1 << 40) - 1 : 0xFFFF_FFFF  // also across the 2^32 boundary
    let data = Array(input[12...])

    var formatter = HexFormatter(format: format, startOffset: offset, squeezes: squeezes, colored: colored)
    let chunkBytes = max(1, Int(input[4] % 8)) * format.lineLength
    var got: [UInt8] = []
    var position = 0
    while position < data.count {
        let end = min(data.count, position + chunkBytes)
        let chunk = Array(data[position..<end])
        let lines = chunk.count / format.lineLength
        if flags & 64 != 0, lines >= 2, chunk.count % format.lineLength == 0 {
            // Two threads: the chunk's halves at once, as a large read is dumped.
            let half = lines / 2 * format.lineLength
            let front = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: formatter.outputCapacity(for: half))
            let back = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: formatter.outputCapacity(for: chunk.count - half))
            defer {
                front.deallocate()
                back.deallocate()
            }
            let counts = chunk.withUnsafeBytes { bytes in
                formatter.format(
                    UnsafeRawBufferPointer(rebasing: bytes[0..<half]), into: front,
                    then: UnsafeRawBufferPointer(rebasing: bytes[half...]), into: back)
            }
            got += front[0..<counts.first]
            got += back[0..<counts.second]
            position = end
            continue
        }
        let capacity = formatter.outputCapacity(for: chunk.count)
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { out.deallocate() }
        let written = chunk.withUnsafeBytes { formatter.format($0, into: out) }
        if written > capacity { fatalError("wrote \(written) of \(capacity)") }
        got += out[0..<written]
        position = end
    }
    formatter.finish(into: &got)
    let expected = Reference.dump(data, format: format, offset: offset, squeezes: squeezes && format == .canonical, colored: colored)
    if got != expected {
        fatalError("differs from the reference:\n\(String(decoding: got, as: UTF8.self))\n---\n\(String(decoding: expected, as: UTF8.self))")
    }
    return 0
}

/// `hexdump -C`, `xxd` and `xxd -p` written the plain way, a String at a time.
enum Reference {
    static func dump(_ data: [UInt8], format: HexFormat, offset start: UInt64, squeezes: Bool, colored: Bool) -> [UInt8] {
        var text = ""
        let length = format.lineLength
        var previous: ArraySlice<UInt8>?
        var starred = false
        var lineStart = 0
        while lineStart < data.count {
            let line = data[lineStart..<min(data.count, lineStart + length)]
            let offset = start + UInt64(lineStart)
            lineStart += length
            switch format {
            case .canonical:
                if squeezes && line.count == 16 && previous.map({ Array($0) == Array(line) }) == true {
                    if !starred {
                        text += "*\n"
                        starred = true
                    }
                    continue
                }
                starred = false
                previous = line.count == 16 ? line : nil
                text += hexOffset(offset) + "  "
                for i in 0..<16 {
                    text += cell(line, i, uppercase: false, colored: colored) + " "
                    if i == 7 { text += " " }
                }
                text += " |" + line.map { character($0, colored: colored) }.joined() + "|\n"
            case .xxd(let columns, let group, let uppercase):
                text += hexOffset(offset) + ": "
                for i in 0..<columns {
                    text += cell(line, i, uppercase: uppercase, colored: colored)
                    if group > 0 && (i + 1) % group == 0 && i + 1 < columns { text += " " }
                }
                text += "  " + line.map { character($0, colored: colored) }.joined() + "\n"
            case .plain(_, let uppercase):
                text += line.map { pair($0, uppercase: uppercase) }.joined() + "\n"
            }
        }
        if format == .canonical && (!data.isEmpty || start > 0) {
            text += hexOffset(start + UInt64(data.count)) + "\n"
        }
        // xxd -p -c0 ends its one line with a newline, an empty one too.
        if case .plain(0, _) = format, data.isEmpty { text += "\n" }
        return Array(text.utf8)
    }

    static func hexOffset(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    static func pair(_ byte: UInt8, uppercase: Bool) -> String {
        let digits = String(byte, radix: 16, uppercase: uppercase)
        return byte < 16 ? "0" + digits : digits
    }

    static func cell(_ line: ArraySlice<UInt8>, _ i: Int, uppercase: Bool, colored: Bool) -> String {
        guard i < line.count else { return "  " }
        let byte = line[line.startIndex + i]
        return paint(pair(byte, uppercase: uppercase), byte, colored)
    }

    static func character(_ byte: UInt8, colored: Bool) -> String {
        paint((0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : ".", byte, colored)
    }

    static func paint(_ text: String, _ byte: UInt8, _ colored: Bool) -> String {
        colored ? "\u{1B}[\(ByteClass(byte).sgr)m" + text + "\u{1B}[0m" : text
    }
}
