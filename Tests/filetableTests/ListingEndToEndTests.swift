import Foundation
import TestSupport
import XCTest

/// The built executable on real trees: output, stderr and exit status.
final class ListingEndToEndTests: XCTestCase {
    private let sample = CommandRunner.packageRoot.appendingPathComponent("Samples")

    private func golden(_ name: String) throws -> String {
        try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("Tests/filetableTests/Golden/\(name)"), encoding: .utf8)
    }

    func testOneLineListingOfTheSampleMatchesGolden() throws {
        let result = try CommandRunner.run(["-1", "tree"], in: sample)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.text, try golden("sample-1.txt"))
        XCTAssertEqual(result.stderr, "")
    }

    func testNaturalOrderInTheSample() throws {
        let result = try CommandRunner.run(["-1", "tree/docs"], in: sample)
        XCTAssertEqual(result.text, "Chapter1.txt\nchapter2.txt\nchapter10.txt\nguide.md\n")
    }

    func testRecursiveClassifiedListingMatchesGolden() throws {
        let result = try CommandRunner.run(["-RF", "tree"], in: sample)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.text, try golden("sample-RF.txt"))
    }

    func testTreeDrawingMatchesGoldenAndTreeItself() throws {
        let result = try CommandRunner.run(["--tree", "tree"], in: sample)
        XCTAssertEqual(result.text, try golden("sample-tree.txt"))
        let temp = try TemporaryTree()
        for folder in ["alpha", "alpha/beta", "gamma"] { try temp.folder(folder) }
        temp.file("one", in: "alpha")
        temp.file("two", in: "alpha/beta")
        temp.file("three", in: "gamma")
        temp.file("zulu")
        temp.file(".hidden", in: "alpha")
        try temp.folder(".dotdir")
        try temp.link("link-to-alpha", to: "alpha")
        // tree's -a shows hidden files but never . and ..; a link to a directory counts as one.
        let all = try CommandRunner.run(["--tree", "-a", "."], in: temp.url)
        XCTAssertFalse(all.text.contains("── .\n") || all.text.contains("── ..\n"), all.text)
        XCTAssertTrue(all.text.hasSuffix("\n6 directories, 5 files\n"), all.text)
        guard CommandRunner.isInstalled("tree") else {
            print("skipped: tree is not installed; compared with the golden file only")
            return
        }
        for (ours, theirs) in [
            (["--tree"], "tree"), (["--tree", "-a"], "tree -a"), (["--tree", "--almost-all"], "tree -a"),
            (["--tree", "--depth", "1"], "tree -L 1"), (["--tree", "-a", "--depth", "2"], "tree -a -L 2"),
            (["--tree", "-a", "-L", "2"], "tree -a -L 2"),
        ] {
            let mine = try CommandRunner.run(ours + ["."], in: temp.url)
            let tree = try CommandRunner.shell("LC_ALL=C.UTF-8 \(theirs) .", in: temp.url)
            XCTAssertEqual(mine.text, tree.text, "\(ours) against \(theirs)")
        }
    }

    /// tree -l follows links and draws one that leads to a directory already
    /// drawn `[recursive, not followed]`; tree -F puts the indicator on a
    /// link's target. ls -R -L refuses only a loop (a directory inside itself).
    func testFollowedLinksAsTreeAndLsDrawThem() throws {
        let temp = try TemporaryTree()
        for folder in ["a/b", "c"] { try temp.folder(folder) }
        temp.file("f", in: "a")
        try temp.link("a/b/up", to: "..")
        try temp.link("c/toa", to: "../a")
        try temp.link("la", to: "a")
        _ = try CommandRunner.shell("chmod 755 a/f", in: temp.url)
        // tree's -l (after --tree, -L is tree's level).
        let followed = try CommandRunner.run(["--tree", "-l", "."], in: temp.url)
        XCTAssertEqual(followed.status, 0, followed.stderr)
        XCTAssertTrue(followed.text.contains("└── up -> ..  [recursive, not followed]\n"), followed.text)
        XCTAssertTrue(followed.text.contains("└── la -> a  [recursive, not followed]\n"), followed.text)
        let classified = try CommandRunner.run(["--tree", "-F", "."], in: temp.url)
        XCTAssertTrue(classified.text.hasPrefix("./\n"), classified.text)
        XCTAssertTrue(classified.text.contains("└── la -> a/\n") && classified.text.contains("── f*\n"), classified.text)
        if CommandRunner.isInstalled("tree") {
            for (ours, theirs) in [
                (["-l"], "-l"), (["-F"], "-F"), (["-l", "-F"], "-l -F"), (["-l", "--depth", "2"], "-l -L 2"), (["-l", "-L", "2"], "-l -L 2"),
            ] {
                let mine = try CommandRunner.run(["--tree"] + ours + ["."], in: temp.url)
                XCTAssertEqual(mine.text, try CommandRunner.shell("LC_ALL=C.UTF-8 tree \(theirs) .", in: temp.url).text, "\(ours)")
            }
        }
        let recursive = try CommandRunner.run(["-R", "-L", "."], in: temp.url)
        let ls = try CommandRunner.shell("LC_ALL=C ls -R -L .", in: temp.url)
        XCTAssertEqual(recursive.text, ls.text)
        XCTAssertEqual(recursive.status, ls.status)
        XCTAssertTrue(recursive.text.contains("./c/toa:\nb\nf\n"), "a link to a directory listed elsewhere is listed again")
    }

    /// --group-directories-first counts links to directories as directories
    /// and is ignored, like -r, with -U (as ls does).
    func testDirectoriesFirstAsLsGroupsThem() throws {
        let temp = try TemporaryTree()
        for name in ["b", "d"] { temp.file(name) }
        for folder in ["a", "c"] { try temp.folder(folder) }
        try temp.link("e", to: "a")
        for arguments in [
            ["--group-directories-first", "-1"], ["--group-directories-first", "-1r"], ["--group-directories-first", "-1U"],
            ["--group-directories-first", "-1Ur"], ["-1Ur"], ["--group-directories-first", "-l"],
        ] {
            let ours = try CommandRunner.run(arguments, in: temp.url)
            let theirs = try CommandRunner.shell("LC_ALL=C ls " + arguments.joined(separator: " "), in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "\(arguments)")
        }
        XCTAssertEqual(try CommandRunner.run(["--group-directories-first", "-1"], in: temp.url).text, "a\nc\ne\nb\nd\n")
    }

    /// ls's letters for inodes, directories themselves, access times and
    /// time styles, and -F on a link's target, byte for byte against ls.
    func testLsLettersMatchLs() throws {
        let temp = try TemporaryTree()
        temp.file("apple", contents: "12345")
        temp.file("banana", contents: String(repeating: "b", count: 5000))
        temp.file("tool", contents: "#!/bin/sh\n")
        try temp.folder("cherry")
        try temp.link("to-tool", to: "tool")
        try temp.link("to-cherry", to: "cherry")
        _ = try CommandRunner.shell(
            """
            chmod 755 tool; touch -d '2001-02-03 04:05:06' banana; touch -d '2019-07-08 09:10:11' apple
            touch -a -d '2024-01-01 00:00:01' apple; touch -a -d '2023-01-01 00:00:01' banana; touch -a -d '2022-01-01 00:00:01' tool cherry
            """, in: temp.url)
        let cases: [[String]] = [
            ["-li"], ["-1i"], ["-i", "apple", "cherry"], ["-d", ".", "cherry", "to-cherry"], ["-ld", "cherry", "to-cherry"],
            ["-ldi", "."], ["-l", "--full-time"], ["-l", "--time-style=long-iso"], ["-l", "--time-style=iso"],
            ["--full-time", "-u"], ["-lu"], ["-ltu"], ["-u", "-1"], ["-u", "-1", "-S"], ["-lF"], ["-1F"], ["-ldF", "to-tool", "to-cherry"],
            // A link to a directory named on the command line: listed as the directory, except with -l or -F;
            // the files named are measured together with the directories, as ls does.
            ["-1F", "to-cherry", "apple"], ["-1", "to-cherry"], ["-lL", "to-cherry"], ["-l", "to-tool", "cherry", "apple"],
            ["-ls", "apple", "cherry"], ["-1si", "tool", "banana", "cherry"],
        ]
        for arguments in cases {
            let ours = try CommandRunner.run(arguments, in: temp.url)
            let theirs = try CommandRunner.shell("LC_ALL=C ls " + arguments.map { "'\($0)'" }.joined(separator: " "), in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "\(arguments)")
            XCTAssertEqual(ours.status, theirs.status, "\(arguments)")
        }
    }

    /// Inode numbers of different widths (a mount point's is 1 or 2, a file's
    /// seven digits): ls pads them to one width, except in an unsorted -1
    /// listing, which it prints as it reads (each number its own width).
    func testInodesOfDifferentWidthsArePaddedAsLsPadsThem() throws {
        let cases: [[String]] = [["-1id", "/", "/proc", "/usr/bin"], ["-1iU", "/"], ["-id", "/", "/usr/bin"]]
        for arguments in cases {
            let ours = try CommandRunner.run(arguments)
            let theirs = try CommandRunner.shell("LC_ALL=C ls " + arguments.joined(separator: " "))
            XCTAssertEqual(ours.text, theirs.text, "\(arguments)")
        }
    }

    /// Without a listing letter, a session no one types into lists as ls
    /// would: standard input empty or /dev/null (cron, CI), whatever the
    /// other letters; standard input with commands stays a batch, and -e too.
    func testNoCommandOnStandardInputListsAsLs() throws {
        let temp = try TemporaryTree()
        temp.file("apple")
        try temp.folder("cherry")
        temp.file("kiwi", in: "cherry")
        for letters in ["-p", "-F", "-a", "-I 'k*' -R", "", "-F . cherry"] {
            let ours = try CommandRunner.shell("\"$FILETABLE\" \(letters) < /dev/null", in: temp.url)
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(letters) < /dev/null", in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "filetable \(letters) < /dev/null")
            XCTAssertEqual(ours.status, 0, ours.stderr)
        }
        let blank = try CommandRunner.shell("printf '\\n  \\n' | \"$FILETABLE\" -p", in: temp.url)
        XCTAssertEqual(blank.text, "apple\ncherry/\n")
        let batch = try CommandRunner.shell("printf 'pwd\\n' | \"$FILETABLE\" -p .", in: temp.url)
        XCTAssertEqual(batch.text, "\(temp.path)\n", "commands on standard input are a session's")
        let command = try CommandRunner.shell("\"$FILETABLE\" -e pwd . < /dev/null", in: temp.url)
        XCTAssertTrue(command.text.hasSuffix("\(temp.path)\n"), command.text)
    }

    func testLongFormatMatchesLs() throws {
        // `..` is a directory of the test's own (not /tmp, where other runs come and go).
        let outer = try TemporaryTree()
        let temp = try TemporaryTree(in: outer)
        temp.file("apple", contents: "12345")
        temp.file("banana", contents: String(repeating: "b", count: 5000))
        try temp.folder("cherry")
        try temp.link("date", to: "apple")
        _ = try CommandRunner.shell("chmod 4755 apple; chmod 1777 cherry; touch -d '2001-02-03 04:05:06' banana", in: temp.url)
        let ours = try CommandRunner.run(["-l"], in: temp.url)
        let theirs = try CommandRunner.shell("ls -l", in: temp.url)
        XCTAssertEqual(ours.text, theirs.text)
        let human = try CommandRunner.run(["-lh"], in: temp.url)
        let lsHuman = try CommandRunner.shell("ls -lh", in: temp.url)
        XCTAssertEqual(human.text, lsHuman.text)
        let all = try CommandRunner.run(["-la"], in: temp.url)
        XCTAssertEqual(all.text, try CommandRunner.shell("ls -la", in: temp.url).text)
    }

    func testRecursiveListingMatchesLs() throws {
        let temp = try TemporaryTree()
        for folder in ["a", "a/b", "c"] { try temp.folder(folder) }
        temp.file("f", in: "a/b")
        temp.file("g", in: "c")
        let ours = try CommandRunner.run(["-R", "."], in: temp.url)
        XCTAssertEqual(ours.text, try CommandRunner.shell("ls -R .", in: temp.url).text)
        let long = try CommandRunner.run(["-lR"], in: temp.url)
        XCTAssertEqual(long.text, try CommandRunner.shell("ls -lR", in: temp.url).text)
    }

    func testSeveralOperandsListFilesFirstThenEachDirectoryWithAHeader() throws {
        let result = try CommandRunner.run(["-1", "tree/src", "tree/README.txt", "tree/images"], in: sample)
        XCTAssertEqual(result.text, "tree/README.txt\n\ntree/images:\npixel.png\n\ntree/src:\nlib\nmain.c\n")
    }

    func testMissingOperandIsReportedAndTheRestStillPrints() throws {
        let result = try CommandRunner.run(["-1", "no-such-thing", "tree/images"], in: sample)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "filetable: no-such-thing: No such file or directory\n")
        XCTAssertEqual(result.text, "tree/images:\npixel.png\n")
    }

    /// A directory bind-mounted inside itself is reported, not listed
    /// again, by -R (status 2, as ls -R); --du and --tree end as du and
    /// tree do. Needs root and mount (skipped otherwise).
    func testABindMountInsideItselfIsNotListedTwice() throws {
        let temp = try TemporaryTree()
        let mounted = try CommandRunner.shell("mkdir -p top/a/inner && mount --bind top top/a/inner 2>&1 && echo mounted", in: temp.url)
        try XCTSkipUnless(mounted.text.contains("mounted"), "skipped: cannot bind-mount here (\(mounted.text))")
        defer { _ = try? CommandRunner.shell("umount top/a/inner", in: temp.url) }
        let recursive = try CommandRunner.shell("\"$FILETABLE\" -R top; echo \"status $?\"", in: temp.url)
        XCTAssertEqual(recursive.text, "top:\na\n\ntop/a:\ninner\nstatus 2\n")
        XCTAssertTrue(recursive.stderr.contains("top/a/inner: not listing already-listed directory"), recursive.stderr)
        let theirs = try CommandRunner.shell("LC_ALL=C ls -R top", in: temp.url)
        XCTAssertEqual(recursive.text, theirs.text + "status 2\n")
        if CommandRunner.isInstalled("du") {
            XCTAssertEqual(
                try CommandRunner.run(["--du", "-d", "9", "top"], in: temp.url).text.split(separator: "\n").sorted(),
                try CommandRunner.shell("du top", in: temp.url).text.split(separator: "\n").sorted())
        }
    }

    /// A working directory removed while in it lists as empty, status 0 (its
    /// read ends with ENOENT, which glibc and ls take as its end).
    func testARemovedWorkingDirectoryListsAsEmpty() throws {
        let temp = try TemporaryTree()
        let result = try CommandRunner.shell(
            "mkdir gone && cd gone && rmdir ../gone && \"$FILETABLE\" -1; echo \"status $?\"; \"$FILETABLE\" -l; echo \"status $?\"", in: temp.url)
        XCTAssertEqual(result.text, "status 0\ntotal 0\nstatus 0\n", result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    /// Long options abbreviate as getopt allows: a beginning one name has,
    /// or one name of the mode's own options has (as the peer's getopt sees
    /// only its own: `--he` is ls's `--help`, `--no` ls's `--no-group`,
    /// `--hex --no` hexdump's `--no-squeeze`); one several names share is
    /// refused with their names.
    func testLongOptionsAbbreviate() throws {
        let temp = try TemporaryTree()
        temp.file("b", contents: "")
        temp.file("a", contents: "")
        XCTAssertEqual(try CommandRunner.run(["--recur", "--sort=bytes"], in: temp.url).text, ".:\na\nb\n")
        XCTAssertEqual(
            try CommandRunner.run(["--du", "--summ", "--apparent", "."], in: temp.url).text,
            try CommandRunner.run(["--du", "--summarize", "--apparent-size", "."], in: temp.url).text)
        XCTAssertTrue(try CommandRunner.run(["--he"], in: temp.url).text.hasPrefix("Usage:"))
        XCTAssertEqual(
            try CommandRunner.run(["-l", "--no", "--time-style=+T"], in: temp.url).text,
            try CommandRunner.run(["-l", "--no-group", "--time-style=+T"], in: temp.url).text)
        temp.file("zeros", contents: String(repeating: "\0", count: 64))
        XCTAssertEqual(
            try CommandRunner.run(["--hex", "--no", "zeros"], in: temp.url).text,
            try CommandRunner.run(["--hex", "--no-squeeze", "zeros"], in: temp.url).text)
        let ambiguous = try CommandRunner.run(["--hid"], in: temp.url)
        XCTAssertEqual(ambiguous.status, 2)
        XCTAssertTrue(
            ambiguous.stderr.contains("option '--hid' is ambiguous; possibilities: '--hide' '--hide-control-chars'"), ambiguous.stderr)
    }

    func testBadFlagAndBadValuesExitWithStatusTwo() throws {
        let bad = try CommandRunner.run(["-j"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("filetable: invalid option -- 'j'"))
        // A letter of the other mode says which mode it belongs to.
        let treeLetter = try CommandRunner.run(["-P", "x", "."])
        XCTAssertEqual(treeLetter.status, 2)
        XCTAssertTrue(treeLetter.stderr.contains("-P is a letter of other modes: du's after --du, tree's after --tree."), treeLetter.stderr)
        let oldCommandLetter = try CommandRunner.run(["-c", "ls", "."])
        XCTAssertEqual(oldCommandLetter.status, 2)
        XCTAssertTrue(oldCommandLetter.stderr.contains("-c is ls's ctime; REPL commands are given with -e 'CMD; CMD'"), oldCommandLetter.stderr)
        let listingLetter = try CommandRunner.run(["--hex", "-S", "."])
        XCTAssertTrue(listingLetter.stderr.contains("-S is a listing letter"), listingLetter.stderr)
        let sort = try CommandRunner.run(["--sort=colour"])
        XCTAssertEqual(sort.status, 1, "a word ls's argmatch does not know: 1, as ls")
        XCTAssertTrue(sort.stderr.contains("Valid arguments are: name, size, time, ext, none"))
        let depth = try CommandRunner.run(["--depth"])
        XCTAssertEqual(depth.status, 2)
        XCTAssertTrue(depth.stderr.contains("requires an argument"))
    }

    func testFlagForms() throws {
        // --opt value, --opt=value, combined short flags and -- all work.
        let a = try CommandRunner.run(["--sort", "size", "-1r", "tree/docs"], in: sample)
        let b = try CommandRunner.run(["--sort=size", "-r", "-1", "--", "tree/docs"], in: sample)
        XCTAssertEqual(a.text, b.text)
        XCTAssertEqual(a.text.split(separator: "\n").first, "chapter2.txt")
        let dash = try TemporaryTree()
        dash.file("-l")
        let listed = try CommandRunner.run(["-1", "--", "-l"], in: dash.url)
        XCTAssertEqual(listed.text, "-l\n")
    }

    func testSectionsByKindWithHeadersAndFooters() throws {
        let result = try CommandRunner.run(["-1", "--group", "kind", "tree"], in: sample)
        XCTAssertEqual(
            result.text,
            """
            == Folders ==
            docs
            images
            src
            -- 3 entries --
            == Files ==
            README.txt
            run.sh
            -- 2 entries --
            == Links ==
            link-to-readme
            -- 1 entry --

            """)
    }

    func testDepthLimitsTheTree() throws {
        let result = try CommandRunner.run(["--tree", "--depth", "1", "tree"], in: sample)
        XCTAssertEqual(result.text.split(separator: "\n").count, 8)
        XCTAssertTrue(result.text.hasSuffix("\n4 directories, 3 files\n"))
    }

    func testHelpAndVersion() throws {
        let help = try CommandRunner.run(["--help"])
        XCTAssertEqual(help.status, 0)
        // One synopsis line a mode, the listing first (issue 36: ls's letters came after hex, xxd, du and tree).
        XCTAssertTrue(help.text.hasPrefix("Usage:\n  filetable -l|-1|-C|--json [OPTION]... [PATH]...   list, in ls's letters\n"), help.text)
        let lines = help.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.prefix(9).filter { $0.hasPrefix("  filetable ") }.count, 8, "a line a mode")
        XCTAssertLessThan(help.text.range(of: "Listing formats")!.lowerBound, help.text.range(of: "Hex dumps")!.lowerBound)
        // A mode's own help: its letters alone.
        let du = try CommandRunner.run(["--du", "--help"])
        XCTAssertTrue(du.text.contains("After --du, du's letters:"), du.text)
        XCTAssertFalse(du.text.contains("Listing formats") || du.text.contains("Hex dumps"), du.text)
        for flag in ["--json", "--print0", "--tree", "--depth", "--color", "--group-directories-first", "--batch FILE", "-e", "--page-size"] {
            XCTAssertTrue(help.text.contains(flag), "help does not mention \(flag)")
        }
        let version = try CommandRunner.run(["--version"])
        XCTAssertTrue(version.text.hasPrefix("filetable "))
    }

    func testClosedPipeEndsQuietly() throws {
        // 20,000 files: made in memory where the system allows (a disk file system here takes seconds).
        let temp = try TemporaryTree.inMemory()
        for i in 0..<20000 { temp.file("file-\(i)") }
        let result = try CommandRunner.shell("\"$FILETABLE\" -1 . | head -1; echo \"status ${PIPESTATUS:-}\"", in: temp.url)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.text.hasPrefix("file-0\n"))
    }

    func testWriteErrorIsReported() throws {
        let result = try CommandRunner.shell("\"$FILETABLE\" -1 tree > /dev/full", in: sample)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "filetable: write error: No space left on device\n")
    }

    func testColorFollowsFlagAndNoColor() throws {
        let always = try CommandRunner.run(["-1", "--color=always", "tree"], in: sample)
        XCTAssertTrue(always.text.contains("\u{1B}[01;34mdocs\u{1B}[0m"))
        XCTAssertTrue(always.text.contains("\u{1B}[01;32mrun.sh\u{1B}[0m"))
        let custom = try CommandRunner.run(["-1", "--color=always", "tree"], in: sample, environment: ["LS_COLORS": "di=04;33"])
        XCTAssertTrue(custom.text.contains("\u{1B}[04;33mdocs\u{1B}[0m"))
        // auto never colours a pipe, and NO_COLOR wins over auto.
        let auto = try CommandRunner.run(["-1", "--color=auto", "tree"], in: sample)
        XCTAssertFalse(auto.text.contains("\u{1B}"))
        let noColor = try CommandRunner.shell("NO_COLOR=1 script -qc '\"$FILETABLE\" -1 tree' /dev/null", in: sample)
        if noColor.status == 0 { XCTAssertFalse(noColor.text.contains("\u{1B}[01;34m")) }
    }
}
