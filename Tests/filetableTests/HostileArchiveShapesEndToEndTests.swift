import Foundation
import TestSupport
import XCTest

/// Archives whose shape is hostile rather than their numbers: a member
/// path thousands of levels deep is drawn, never recursed into.
final class HostileArchiveShapesEndToEndTests: XCTestCase {
    /// A 30 KB tar with a 10,000-level member path: `--tree` draws all of
    /// it (a recursion a level a frame ended in SIGSEGV), as tree draws
    /// 50,000 levels on disk.
    func testTreeDrawsATenThousandLevelMemberPath() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            with tarfile.open("deep.tar", "w", format=tarfile.PAX_FORMAT) as t:
                add(t, "d/" * 10000 + "f", b"bottom\\n")
            """)
        let tree = try CommandRunner.run(["--tree", "--noreport", "-i", "deep.tar/"], in: temp.url)
        XCTAssertEqual(tree.status, 0, tree.stderr)
        let lines = tree.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 10_002, "the root, 10,000 directories and the file")
        XCTAssertEqual(lines.last, "f")
        let recursive = try CommandRunner.run(["-R", "deep.tar/"], in: temp.url)
        XCTAssertEqual(recursive.status, 0, recursive.stderr)
        let json = try CommandRunner.run(["--tree", "-J", "deep.tar/"], in: temp.url)
        XCTAssertEqual(json.status, 0, json.stderr)
    }

    /// Many operands inside one archive share one index and one descriptor:
    /// 100 operands under `ulimit -n 64` are all listed, as ls lists them
    /// (each operand opened the archive again and held it: 70 of them failed
    /// with "Too many open files"; 1,000 of an 80,000-member tar took 109 s).
    func testOperandsInsideOneArchiveShareItsIndex() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            with tarfile.open("many.tar", "w") as t:
                for i in range(2000):
                    add(t, "d%d/f%d" % (i % 10, i), b"x")
            """)
        let operands = (0..<100).map { "many.tar/d\($0 % 10)/f\($0)" }.joined(separator: " ")
        let result = try CommandRunner.shell("ulimit -n 64; '\(CommandRunner.executable.path)' -1 \(operands)", in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.text.split(separator: "\n").count, 100)
    }

    /// A compressed member past what is held in memory (64 MiB) is streamed
    /// whole, as `unzip -p` and `tar xOf` give it (its first 64 MiB were
    /// printed, status 0), in a tar.gz and a zip; a place near its end is
    /// dumped as xxd dumps it, and its CRC is still checked.
    func testALargeCompressedMemberIsStreamedWhole() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            import hashlib
            data = b"".join(b"%08d" % i + b"abcdefgh" * 131071 for i in range(70))
            open("whole.md5", "w").write(hashlib.md5(data).hexdigest())
            with tarfile.open("big.tgz", "w:gz") as t:
                add(t, "big.bin", data)
            with zipfile.ZipFile("big.zip", "w") as z:
                z.writestr("big.bin", data, compress_type=zipfile.ZIP_DEFLATED)
            z = bytearray(open("big.zip", "rb").read())
            at = z.rfind(b"PK\\x01\\x02"); z[at + 16] ^= 0xFF
            at = z.find(b"PK\\x03\\x04"); z[at + 14] ^= 0xFF
            open("bad.zip", "wb").write(bytes(z))
            """)
        let expected = try String(contentsOf: temp.url.appendingPathComponent("whole.md5"), encoding: .utf8)
        for member in ["big.tgz/big.bin", "big.zip/big.bin"] {
            let whole = try CommandRunner.shell("'\(CommandRunner.executable.path)' --cat \(member) | md5sum", in: temp.url)
            XCTAssertEqual(whole.text, expected + "  -\n", member)
            let end = try CommandRunner.run(["--xxd", "-s", "73400000", "-l", "32", member], in: temp.url)
            XCTAssertEqual(end.status, 0, end.stderr)
            XCTAssertEqual(
                end.text,
                "045ffec0: 6162 6364 6566 6768 6162 6364 6566 6768  abcdefghabcdefgh\n"
                    + "045ffed0: 6162 6364 6566 6768 6162 6364 6566 6768  abcdefghabcdefgh\n", member)
        }
        let bad = try CommandRunner.shell("'\(CommandRunner.executable.path)' --cat bad.zip/big.bin > /dev/null", in: temp.url)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("bad.zip/big.bin: the member does not match its CRC (damaged)"), bad.stderr)
    }

    /// An archive replaced on disk while its level is open is not read at
    /// the old index's offsets (the new file's bytes showed as the member,
    /// and `reload` said `+0 -0`): a member's read and `reload` say it changed.
    func testAnArchiveReplacedOnDiskIsNotReadByItsOldIndex() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            with tarfile.open("a.tar", "w") as t:
                add(t, "note.txt", b"the first archive\\n")
            with tarfile.open("b.tar", "w") as t:
                add(t, "other-name-here.txt", b"a second archive, longer\\n")
            """)
        let unchanged = try CommandRunner.script("open a.tar; view note.txt", in: temp)
        XCTAssertTrue(unchanged.text.contains("1  the first archive"), unchanged.text)
        _ = try CommandRunner.shell("cp a.tar first.tar", in: temp.url)
        let view = try CommandRunner.script("open a.tar; !cp b.tar a.tar; view note.txt", in: temp)
        XCTAssertNotEqual(view.status, 0)
        XCTAssertTrue(view.stderr.contains("a.tar/note.txt: the archive changed on disk since it was listed; open it again"), view.stderr)
        XCTAssertFalse(view.text.contains("second"), view.text)
        _ = try CommandRunner.shell("cp first.tar a.tar", in: temp.url)
        let reload = try CommandRunner.script("open a.tar; !cp b.tar a.tar; reload", in: temp)
        XCTAssertTrue(reload.stderr.contains("reload: \(temp.path)/a.tar: the archive changed on disk"), reload.stderr)
    }

    /// A gzip-compressed text past 64 MiB is viewed to its last line (the
    /// viewer said "end of file" at the first 64 MiB), as zless shows it.
    func testALargeCompressedTextIsViewedToItsEnd() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            import gzip
            lines = b"".join(b"line %07d " % i + b"filler " * 16 + b"\\n" for i in range(600000))
            open("big.log.gz", "wb").write(gzip.compress(lines, 1))
            """)
        let end = try CommandRunner.script("view big.log.gz; G", in: temp, pageSize: 3)
        XCTAssertEqual(end.status, 0, end.stderr)
        XCTAssertTrue(end.text.contains("line 0599999 filler"), end.text.suffix(400).description)
        XCTAssertTrue(end.text.hasSuffix("-- end of file --\n"), end.text.suffix(200).description)
    }
}
