import Foundation
import TestSupport
import XCTest

/// A path goes through an archive as it goes through a directory: the
/// listing modes (`-1`, `-l`, `-R`, `--tree`, `--json`), `--cat` (the
/// member's bytes, as `tar xOf` and `unzip -p` give them), a session that
/// starts inside one, and `du` of a level inside one. A path naming the
/// archive itself stays the file.
final class ArchivePathsEndToEndTests: XCTestCase {
    private func sample() throws -> TemporaryTree {
        try ArchivesEndToEndTests.makeArchives(ArchivesEndToEndTests.sample)
    }

    func testListingsGoThroughArchives() throws {
        let temp = try sample()
        let names = try CommandRunner.run(["-1", "backup.tgz/", "site.zip/img"], in: temp.url)
        XCTAssertEqual(names.status, 0, names.stderr)
        XCTAssertEqual(names.text, "backup.tgz/:\ndocs\netc\n\nsite.zip/img:\nkey.bin\n")
        // -l: the facts tar tvf gives (mode, size, time), in ls's layout.
        let long = try CommandRunner.run(["-l", "backup.tar/docs"], in: temp.url)
        XCTAssertEqual(long.status, 0, long.stderr)
        let lines = long.text.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "total 107")
        XCTAssertTrue(lines[1].hasPrefix("lrw-r----- 1 ") && lines[1].hasSuffix(" 0 Sep 13  2020 link -> ../etc/hostname"), lines[1])
        XCTAssertTrue(lines[3].hasPrefix("-rw-r----- 1 ") && lines[3].hasSuffix(" 108894 Sep 13  2020 numbers.txt"), lines[3])
        // A member named itself is listed as a file is, by the path given.
        let member = try CommandRunner.run(["-l", "backup.tgz/etc/hostname"], in: temp.url)
        XCTAssertTrue(member.text.hasPrefix("-rw-r----- 1 ") && member.text.hasSuffix(" 12 Sep 13  2020 backup.tgz/etc/hostname\n"), member.text)
        // The archive itself stays the file, as ls shows it.
        XCTAssertEqual(try CommandRunner.run(["-1", "backup.tgz"], in: temp.url).text, "backup.tgz\n")
        // -R in ls -R's order, the first header as typed.
        let recursive = try CommandRunner.run(["-R", "site.zip/"], in: temp.url)
        XCTAssertEqual(
            recursive.text, "site.zip/:\ndocs\nimg\nindex.html\n\nsite.zip/docs:\nnumbers.txt\n\nsite.zip/img:\nkey.bin\n")
        // --json: a member's path continues the path given.
        let json = try CommandRunner.run(["--json", "backup.tar/etc"], in: temp.url).text
        XCTAssertTrue(json.hasPrefix(#"{"name":"hostname","path":"backup.tar/etc/hostname","type":"file","size":12,"mode":"0640""#), json)
        // Not in the archive: ls's status for a missing operand.
        let missing = try CommandRunner.run(["-l", "site.zip/nope"], in: temp.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "filetable: site.zip/nope: nope: not in site.zip\n")
    }

    /// `--tree` draws an archive's directory as tree draws the same files
    /// extracted (compared with tree where it is installed).
    func testTreeDrawsInsideAnArchive() throws {
        let temp = try sample()
        let drawn = try CommandRunner.run(["--tree", "backup.tgz/etc"], in: temp.url)
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertEqual(drawn.text, "backup.tgz/etc\n├── hostname\n└── ssl\n    └── key.bin\n\n2 directories, 2 files\n")
        let shallow = try CommandRunner.run(["--tree", "-L", "1", "-d", "backup.tar/"], in: temp.url)
        // tree counts the root with what it draws below it.
        XCTAssertEqual(shallow.text, "backup.tar/\n├── docs\n└── etc\n\n3 directories\n")
        if CommandRunner.isInstalled("tree") {
            let extracted = try CommandRunner.shell(
                "mkdir x && cd x && tar xf ../backup.tar && LC_ALL=C.UTF-8 tree --noreport -a . | tail -n +2", in: temp.url)
            let ours = try CommandRunner.run(["--tree", "--noreport", "backup.tar/"], in: temp.url)
            XCTAssertEqual(ours.text.components(separatedBy: "\n").dropFirst().joined(separator: "\n"), extracted.text)
        }
    }

    /// `--cat` writes a member's bytes as tar xOf and unzip -p extract them,
    /// a file's as cat; a directory or a link is refused with status 1.
    func testCatWritesMembersAsTheToolsExtractThem() throws {
        let temp = try sample()
        let numbers = (1...20000).map { "\($0)\n" }.joined()
        for path in ["backup.tar/docs/numbers.txt", "backup.tgz/docs/numbers.txt", "site.zip/docs/numbers.txt"] {
            let dumped = try CommandRunner.run(["--cat", path], in: temp.url)
            XCTAssertEqual(dumped.status, 0, dumped.stderr)
            XCTAssertEqual(dumped.text, numbers, path)
        }
        let pairs = [
            ("backup.tgz/etc/ssl/key.bin", "tar xzOf backup.tgz ./etc/ssl/key.bin"), ("site.zip/img/key.bin", "unzip -p site.zip img/key.bin"),
        ]
        for (path, tool) in pairs {
            let theirs = try CommandRunner.shell(tool, in: temp.url)
            if theirs.status == 0 { XCTAssertEqual(try CommandRunner.run(["--cat", path], in: temp.url).stdout, theirs.stdout, tool) }
        }
        let file = try CommandRunner.run(["--cat", "backup.tgz", "site.zip/index.html"], in: temp.url)
        let archiveBytes = try Data(contentsOf: temp.url.appendingPathComponent("backup.tgz"))
        XCTAssertEqual(file.stdout, archiveBytes + Data("<p>stored</p>\n".utf8), "the archive itself is the file")
        let refused = try CommandRunner.run(["--cat", "backup.tar/etc", "backup.tar/docs/link", "site.zip/index.html"], in: temp.url)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr, "filetable: backup.tar/etc: a directory in backup.tar\nfiletable: backup.tar/docs/link: not a file in backup.tar\n")
        XCTAssertEqual(refused.text, "<p>stored</p>\n", "the rest still go out")
        let letters = try CommandRunner.run(["--cat", "-l", "site.zip"], in: temp.url)
        XCTAssertEqual(letters.status, 2)
        XCTAssertEqual(letters.stderr, "filetable: --cat writes files' bytes; it takes no listing format letter\n")
    }

