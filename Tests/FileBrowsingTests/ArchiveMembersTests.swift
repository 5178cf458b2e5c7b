import FileBrowsing
import SystemSeam
import XCTest

/// The compact member table gives back every fact a member was listed
/// with: names and kinds in place, zip's own facts, link targets, and a
/// hard link's file.
final class ArchiveMembersTests: XCTestCase {
    private func member(_ name: String, kind: FileKind = .file, size: UInt64 = 0, at offset: UInt64) -> ArchiveMember {
        var member = ArchiveMember(
            path: Array(name.utf8), kind: kind, size: size, permissions: FilePermissions(rawValue: 0o640),
            modificationTime: Timestamp(seconds: 1_600_000_000), headerOffset: offset, dataOffset: offset + 512)
        member.userID = 1000
        member.groupID = 100
        return member
    }

    func testEveryFactComesBackAsGiven() throws {
        var link = member("b/link", kind: .symlink, at: 1024)
        link.linkTarget = Array("../a".utf8)
        // A member with zip's facts after tar-like ones: those before keep theirs.
        var zipped = member("c.txt", size: 300, at: 4096)
        zipped.headerOffset = 77
        zipped.dataOffset = 9
        zipped.compressedSize = 120
        zipped.method = 8
        zipped.crc = 0xDEAD_BEEF
        zipped.modificationTime = Timestamp(seconds: 5, nanoseconds: 500)
        let given = [member("a", size: 10, at: 0), link, zipped, member("", kind: .directory, at: 8192)]
        let members = try ArchiveMembers(given)
        XCTAssertEqual(members.count, 4)
        for (index, expected) in given.enumerated() {
            let got = members[index]
            XCTAssertEqual(got.path, expected.path)
            XCTAssertEqual(members.name(of: index), expected.path[...])
            XCTAssertEqual(got.kind, expected.kind)
            XCTAssertEqual(members.kind(of: index), expected.kind)
            XCTAssertEqual(got.size, expected.size)
            XCTAssertEqual(got.headerOffset, expected.headerOffset, "member \(index)")
            XCTAssertEqual(got.dataOffset, expected.dataOffset)
            XCTAssertEqual(got.compressedSize, expected.compressedSize)
            XCTAssertEqual(got.method, expected.method)
            XCTAssertEqual(got.crc, expected.crc)
            XCTAssertEqual(got.modificationTime, expected.modificationTime)
            XCTAssertEqual(got.permissions, expected.permissions)
            XCTAssertEqual(got.userID, 1000)
            XCTAssertEqual(got.groupID, 100)
            XCTAssertEqual(got.linkTarget, expected.linkTarget)
        }
        XCTAssertEqual(members.storedSize(of: 2), 120)
        XCTAssertEqual(members.storedSize(of: 0), 10)
    }

    func testAHardLinkReadsTheLastFileOfItsNameBeforeIt() throws {
        let members = try ArchiveMembers([
            member("x", at: 0), member("x", kind: .directory, at: 512), member("x", at: 1024), member("y", at: 1536),
        ])
        XCTAssertEqual(members.lastFile(named: Array("x".utf8), before: 3), 2)
        XCTAssertEqual(members.lastFile(named: Array("x".utf8), before: 2), 0)
        XCTAssertNil(members.lastFile(named: Array("y".utf8), before: 3))
    }
}
