import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The zip reader on any bytes after a zip's magic, and with an end record
/// pointing into them: a listing or an error, never a crash or a read
/// outside the file; every member's bytes can be asked for, and what comes
/// back is at most `Archive.memberLimit` bytes, or the file's own size (a
/// stored member is a stretch of the file, whatever its header claims);
/// every size a listing adds up fits (no zip64 size past 2^63).
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    let endRecord: [UInt8] =
        [0x50, 0x4B, 0x05, 0x06, 0, 0, 0, 0, UInt8(bytes.count % 7), 0, UInt8(bytes.count % 7), 0] + [UInt8(bytes.count & 0xFF), 0, 0, 0] + [
            4, 0, 0, 0, 0, 0,
        ]
    for input in [[0x50, 0x4B, 0x03, 0x04] + bytes, [0x50, 0x4B, 0x03, 0x04] + bytes + endRecord] {
        let source = MemoryBytes(path: Array("fuzz.zip".utf8), bytes: input)
        guard let archive = try? Archive.open(source) else { continue }
        // A zip64 size near 2^64 is damage: every size can be added up.
        for member in archive.members where member.size > TarIndex.largestSize {
            fatalError("a member's size past what a listing can add up")
        }
        _ = archive.storedBytesBelow
        let rows = ArchiveRows(archive: archive, node: 0)
        for row in 0..<min(rows.rowCount, 16) {
            _ = rows.status(ofRow: row)
            _ = rows.sourceFacts(ofRow: row)
        }
        for index in archive.members.indices.prefix(16) {
            if let contents = try? archive.contents(ofMember: index, path: []), let size = contents.size,
                size > UInt64(max(Archive.memberLimit, input.count))
            {
                fatalError("a member read past the limit")
            }
        }
    }
    return 0
}
