import Foundation
import TestSupport
import XCTest

/// The habits people bring from the shell: ls's letters and a glob, cat,
/// less and more N, an editor, and the smaller things a daily user meets.
final class HabitsEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        temp.file("small.conf", contents: "a\n")
        temp.file("big.conf", size: 5000)
        temp.file("notes.txt", contents: "hello\tthere\n")
        temp.file(".hidden")
        return temp
    }

    func testLsTakesLsLettersAndAGlob() throws {
        let temp = try makeTree()
        var result = try CommandRunner.script("ls -lhS", in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("| 3 entries | sort size |"), result.text)
        let rows = result.text.split(separator: "\n").filter { $0.hasPrefix("1 -rw") || $0.hasPrefix("2 -rw") }
        XCTAssertTrue(rows.first?.contains(" 4.9K ") == true && rows.first?.hasSuffix(" big.conf") == true, result.text)
        result = try CommandRunner.script("ls -la", in: temp)
        XCTAssertTrue(result.text.contains(" .hidden\n"), result.text)
        result = try CommandRunner.script("ls *.conf", in: temp)
        XCTAssertTrue(result.text.contains("| 2 entries | sort name | filter *.conf |"), result.text)
        result = try CommandRunner.script("ls -lZ", in: temp)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("list: -Z is not a letter the table takes (it takes -l -a -A -h -S -t -X -r -1 -C)"), result.stderr)
    }

    func testCatLessMoreAndTheEditorOpenAFile() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script(
            "cat notes.txt; less notes.txt; more notes.txt; editor notes.txt; -editor .", in: temp,
            environment: ["PAGER": "cat -n", "VISUAL": "cat -A", "EDITOR": "false"])
        XCTAssertTrue(result.text.contains("     1  hello   there\n-- end of file --\n"), "cat is view:\n\(result.text)")
        XCTAssertEqual(result.text.components(separatedBy: "     1\thello\tthere\n").count, 3, "less and more N are the pager:\n\(result.text)")
        XCTAssertTrue(result.text.contains("hello^Ithere$\n"), "the editor is $VISUAL:\n\(result.text)")
        XCTAssertTrue(result.stderr.contains("editor: "), result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted()
        XCTAssertEqual(files, [".hidden", "big.conf", "notes.txt", "small.conf"], "nothing written")
    }

    /// pwd at the first level says the path once (it said it twice).
    func testPwdSaysThePathOnceAtTheFirstLevel() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("pwd", in: temp)
        XCTAssertEqual(result.text, "\(temp.path)\n")
    }

    /// A file changed after the level was opened shows its time, as ls
    /// shows it, not its year (the present was the level's opening).
    func testTheLongStyleDatesAgainstTheTimeItDraws() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("!sleep 1.2; !touch later; reload; ls -l", in: temp)
        let row = result.text.split(separator: "\n").last { $0.hasSuffix(" later") } ?? ""
        let year = Calendar.current.component(.year, from: Date())
        XCTAssertFalse(row.contains(" \(year) later"), "dated with its year: \(row)")
        XCTAssertNotNil(row.range(of: #" \d\d:\d\d later$"#, options: .regularExpression), "\(row)\n\(result.text)")
    }
}

