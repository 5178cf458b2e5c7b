import Foundation
import TestSupport
import XCTest

/// A tar's numbers are the archive's word, not filetable's: a pax time of
/// `nan` or `1e300`, a size near 2^64, base-256 sizes near 2^63, or hard
/// links that claim 2^62 bytes each are damage, named as such, in every
/// mode (never a trap), and damage found while listing is said on the
/// command line with tar's status 2, after what was read before it.
final class HostileArchiveNumbersEndToEndTests: XCTestCase {
    /// Tars written header by header (tarfile refuses to write such numbers).
    static let hostileTars = """
        import struct
        def hdr(name, size=0, typ=b"0", size_field=None, link=b""):
            b = bytearray(512); b[0:len(name)] = name
            b[100:108] = b"0000644\\0"; b[108:116] = b"0000000\\0"; b[116:124] = b"0000000\\0"
            b[124:136] = size_field if size_field is not None else b"%011o\\0" % size
            b[136:148] = b"%011o\\0" % 1600000000; b[156:157] = typ; b[157:157 + len(link)] = link
            b[257:263] = b"ustar\\0"; b[263:265] = b"00"; b[148:156] = b"        "
            b[148:156] = b"%06o\\0 " % sum(b)
            return bytes(b)
        def pad(d): return d + b"\\0" * ((-len(d)) % 512)
        def pax(key, value):
            r = b" " + key + b"=" + value + b"\\n"; n = len(r) + 2
            n = len(r) + len(str(n))
            body = str(n).encode() + r
            return hdr(b"PaxHeader", len(body), b"x") + pad(body)
        def write(name, parts): open(name, "wb").write(b"".join(parts) + b"\\0" * 1024)
        def b256(n): return bytes([0x80]) + n.to_bytes(11, "big")
        file = [hdr(b"f.txt", 3), pad(b"hi\\n")]
        write("ok-then-nan.tar", [hdr(b"first.txt", 6), pad(b"first\\n"), pax(b"mtime", b"nan")] + file)
        write("huge-time.tar", [pax(b"mtime", b"1e300")] + file)
        write("minus-infinity.tar", [pax(b"mtime", b"-inf")] + file)
        write("pax-size.tar", [pax(b"size", b"18446744073709551615")] + file)
        write("base256-63.tar", [hdr(b"f.txt", size_field=b256(2**63 - 1)), pad(b"hi\\n")])
        write("base256-64.tar", [hdr(b"f.txt", size_field=b256(2**64 - 1)), pad(b"hi\\n")])
        links = [hdr(n, size_field=b256(2**62), typ=b"1", link=b"f.txt") for n in (b"a", b"b")]
        write("links.tar", file + links)
        write("liar.tar", [hdr(b"f.txt", 100000), pad(b"hi\\n")])
        """

