import Foundation
import TestSupport
import XCTest

/// An archive is a level: `open` on a tar, a .tar.gz or a zip (known by its
/// content, not its name) lists its members as a directory's entries, and
/// `view`, `hex` and `info` read a member without extracting anything. The
/// archives are made with python3's tarfile and zipfile; what filetable
/// shows is compared with `tar`, `zcat` and `unzip` where they are installed.
final class ArchivesEndToEndTests: XCTestCase {
    /// A tree of sample files, and `python` run in it (skipped without python3).
    static func makeArchives(_ python: String) throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            python3 -c '
            import io, os, tarfile, zipfile
            def add(t, name, data=b"", type=tarfile.REGTYPE, link=""):
                info = tarfile.TarInfo(name); info.size = len(data); info.type = type; info.linkname = link; info.mtime = 1_600_000_000
                info.mode = 0o640; info.uid = 1234; info.gid = 99
                t.addfile(info, io.BytesIO(data) if data else None)
            numbers = "".join("%d\\n" % i for i in range(1, 20001)).encode()
            binary = bytes((i * 7) % 256 for i in range(3000))
            \(python)
            '
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: python3 could not make the archives: \(made.stderr)")
        return temp
    }

    static let sample = """
        for name, mode in [("backup.tar", "w"), ("backup.tgz", "w:gz")]:
            with tarfile.open(name, mode, format=tarfile.GNU_FORMAT) as t:
                add(t, "./etc/", type=tarfile.DIRTYPE)
                add(t, "./etc/hostname", b"hello world\\n")
                add(t, "./etc/ssl/key.bin", binary)
                add(t, "./docs/numbers.txt", numbers)
                add(t, "./docs/link", type=tarfile.SYMTYPE, link="../etc/hostname")
                add(t, "./docs/" + "long-name-" * 12 + ".txt", b"a long name\\n")
        with zipfile.ZipFile("site.zip", "w") as z:
            z.writestr("index.html", b"<p>stored</p>\\n", compress_type=zipfile.ZIP_STORED)
            z.writestr("docs/numbers.txt", numbers, compress_type=zipfile.ZIP_DEFLATED)
            z.writestr("img/key.bin", binary, compress_type=zipfile.ZIP_DEFLATED)
        open("site.jar", "wb").write(open("site.zip", "rb").read())
        open("plain.txt", "w").write("not an archive\\n" * 100)
        """

    func testATarIsEnteredListedViewedAndLeft() throws {
        let temp = try Self.makeArchives(Self.sample)
        let result = try CommandRunner.script("open backup.tar; open etc; view hostname; back; back; pwd", in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = result.text
        XCTAssertTrue(text.contains("\(temp.path)/backup.tar:/ | 2 members | sort name"), text)
        XCTAssertTrue(text.contains("1  docs >\n2  etc >\n"), text)
        XCTAssertTrue(text.contains("\(temp.path)/backup.tar:/etc | 2 members"), text)
        XCTAssertTrue(text.contains("1  hello world\n-- end of file --"), text)
        XCTAssertTrue(text.hasSuffix("\(temp.path)\n"), "back twice leaves the archive: \(text.suffix(200))")
        // Facts from the archive's index, and where the member lies in it.
        let info = try CommandRunner.script("open backup.tar; open docs; info numbers.txt; info link", in: temp).text
        XCTAssertTrue(info.contains("size:        108894 bytes (107K)\n"), info)
        XCTAssertTrue(info.contains("permissions: -rw-r----- (0640)\n"), info)
        XCTAssertTrue(info.contains("owner:       ") && info.contains("(1234)\n"), info)
        XCTAssertTrue(info.contains("modified:    2020-09-13 12:26:40.000000000 +0000\n"), info)
        XCTAssertTrue(info.contains("archive:     tar\n"), info)
        XCTAssertTrue(info.range(of: #"offset:      header at byte \d+, data at byte \d+\n"#, options: .regularExpression) != nil, info)
        XCTAssertTrue(info.contains("target:      ../etc/hostname"), info)
        XCTAssertFalse(info.contains("inode:"), "a member has no inode on disk")
    }

    /// Every member's bytes as `view` and `hex` show them are the bytes
    /// `tar xOf` and `unzip -p` give (and the bytes that were stored).
    func testMembersReadAsTheToolsExtractThem() throws {
        let temp = try Self.makeArchives(Self.sample)
        for archive in ["backup.tar", "backup.tgz", "site.zip"] {
            let folder = archive == "site.zip" ? "img" : "etc; open ssl"
            let hex = try CommandRunner.script("open \(archive); open \(folder); hex key.bin", in: temp, pageSize: 500)
            XCTAssertEqual(hex.status, 0, hex.stderr)
            let dump = hex.text.components(separatedBy: "\n").filter { $0.range(of: #"^[0-9a-f]{8}"#, options: .regularExpression) != nil }
            let expected = try CommandRunner.shell(
                "python3 -c 'import sys; sys.stdout.buffer.write(bytes((i * 7) % 256 for i in range(3000)))' | hexdump -C", in: temp.url)
            if expected.status == 0 {
                XCTAssertEqual(dump.joined(separator: "\n") + "\n", expected.text, "hex of \(archive)'s key.bin")
            }
            let view = try CommandRunner.script("open \(archive); open docs; view numbers.txt", in: temp, pageSize: 5)
            XCTAssertTrue(view.text.contains("     1  1\n     2  2\n     3  3\n"), view.text)
            XCTAssertTrue(view.text.contains("-- more from line 6"), view.text)
        }
        if CommandRunner.isInstalled("tar") {
            let listed = try CommandRunner.shell("tar tf backup.tgz | sort", in: temp.url).text
            XCTAssertTrue(listed.contains("./docs/numbers.txt\n"), listed)
        }
        if CommandRunner.isInstalled("unzip") {
            let numbers = try CommandRunner.shell("unzip -p site.zip docs/numbers.txt | tail -1", in: temp.url).text
            XCTAssertEqual(numbers, "20000\n")
            let ours = try CommandRunner.script("open site.zip; open docs; view numbers.txt; G", in: temp, pageSize: 3).text
            XCTAssertTrue(ours.contains("20000  20000\n"), String(ours.suffix(300)))
        }
    }

    /// `cd` goes through an archive as through a directory, `..` included.
    func testCdGoesThroughArchives() throws {
        let temp = try Self.makeArchives(Self.sample)
        let result = try CommandRunner.script("cd backup.tgz/etc/ssl; cd ..; cd \(temp.path)/site.zip; cd img", in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("backup.tgz:/etc/ssl | 1 member"), result.text)
        XCTAssertTrue(result.text.contains("backup.tgz:/etc | 2 members"), result.text)
        XCTAssertTrue(result.text.contains("site.zip:/ | 3 members"), result.text)
        XCTAssertTrue(result.text.contains("site.zip:/img | 1 member"), result.text)
        let missing = try CommandRunner.script("cd backup.tar/nowhere", in: temp)
        XCTAssertTrue(missing.stderr.contains("cd: nowhere: not in \(temp.path)/backup.tar"), missing.stderr)
    }

    /// `find TEXT --all` inside an archive: the members whose names hold
    /// TEXT, by their paths, from the index; a match answers to its own name,
    /// and a directory among them opens.
    func testFindAllInsideAnArchive() throws {
        let temp = try Self.makeArchives(Self.sample)
        let result = try CommandRunner.script("open backup.tar; find S --all; view numbers.txt; open etc/ssl", in: temp, pageSize: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("backup.tar:/ | find 'S': 4 matches"), result.text)
        XCTAssertTrue(result.text.contains("1  docs >\n2  docs/numbers.txt\n3  etc/hostname\n4  etc/ssl >\n"), result.text)
        XCTAssertTrue(result.text.contains("     1  1\n"), "numbers.txt is named by its own name: \(result.text)")
        XCTAssertTrue(result.text.contains("backup.tar:/etc/ssl | 1 member"), result.text)
        let none = try CommandRunner.script("open backup.tar; find zzz --all", in: temp)
        XCTAssertTrue(none.stderr.contains("find: no name in \(temp.path)/backup.tar contains 'zzz'"), none.stderr)
    }

    /// `--hex` and `--xxd` take a path through an archive, and dump the
    /// member as hexdump and xxd dump what `tar xOf` and `unzip -p` extract.
    func testDumpsTakePathsThroughArchives() throws {
        let temp = try Self.makeArchives(Self.sample)
        let pairs = [
            (["--hex", "backup.tgz/docs/numbers.txt"], "tar xzOf backup.tgz ./docs/numbers.txt | hexdump -C"),
            (["--xxd", "site.zip/img/key.bin"], "unzip -p site.zip img/key.bin | xxd"),
            (["--hex", "-s", "5", "-n", "100", "backup.tar/etc/ssl/key.bin"], "tar xOf backup.tar ./etc/ssl/key.bin | hexdump -C -s 5 -n 100"),
        ]
        for (ours, theirs) in pairs {
            let dump = try CommandRunner.run(ours, in: temp.url)
            XCTAssertEqual(dump.status, 0, dump.stderr)
            let tool = try CommandRunner.shell(theirs, in: temp.url)
            if tool.status == 0 { XCTAssertEqual(dump.text, tool.text, theirs) }
        }
        let directory = try CommandRunner.run(["--hex", "backup.tar/etc"], in: temp.url)
        XCTAssertEqual(directory.status, 1, "hexdump's status for any failure")
        XCTAssertEqual(directory.stderr, "filetable: backup.tar/etc: a directory in backup.tar\n")
        let missing = try CommandRunner.run(["--hex", "site.zip/nope"], in: temp.url)
        XCTAssertEqual(missing.stderr, "filetable: site.zip/nope: nope: not in site.zip\n")
    }

    /// Known by content: a zip named .jar opens; a text file shows its details.
    func testArchivesAreKnownByContentNotByName() throws {
        let temp = try Self.makeArchives(Self.sample)
        let jar = try CommandRunner.script("open site.jar", in: temp).text
        XCTAssertTrue(jar.contains("site.jar:/ | 3 members"), jar)
        let plain = try CommandRunner.script("open plain.txt", in: temp).text
        XCTAssertTrue(plain.contains("type:        file\n") && plain.contains("content:     text"), plain)
    }

    /// A member cannot be marked on its own; the archive can, from its directory.
    func testMarksRefuseMembers() throws {
        let temp = try Self.makeArchives(Self.sample)
        let refused = try CommandRunner.script("open backup.tgz; open etc; mark hostname", in: temp)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(
            refused.stderr.contains("mark: \(temp.path)/backup.tgz/etc/hostname is not a file on disk of its own; mark what holds it"), refused.stderr
        )
        let archive = try CommandRunner.run(["-y", "--page-size", "20", "-e", "mark backup.tgz; marks", "."], in: temp.url)
        XCTAssertEqual(archive.status, 0, archive.stderr)
        XCTAssertTrue(archive.text.contains("backup.tgz"), archive.text)
    }

    /// Hostile names are shown escaped and never reach the disk; links are
    /// never followed out of the archive; damage is named, the members before it kept.
    func testHostileArchives() throws {
        let temp = try Self.makeArchives(
            """
            with tarfile.open("evil.tar", "w", format=tarfile.PAX_FORMAT) as t:
                add(t, "../../escape.txt", b"up\\n")
                add(t, "/etc/absolute.txt", b"abs\\n")
                add(t, "bell\\x07name\\nnewline.txt", b"ctrl\\n")
                add(t, "passwd", type=tarfile.SYMTYPE, link="/etc/passwd")
            data = open("evil.tar", "rb").read()
            open("truncated.tar", "wb").write(data[:512 * 3 + 100])
            bad = bytearray(data); at = data.rfind(b"passwd\\0"); at -= at % 512; bad[at + 148] ^= 0x11
            open("damaged.tar", "wb").write(bytes(bad))
            import zlib
            with zipfile.ZipFile("bomb.zip", "w") as z:
                z.writestr("zeros", b"\\0" * (10 << 20), compress_type=zipfile.ZIP_DEFLATED)
            zipped = bytearray(open("bomb.zip", "rb").read())
            end = zipped.rfind(b"PK\\x01\\x02")
            zipped[end + 24:end + 28] = (100).to_bytes(4, "little")
            open("liar.zip", "wb").write(bytes(zipped))
            with zipfile.ZipFile("bzip.zip", "w") as z:
                z.writestr("packed", b"x" * 1000, compress_type=zipfile.ZIP_BZIP2)
            """)
        let evil = try CommandRunner.script("open evil.tar", in: temp).text
        XCTAssertTrue(evil.contains(".. >"), evil)
        XCTAssertTrue(evil.contains("etc >"), evil)
        XCTAssertTrue(evil.contains("bell\\x07name\\nnewline.txt"), evil)
        XCTAssertFalse(evil.contains("\u{07}"), "no raw control byte reaches the terminal")
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.url.deletingLastPathComponent().deletingLastPathComponent().path + "/escape.txt"))
        let link = try CommandRunner.script("open evil.tar; view passwd", in: temp)
        XCTAssertNotEqual(link.status, 0)
        XCTAssertFalse(link.text.contains("root:"), "a link member is never followed to the disk")
        let up = try CommandRunner.script("open evil.tar; open ..; open ..; view escape.txt", in: temp)
        XCTAssertTrue(up.text.contains("1  up\n"), up.text + up.stderr)

        let truncated = try CommandRunner.script("open truncated.tar", in: temp)
        XCTAssertEqual(truncated.status, 0, truncated.stderr)
        XCTAssertTrue(truncated.text.contains("damaged: "), truncated.text)
        let damaged = try CommandRunner.script("open damaged.tar", in: temp).text
        XCTAssertTrue(damaged.contains("damaged: a damaged header at byte"), damaged)
        XCTAssertTrue(damaged.contains(".. >") && !damaged.contains("passwd@"), "the members before the damage are listed: \(damaged)")

        // 10 MiB of zeros said to be 100 bytes: an error, memory bounded.
        let liar = try CommandRunner.script("open liar.zip; view zeros", in: temp)
        XCTAssertTrue(liar.stderr.contains("does not match"), liar.stderr)
        let bzip = try CommandRunner.script("open bzip.zip; view packed", in: temp)
        XCTAssertTrue(bzip.stderr.contains("zip method 12 (bzip2)"), bzip.stderr)
        let bomb = try CommandRunner.script("open bomb.zip; view zeros", in: temp)
        XCTAssertTrue(bomb.text.contains("binary") || bomb.text.contains("00000000"), bomb.text + bomb.stderr)
    }

    /// A gzip-compressed text file (a Debian changelog) is viewed as its
    /// text, as zless shows it; hex shows the file's own bytes.
    func testCompressedTextIsViewedDecompressed() throws {
        let temp = try TemporaryTree.inMemory()
        temp.file("changelog", contents: (1...40).map { "entry \($0)\n" }.joined())
        let made = try CommandRunner.shell("gzip -9n changelog", in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: gzip is not installed")
        let view = try CommandRunner.script("view changelog.gz", in: temp, pageSize: 5)
        XCTAssertEqual(view.status, 0, view.stderr)
        XCTAssertTrue(view.text.contains("view: gzip-compressed text, shown decompressed ('hex 1' shows the file's own bytes)"), view.text)
        XCTAssertTrue(view.text.contains("     1  entry 1\n     2  entry 2\n"), view.text)
        let zcat = try CommandRunner.shell("zcat changelog.gz | wc -l", in: temp.url).text
        XCTAssertEqual(zcat.trimmingCharacters(in: .whitespacesAndNewlines), "40")
        let end = try CommandRunner.script("view changelog.gz; G", in: temp, pageSize: 5).text
        XCTAssertTrue(end.contains("    40  entry 40\n"), end)
        let hex = try CommandRunner.script("hex changelog.gz", in: temp, pageSize: 5).text
        XCTAssertTrue(hex.contains("00000000  1f 8b 08 00"), hex)
        // The pager gets the text the viewer shows, as zless pages it (it got the compressed bytes);
        // a pager that quits early ends the feeding, not the session.
        let paged = try CommandRunner.script("pager changelog.gz", in: temp, environment: ["PAGER": "cat"])
        XCTAssertEqual(paged.status, 0, paged.stderr)
        XCTAssertTrue(paged.text.contains("pager: gzip-compressed text, paged decompressed\nentry 1\nentry 2\n"), paged.text)
        XCTAssertTrue(paged.text.hasSuffix("entry 40\n"), paged.text)
        let quit = try CommandRunner.script("pager changelog.gz; pwd", in: temp, environment: ["PAGER": "head -1"])
        XCTAssertTrue(quit.text.hasSuffix("entry 1\n\(temp.path)\n"), quit.text)
    }
}