extension HabitsEndToEndTests {
    /// `filetable FILE` starts in its directory, on the page holding the
    /// file, the file highlighted (ranger's way), instead of "Not a directory".
    func testAFileOperandStartsInItsDirectoryOnTheFile() throws {
        let temp = try TemporaryTree()
        for i in 1...30 { temp.file(String(format: "g%02d", i)) }
        let result = try CommandRunner.run(["--page-size", "5", "-e", "list; pwd", temp.path + "/g25"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.hasPrefix("\(temp.path) | 30 entries | sort name | page 5 of 6\n21 g21\n"), result.text)
        XCTAssertTrue(result.text.hasSuffix("\n\(temp.path)\n"), result.text)
        let missing = try CommandRunner.run(["-e", "pwd", temp.path + "/nothing"])
        XCTAssertEqual(missing.stderr, "filetable: \(temp.path)/nothing: No such file or directory\n")
    }
}

extension HabitsEndToEndTests {
    /// `pwd`'s trail reads as paths: a level opened inside the one before it
    /// by its name, any other by its path (`cd /bin` from /usr read as
    /// `/usr > bin > /`, as if /usr/bin).
    func testPwdsTrailReadsAsPaths() throws {
        let temp = try makeTree()
        try temp.folder("sub/inner")
        let result = try CommandRunner.script("open sub; open inner; cd /; pwd", in: temp)
        XCTAssertTrue(result.text.hasSuffix("\(temp.path) > sub > inner > /\n/\n"), result.text)
    }
}

extension HabitsEndToEndTests {
    /// The hex view takes the offsets it shows: `0x318g` goes to the line
    /// holding 0x318, as `792g` does.
    func testTheHexViewTakesHexOffsets() throws {
        let temp = try TemporaryTree()
        temp.file("blob", size: 4096)
        let hex = try CommandRunner.script("hex blob; 0x318g", in: temp, pageSize: 3)
        let decimal = try CommandRunner.script("hex blob; 792g", in: temp, pageSize: 3)
        XCTAssertEqual(hex.status, 0, hex.stderr)
        XCTAssertTrue(hex.text.contains("\n00000310  61 61"), hex.text)
        XCTAssertEqual(hex.text, decimal.text)
    }
}

extension HabitsEndToEndTests {
    /// `--tree` draws its roots in the order given, as tree does (they were
    /// sorted as ls sorts its operands); tree's order checked where installed.
    func testTreeKeepsItsRootsInTheOrderGiven() throws {
        let temp = try TemporaryTree()
        for name in ["zz", "mm/inner", "aa"] { try temp.folder(name) }
        temp.file("leaf", contents: "x", in: "mm/inner")
        let result = try CommandRunner.run(["--tree", "zz", "mm", "aa"], in: temp.url)
        XCTAssertEqual(result.text, "zz\nmm\n└── inner\n    └── leaf\naa\n\n2 directories, 1 file\n")
        // (tree in the C locale draws ASCII lines, a known difference: the order is what is compared.)
        if CommandRunner.isInstalled("tree") {
            let roots = try CommandRunner.shell("tree zz mm aa", in: temp.url).text.split(separator: "\n").filter {
                !$0.hasPrefix(" ") && !$0.contains("--")
            }
            XCTAssertEqual(roots.prefix(3), ["zz", "mm", "aa"])
        }
    }
}

extension HabitsEndToEndTests {
    /// One name and one format for a file's modification time in every JSON
    /// output: `mtime`, RFC 3339 (the copies said `modified`, in epoch seconds).
    func testEveryJSONOutputNamesTheModificationTimeTheSameWay() throws {
        let temp = try TemporaryTree()
        temp.file("one", contents: "same", mtime: 1_700_000_000)
        temp.file("two", contents: "same", mtime: 1_700_000_000)
        let listing = try CommandRunner.run(["--json", "one"], in: temp.url)
        let copies = try CommandRunner.run(["--dupes", "--json", "."], in: temp.url)
        let plan = try CommandRunner.script("mark one; marks export plan.json --json", in: temp, flags: ["-y"])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let exported = String(decoding: FileManager.default.contents(atPath: temp.path + "/plan.json") ?? Data(), as: UTF8.self)
        for (what, text) in [("--json", listing.text), ("--dupes --json", copies.text), ("marks export --json", exported)] {
            XCTAssertTrue(text.contains("\"mtime\":\"2023-11-14T22:13:20Z\""), "\(what): \(text)")
            XCTAssertFalse(text.contains("\"modified\""), what)
        }
    }
}

extension HabitsEndToEndTests {
    /// `ls` lists once, as in a shell and at sftp's prompt: `ls *.conf` and
    /// `ls -lhS` leave the level's own filter, order and style as they were
    /// (a plain `ls` after them still filtered); `ls -a` shows `.` and `..`
    /// as ls does, `ls -A` leaves them out.
    func testLsListsOnceAndLeavesTheLevelAsItWas() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("ls *.conf; ls -lhS; ls", in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pages = result.text.components(separatedBy: "-- a number opens its row, b back, help --\n")
        XCTAssertTrue(pages[0].contains("| filter *.conf |"), pages[0])
        XCTAssertTrue(pages[1].contains("| sort size |"), pages[1])
        XCTAssertFalse(pages[2].contains("filter") || pages[2].contains("sort size") || pages[2].contains("-rw"), pages[2])
        XCTAssertTrue(pages[2].contains("| sort name |"), pages[2])
        let dots = try CommandRunner.script("ls -a", in: temp)
        XCTAssertTrue(dots.text.contains("\n1 .\n2 ..\n"), dots.text)
        let noDots = try CommandRunner.script("ls -A", in: temp)
        XCTAssertFalse(noDots.text.contains("\n1 .\n"), noDots.text)
        XCTAssertTrue(noDots.text.contains(" .hidden\n"), noDots.text)
    }
}

extension HabitsEndToEndTests {
    /// `du` says what it could not read and `du unreadable` lists it (it
    /// said "1 entry could not be read" and no way to see which); `du -x`
    /// stays on one file system (a tmpfs mounted inside, where one can be).
    func testDuListsWhatItCouldNotReadAndStaysOnOneFileSystem() throws {
        let temp = try TemporaryTree()
        try temp.folder("a/locked")
        temp.file("inside", contents: "x", in: "a/locked")
        temp.file("file", size: 8192, in: "a")
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        _ = try CommandRunner.shell("chmod -R a+rX . && chmod 000 a/locked", in: temp.url)
        let result = try CommandRunner.shell("\(prefix)\"$FILETABLE\" -e 'du; du unreadable' .", in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("1 entry could not be read ('du unreadable' lists them)"), result.text)
        XCTAssertTrue(result.text.hasSuffix("/a/locked: Permission denied\n"), result.text)
        _ = try CommandRunner.shell("chmod 755 a/locked", in: temp.url)
        guard
            try CommandRunner.shell("mkdir -p a/mnt && mount -t tmpfs -o size=1m tmpfs a/mnt && head -c 65536 /dev/zero > a/mnt/big", in: temp.url)
                .status == 0
        else {
            throw XCTSkip("skipped the -x half: cannot mount a tmpfs here (needs root and mount rights)")
        }
        defer { _ = try? CommandRunner.shell("umount a/mnt", in: temp.url) }
        let all = try CommandRunner.script("du", in: temp)
        let one = try CommandRunner.script("du -x", in: temp)
        let total: (String) -> String = { text in text.components(separatedBy: "du: ").last?.components(separatedBy: " on disk").first ?? "" }
        XCTAssertNotEqual(total(all.text), total(one.text), "the tmpfs's 64 KiB left out:\n\(all.text)\n\(one.text)")
        XCTAssertTrue(one.text.contains("in 2 files"), one.text)
    }

