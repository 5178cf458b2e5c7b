import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The DEFLATE decoder and the gzip reader: any bytes decode to an error or
/// to a bounded output, never a crash or a read past the input; and the
/// input wrapped in stored blocks (split where the input says) decodes back
/// to itself, however small the pieces the output is asked for in.
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    // Any bytes, as raw DEFLATE and as the body of a gzip file.
    var offset = 0
    let inflater = Inflater { () throws(ArchiveError) -> [UInt8]? in
        guard offset < bytes.count else { return nil }
        let piece = Array(bytes[offset..<min(bytes.count, offset + 7)])
        offset += piece.count
        return piece
    }
    _ = try? inflater.readUpTo(1 << 20)
    if let stream = try? GzipStream(source: MemoryBytes(path: [], bytes: [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + bytes)) {
        _ = try? stream.readUpTo(1 << 20)
    }
    // Stored blocks of the input: what comes out is the input.
    var stored: [UInt8] = []
    var start = 0
    let step = max(1, Int(bytes.first ?? 1))
    repeat {
        let end = min(bytes.count, start + step)
        let length = end - start
        stored.append(end == bytes.count ? 1 : 0)
        stored += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
        stored += bytes[start..<end]
        start = end
    } while start < bytes.count
    var position = 0
    let decoder = Inflater { () throws(ArchiveError) -> [UInt8]? in
        guard position < stored.count else { return nil }
        position = stored.count
        return stored
    }
    var back: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 3, alignment: 1)
    defer { buffer.deallocate() }
    while let got = try? decoder.read(into: buffer), got > 0 { back += buffer[0..<got] }
    if back != bytes { fatalError("stored blocks decoded to \(back.count) bytes, not the \(bytes.count) stored") }
    return 0
}
