import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The tar reader on any bytes: a listing (perhaps with a problem), never a
/// crash; every member's data lies after its header; the tree of members
/// holds every member whose name has a component, and every member's
/// bytes can be asked for without a crash. Half the inputs are raw bytes;
/// the other half are recipes (`HostileTar`) for headers whose numbers the
/// fuzzer chooses: pax `mtime`, `size`, `uid` and `path` records, base-256
/// and octal size and time fields, hard links. Every size is then within
/// `TarIndex.largestSize`, and the sums a listing makes (the stored bytes
/// below each directory, a long listing's facts and times) never trap.
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    let input: [UInt8]
    if let first = bytes.first, first & 1 == 1 {
        input = HostileTar.build(from: Array(bytes.dropFirst()))
    } else {
        // Whole blocks, so short inputs still reach the header checks.
        input = bytes + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
    }
    let source = MemoryBytes(path: Array("fuzz.tar".utf8), bytes: input)
    guard let archive = try? Archive.open(source) else { return 0 }
    for member in archive.members where member.dataOffset < member.headerOffset + 512 {
        fatalError("a member's data starts inside its header")
    }
    for member in archive.members where member.size > TarIndex.largestSize {
        fatalError("a member's size past what a listing can add up")
    }
    let named = archive.members.filter { !$0.path.split(separator: 0x2F).filter { !$0.elementsEqual([0x2E]) }.isEmpty }.count
    if named > 0 && archive.tree.nodes.count < 2 { fatalError("members with names but an empty tree") }
    for index in archive.members.indices.prefix(16) { _ = try? archive.contents(ofMember: index, path: []) }
    _ = archive.storedBytesBelow
    let rows = ArchiveRows(archive: archive, node: 0)
    let times = TimeFormat()
    for row in 0..<min(rows.rowCount, 16) {
        if case .success(let status) = rows.status(ofRow: row) {
            _ = times.format(status.modificationTime, style: .longISO)
            _ = times.format(status.modificationTime, style: .fullISO)
        }
        _ = rows.sourceFacts(ofRow: row)
    }
    return 0
}