    /// A row's name opens it as its number does (sftp needed `cd`); a name
    /// that is also a command runs the command, and `open NAME` the row.
    func testARowsNameOpensIt() throws {
        let temp = try TemporaryTree()
        try temp.folder("sub")
        try temp.folder("du")
        temp.file("inside.txt", contents: "x\n", in: "sub")
        var result = try CommandRunner.script("sub; pwd", in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.hasSuffix("\n\(temp.path)/sub\n"), result.text)
        result = try CommandRunner.script("du; pwd", in: temp)
        XCTAssertTrue(result.text.contains("du: ") && result.text.hasSuffix("\n\(temp.path)\n"), result.text)
        result = try CommandRunner.script("open du; pwd", in: temp)
        XCTAssertTrue(result.text.hasSuffix("\n\(temp.path)/du\n"), result.text)
        result = try CommandRunner.script("nosuchrow", in: temp)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("unknown command 'nosuchrow'"), result.stderr)
        XCTAssertTrue(try CommandRunner.script("help open", in: temp).text.contains("A row's name typed alone opens it"))
    }

    /// `du` at the prompt orders by size at once, largest first, as ncdu,
    /// gdu and the screen's `d` do (it kept the name order); `sort name`
    /// goes back.
    func testDuOrdersTheLargestFirst() throws {
        let temp = try TemporaryTree()
        temp.file("a-small", contents: "x\n")
        temp.file("z-large", contents: String(repeating: "x", count: 200_000))
        let result = try CommandRunner.script("du; sort name", in: temp)
        let pages = result.text.components(separatedBy: "-- a number opens its row, b back, help --")
        XCTAssertTrue(pages.count >= 2 && pages[0].contains("| sort du |"), result.text)
        let sized = pages[0].split(separator: "\n").filter { $0.first?.isNumber == true }
        XCTAssertTrue(sized.first?.hasSuffix(" z-large") == true, "\(sized)")
        let named = pages[1].split(separator: "\n").filter { $0.first?.isNumber == true }
        XCTAssertTrue(named.first?.hasSuffix(" a-small") == true, "\(named)")
    }

    /// The page marks the row a `find` found, and the file a start named
    /// (the prompt said "row 3" and left the reader to count); the next
    /// page is plain again.
    func testThePageMarksTheRowFound() throws {
        let temp = try makeTree()
        let found = try CommandRunner.script("find notes; list", in: temp)
        XCTAssertTrue(found.text.contains("\n2 notes.txt  (found)\n"), found.text)
        XCTAssertEqual(found.text.components(separatedBy: "(found)").count, 2, "marked on the find's page only: \(found.text)")
        let named = try CommandRunner.run(["--page-size", "20", "-e", "list", "notes.txt"], in: temp.url)
        XCTAssertTrue(named.text.contains("\n2 notes.txt  (named)\n"), named.text)
    }
}