    func testHostileNumbersAreDamageInEveryMode() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(Self.hostileTars)
        for archive in ["huge-time.tar", "minus-infinity.tar", "pax-size.tar", "base256-63.tar", "base256-64.tar"] {
            try assertEveryListingSays(archive, "a header at byte", "does not fit (damaged)", in: temp)
            let cat = try CommandRunner.run(["--cat", archive + "/f.txt"], in: temp.url)
            XCTAssertEqual(cat.status, 1, cat.stderr)
            XCTAssertTrue(cat.stderr.contains("not in \(archive) (read up to where it stopped: a header at byte"), cat.stderr)
            let session = try CommandRunner.script("open \(archive); sort du; du", in: temp)
            XCTAssertEqual(session.status, 0, session.stderr)
            XCTAssertTrue(session.text.contains("damaged: a header at byte"), session.text)
        }
        // The members before the damage are listed, then the reason, status 2.
        let partial = try CommandRunner.run(["-1", "ok-then-nan.tar/"], in: temp.url)
        XCTAssertEqual(partial.text, "first.txt\n")
        XCTAssertEqual(partial.status, 2)
        XCTAssertEqual(
            partial.stderr, "filetable: ok-then-nan.tar: a header at byte 2048 gives a modification time that does not fit (damaged)\n")
    }

    /// A hard link carries no data, so its header's size is not counted: two
    /// links claiming 2^62 bytes each add nothing (tar tvf shows them as 0).
    func testHardLinksClaimNoBytes() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(Self.hostileTars)
        let long = try CommandRunner.run(["-l", "links.tar/"], in: temp.url)
        XCTAssertEqual(long.status, 0, long.stderr)
        XCTAssertTrue(long.text.hasPrefix("total 1\n"), long.text)
        XCTAssertTrue(long.text.contains(" 0 Sep 13  2020 a\n"), long.text)
        let cat = try CommandRunner.run(["--cat", "links.tar/b"], in: temp.url)
        XCTAssertEqual(cat.text, "hi\n", "a hard link reads as the member it names")
        let du = try CommandRunner.script("open links.tar; sort du; du", in: temp)
        XCTAssertEqual(du.status, 0, du.stderr)
        XCTAssertFalse(du.text.contains("E "), "no exabyte total: \(du.text)")
        let tree = try CommandRunner.run(["--tree", "-s", "links.tar/"], in: temp.url)
        XCTAssertEqual(tree.status, 0, tree.stderr)
    }

    /// A member whose size runs past the archive's end is damage: `--cat`
    /// refuses it (status 1) instead of writing what is there as the whole.
    func testAMemberThatRunsPastTheEndIsRefused() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(Self.hostileTars)
        try assertCatRefuses("liar.tar/f.txt", saying: "liar.tar/f.txt: the member runs past the archive's end", in: temp)
        let list = try CommandRunner.run(["-1", "liar.tar/"], in: temp.url)
        XCTAssertEqual(list.text, "f.txt\n")
        XCTAssertEqual(list.status, 2, "the listing says the archive ends inside a member")
        XCTAssertTrue(list.stderr.contains("liar.tar: the archive ends inside a member"), list.stderr)
    }

    /// Damage in an ordinary archive (a truncated .tgz, a header whose
    /// checksum fails) is said after the listing in every mode, status 2 as
    /// tar gives; a stored zip member whose CRC fails is refused, as unzip does.
    func testDamageIsSaidOnTheCommandLine() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            import os
            for name, mode in [("good.tar", "w"), ("good.tgz", "w:gz")]:
                with tarfile.open(name, mode) as t:
                    for i in range(4):
                        add(t, "d/f%d" % i, os.urandom(5000))
            data = open("good.tgz", "rb").read()
            open("truncated.tgz", "wb").write(data[:len(data) // 2])
            tar = bytearray(open("good.tar", "rb").read())
            tar[512 * 22 + 148] ^= 0x11
            open("badsum.tar", "wb").write(bytes(tar))
            with zipfile.ZipFile("stored.zip", "w") as z:
                z.writestr("a.txt", b"hello world\\n", compress_type=zipfile.ZIP_STORED)
            zipped = bytearray(open("stored.zip", "rb").read())
            zipped[zipped.find(b"hello")] = ord("j")
            open("badcrc.zip", "wb").write(bytes(zipped))
            """)
        for (archive, reason) in [("truncated.tgz", "ends early"), ("badsum.tar", "a damaged header at byte 11264")] {
            try assertEveryListingSays(archive, reason, in: temp)
        }
        let listedBeforeDamage = try CommandRunner.run(["-1", "badsum.tar/d"], in: temp.url)
        XCTAssertEqual(listedBeforeDamage.text, "f0\nf1\n")
        // In JSON the objects end with one that says the listing is partial.
        let json = try CommandRunner.run(["--json", "badsum.tar/d"], in: temp.url)
        XCTAssertEqual(
            json.text.split(separator: "\n").last,
            #"{"path":"badsum.tar","error":"a damaged header at byte 11264 (its checksum does not hold)","partial":true}"#)
        try assertCatRefuses("badcrc.zip/a.txt", saying: "does not match its CRC", in: temp)
        let good = try CommandRunner.run(["--cat", "stored.zip/a.txt"], in: temp.url)
        XCTAssertEqual(good.text, "hello world\n")
    }

    /// Every listing of `archive` (`-l`, `-R`, `-1`, `--json`, `--tree`)
    /// says its damage after what it listed (holding each of `words`), status 2.
    private func assertEveryListingSays(
        _ archive: String, _ words: String..., in temp: TemporaryTree, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for mode in [["-l"], ["-R"], ["-1"], ["--json"], ["--tree"]] {
            let result = try CommandRunner.run(mode + [archive + "/"], in: temp.url)
            XCTAssertEqual(result.status, 2, "\(mode) \(archive): \(result.stderr)", file: file, line: line)
            XCTAssertTrue(result.stderr.hasPrefix("filetable: \(archive): "), result.stderr, file: file, line: line)
            for word in words { XCTAssertTrue(result.stderr.contains(word), result.stderr, file: file, line: line) }
        }
    }

    /// `--cat` of `member` writes nothing, says why (holding `words`), status 1.
    private func assertCatRefuses(
        _ member: String, saying words: String, in temp: TemporaryTree, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let cat = try CommandRunner.run(["--cat", member], in: temp.url)
        XCTAssertEqual(cat.status, 1, file: file, line: line)
        XCTAssertEqual(cat.text, "", file: file, line: line)
        XCTAssertTrue(cat.stderr.contains(words), cat.stderr, file: file, line: line)
    }
}
