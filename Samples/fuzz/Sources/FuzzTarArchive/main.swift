import FuzzSupport

@testable import FileBrowsing

/// The tar reader on any bytes: a listing (perhaps with a problem), never a
/// crash; every member's data lies after its header; the tree of members
/// holds every member whose name has a component, and every member's
/// bytes can be asked for without a crash.
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    // Whole blocks, so short inputs still reach the header checks.
    let padded = bytes + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
    let source = MemoryBytes(path: Array("fuzz.tar".utf8), bytes: padded)
    guard let archive = try? Archive.open(source) else { return 0 }
    for member in archive.members where member.dataOffset < member.headerOffset + 512 {
        fatalError("a member's data starts inside its header")
    }
    let named = archive.members.filter { !$0.path.split(separator: 0x2F).filter { !$0.elementsEqual([0x2E]) }.isEmpty }.count
    if named > 0 && archive.tree.nodes.count < 2 { fatalError("members with names but an empty tree") }
    for index in archive.members.indices.prefix(16) { _ = try? archive.contents(ofMember: index, path: []) }
    let rows = ArchiveRows(archive: archive, node: 0)
    for row in 0..<min(rows.rowCount, 16) {
        _ = rows.status(ofRow: row)
        _ = rows.sourceFacts(ofRow: row)
    }
    return 0
}