    /// `filetable backup.tgz/etc` starts inside the archive, over the
    /// directory that holds it (`back` returns there); a member starts in its
    /// directory.
    func testASessionStartsInsideAnArchive() throws {
        let temp = try sample()
        let inside = try CommandRunner.run(["--page-size", "20", "-e", "pwd; back; pwd", "backup.tgz/etc"], in: temp.url)
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertTrue(inside.text.hasPrefix("\(temp.path) > \(temp.path)/backup.tgz/etc\n"), inside.text)
        XCTAssertTrue(inside.text.hasSuffix("\n\(temp.path)\n"), inside.text)
        let member = try CommandRunner.run(["-e", "pwd", "site.zip/img/key.bin"], in: temp.url)
        XCTAssertTrue(member.text.contains("\(temp.path)/site.zip/img\n"), member.text)
        let missing = try CommandRunner.run(["-e", "pwd", "site.zip/nope"], in: temp.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "filetable: \(temp.path)/site.zip/nope: nope: not in \(temp.path)/site.zip\n")
    }

    /// `du` in an archive sizes each member directory from the index (the
    /// bytes its members take in the archive), and `sort du` orders by them.
    func testDuInsideAnArchive() throws {
        let temp = try sample()
        let sized = try CommandRunner.script("open backup.tar; du; sort du", in: temp)
        XCTAssertEqual(sized.status, 0, sized.stderr)
        let page = CommandResult.lastPage(sized.text)
        XCTAssertTrue(page[0].hasPrefix("1  107K ") && page[0].hasSuffix(" docs >"), page.joined(separator: "\n"))
        XCTAssertTrue(page[1].hasPrefix("2  3.5K ") && page[1].hasSuffix(" etc >"), page.joined(separator: "\n"))
        XCTAssertTrue(sized.text.contains("du: 111 KiB as stored in the archive"), sized.text)
        // A zip's members take their compressed bytes.
        let zip = try CommandRunner.script("open site.zip; du", in: temp).text
        XCTAssertTrue(zip.contains("| du "), zip)
        XCTAssertFalse(zip.contains("107K"), "numbers.txt is deflated in the zip: \(zip)")
        // Keeping or comparing a scan is a directory's, never ignored in silence.
        let since = try CommandRunner.script("open site.zip; du --save ../kept", in: temp)
        XCTAssertEqual(since.stderr, "filetable: line 2: du --save and --since work on a directory's table; this one lists an archive's members\n")
    }

    /// A compression filetable does not read is named where a path goes
    /// through it and in a file's details, not called binary or "not a
    /// directory".
    func testUnreadCompressionsAreNamed() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            for name, mode in [("logs.tar.xz", "w:xz"), ("logs.tar.bz2", "w:bz2")]:
                with tarfile.open(name, mode) as t:
                    add(t, "a.txt", b"a\\n")
            """)
        let listed = try CommandRunner.run(["-l", "logs.tar.xz/", "logs.tar.bz2/a.txt"], in: temp.url)
        XCTAssertEqual(listed.status, 2)
        XCTAssertEqual(
            listed.stderr,
            "filetable: logs.tar.xz/: logs.tar.xz is xz-compressed: filetable reads tar, tar.gz and zip archives, not this one\n"
                + "filetable: logs.tar.bz2/a.txt: logs.tar.bz2 is bzip2-compressed: filetable reads tar, tar.gz and zip archives, not this one\n")
        let info = try CommandRunner.script("info logs.tar.xz", in: temp).text
        XCTAssertTrue(info.contains("content:     xz-compressed: filetable reads tar, tar.gz and zip archives, not this one\n"), info)
        // The file itself is still a file.
        XCTAssertEqual(try CommandRunner.run(["-1", "logs.tar.xz"], in: temp.url).text, "logs.tar.xz\n")
    }

    /// `find TEXT` a match at a time inside an archive, nearest first, as
    /// in a directory: a deeper match shows its directory's level; `find`
    /// goes on; the end says so.
    func testFindAMatchAtATimeInsideAnArchive() throws {
        let temp = try sample()
        let result = try CommandRunner.script("open backup.tgz; find o; find; find; find", in: temp)
        let lines = result.text.components(separatedBy: "\n").filter { $0.hasPrefix("find: ") }
        XCTAssertEqual(lines.count, 3, result.text)
        XCTAssertEqual(lines[0], "find: row 1 ('n' or 'find' for the next match)")
        XCTAssertTrue(
            lines[1].hasPrefix("find: docs/long-name-") && lines[1].hasSuffix(".txt, row 2 here ('n' or 'find' for the next match; 'back' returns)"),
            lines[1])
        XCTAssertEqual(lines[2], "find: etc/hostname, row 1 here ('n' or 'find' for the next match; 'back' returns)")
        XCTAssertTrue(result.text.contains("\(temp.path)/backup.tgz:/etc | 2 members"), result.text)
        XCTAssertEqual(result.stderr, "filetable: line 5: find: no more names contain 'o' (4 directories searched); 'find o' starts over\n")
    }
}
