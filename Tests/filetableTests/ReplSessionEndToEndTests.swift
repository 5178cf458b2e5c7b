import Foundation
import TestSupport
import XCTest

/// Scripted REPL sessions run end to end, with the complete output checked.
final class ReplSessionEndToEndTests: XCTestCase {
    /// root/ holds a1 a2 a10 B, folder deep/ with level2/level3, and notes.txt.
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for folder in ["deep", "deep/level2", "deep/level2/level3"] { try temp.folder(folder) }
        for name in ["a1", "a2", "a10", "B"] { temp.file(name, contents: String(repeating: "x", count: name.count * 100)) }
        temp.file("notes.txt", contents: "hello\n")
        for name in ["x1", "x2", "x3", "x4"] { temp.file(name, in: "deep") }
        for name in ["y1", "y2", "y3"] { temp.file(name, in: "deep/level2") }
        temp.file("bottom", in: "deep/level2/level3")
        return temp
    }

    private func session(
        _ commands: String, in temp: TemporaryTree, extra: [String] = [],
        environment: [String: String] = [:]
    ) throws -> CommandResult {
        try CommandRunner.run(["--page-size", "3", "-e", commands] + extra + ["."], in: temp.url, environment: environment)
    }

    func testNavigatingThreeLevelsDownAndBackRestoresEachLevel() throws {
        let temp = try makeTree()
        let result = try session(
            "sort name desc; next; open 2; next; sort name; next; open 1; goto 4; open 1; pwd; back; back; back",
            in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let root = temp.path
        let expected = """
            \(root) | 6 entries | sort name desc | page 1 of 2
            1 notes.txt
            2 deep >
            3 B
            -- n next, a number opens its row, b back, help --
            \(root) | 6 entries | sort name desc | page 2 of 2
            4 a10
            5 a2
            6 a1
            -- p prev, a number opens its row, b back, help --
            \(root)/deep | 5 entries | sort name desc | page 1 of 2
            1 x4
            2 x3
            3 x2
            -- n next, a number opens its row, b back, help --
            \(root)/deep | 5 entries | sort name desc | page 2 of 2
            4 x1
            5 level2 >
            -- p prev, a number opens its row, b back, help --
            \(root)/deep | 5 entries | sort name | page 1 of 2
            1 level2 >
            2 x1
            3 x2
            -- n next, a number opens its row, b back, help --
            \(root)/deep | 5 entries | sort name | page 2 of 2
            4 x3
            5 x4
            -- p prev, a number opens its row, b back, help --
            \(root)/deep/level2 | 4 entries | sort name | page 1 of 2
            1 level3 >
            2 y1
            3 y2
            -- n next, a number opens its row, b back, help --
            \(root)/deep/level2 | 4 entries | sort name | page 2 of 2
            4 y3
            -- p prev, a number opens its row, b back, help --
            \(root)/deep/level2/level3 | 1 entry | sort name | page 1 of 1
            1 bottom
            -- a number opens its row, b back, help --
            \(root) > deep > level2 > level3
            \(root)/deep/level2/level3
            \(root)/deep/level2 | 4 entries | sort name | page 2 of 2
            4 y3
            -- p prev, a number opens its row, b back, help --
            \(root)/deep | 5 entries | sort name | page 2 of 2
            4 x3
            5 x4
            -- p prev, a number opens its row, b back, help --
            \(root) | 6 entries | sort name desc | page 2 of 2
            4 a10
            5 a2
            6 a1
            -- p prev, a number opens its row, b back, help --
            """
        XCTAssertEqual(result.text, expected + "\n")
    }

    func testAFailingCommandStopsTheBatchWithStatusOne() throws {
        let temp = try makeTree()
        let result = try session("goto 4; open 99; list", in: temp)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "filetable: line 2: open: no row 99 (rows are 1-6)\n")
        XCTAssertFalse(result.text.contains("page 1 of 2"), "the batch went on after the failure")
    }

    func testADashPrefixedFailureIsReportedAndTheBatchGoesOn() throws {
        let temp = try makeTree()
        let result = try session("-open 99; -lsit; -back; goto 4; quit; list", in: temp)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stderr,
            """
            filetable: line 1: open: no row 99 (rows are 1-6)
            filetable: line 2: unknown command 'lsit'; did you mean 'list'?
            filetable: line 3: back: nothing to go back to (this is the first level)

            """)
        XCTAssertEqual(result.text.components(separatedBy: "page 2 of 2").count, 2, "goto ran once and quit ended the batch")
    }

    func testBatchFileWithCommentsAndBlankLinesAndStdin() throws {
        let temp = try makeTree()
        let script = temp.url.appendingPathComponent("script.ft")
        try "# a comment\n\nsort name desc\n   \nstats\n".write(to: script, atomically: true, encoding: .utf8)
        let fromFile = try CommandRunner.run(["--page-size", "3", "-b", script.path, "."], in: temp.url)
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertTrue(
            fromFile.text.hasPrefix("\(temp.path) | 7 entries | sort name desc | page 1 of 3\n1 script.ft\n2 notes.txt\n3 deep >\n"), fromFile.text)
        XCTAssertTrue(fromFile.text.hasSuffix("rows: 7\nentries materialised: 0\ncells created: 3\ncells reused: 0\ncache entries: 0\n"))
        let fromStdin = try CommandRunner.shell("printf 'goto 3\\ninfo 1\\n' | \"$FILETABLE\" --page-size 3 .", in: temp.url)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertTrue(fromStdin.text.contains("type:        file\nsize:        200 bytes\n"), fromStdin.text)
        XCTAssertTrue(fromStdin.text.contains("content:     text\n"))
    }

    func testInfoOfDirectoriesLinksAndBinaries() throws {
        let temp = try makeTree()
        try temp.link("to-notes", to: "notes.txt")
        try temp.link("broken", to: "missing")
        _ = FileManager.default.createFile(atPath: temp.path + "/bin", contents: Data([0x61, 0x62, 0x00, 0x63]))
        let result = try session("filter deep; info 1; filter bin; info 1; filter to-notes; info 1; filter broken; info 1", in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("type:        directory\n"))
        XCTAssertTrue(result.text.contains("entries:     5\n"))
        XCTAssertTrue(result.text.contains("content:     binary (NUL bytes in the first 8 KiB)\n"))
        XCTAssertTrue(result.text.contains("target:      notes.txt\n"))
        XCTAssertTrue(result.text.contains("target:      missing (dangling)\n"))
    }

    func testViewSettingsSectionsAndStyles() throws {
        let temp = try makeTree()
        let result = try session(
            "group kind; index; jump files; style value2; group none; hidden on; filter a*; style value1", in: temp,
            extra: ["--page-size", "10"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("== Folders ==\n1 deep >\n-- 1 entry --\n== Files ==\n2 a1\n"))
        XCTAssertTrue(result.text.contains("Folders Files\n"))
        XCTAssertTrue(result.text.contains(" dir  deep >\n"))
        XCTAssertTrue(result.text.contains("file  notes.txt\n"))
        XCTAssertTrue(result.text.contains("| 3 entries | sort name | filter a* | hidden shown | page 1 of 1\n1 a1  200\n2 a2  200\n3 a10  300\n"))
    }

    /// find walks below the table as find(1) does (a directory's contents
    /// right after its row), shows a deeper match as a level that the next
    /// step takes off again, stops at --depth, and says when it is done.
    func testFindWalksTheSubtreeAndGoesOn() throws {
        let temp = try makeTree()
        let result = try session("find l; n; -find; pwd; find level --depth 2; -find; find NOTES", in: temp)
        XCTAssertEqual(result.status, 0, result.stderr)
        let found = result.text.split(separator: "\n").filter { $0.hasPrefix("find: ") }
        XCTAssertEqual(
            found,
            [
                "find: deep/level2, row 1 here ('n' or 'find' for the next match; 'back' returns)",
                "find: deep/level2/level3, row 1 here ('n' or 'find' for the next match; 'back' returns)",
                "find: deep/level2, row 1 here ('n' or 'find' for the next match; 'back' returns)",
                "find: row 6 ('n' or 'find' for the next match)",
            ])
        XCTAssertTrue(result.text.contains("\(temp.path)/deep/level2 | 4 entries"), result.text)
        XCTAssertEqual(
            result.stderr,
            """
            filetable: line 3: find: no more names contain 'l' (4 directories searched); 'find l' starts over
            filetable: line 6: find: no more names contain 'level' (2 directories searched); 'find level' starts over

            """)
        // The level a match showed is taken off when the search goes on: pwd is where it began.
        XCTAssertTrue(result.text.contains("\n" + temp.path + "\n"), result.text)
    }

    /// `!CMD` runs in the directory the table lists, entered by its
    /// descriptor (so a rename under it does not matter); a failure stops a
    /// script unless the line starts with '-'. `pager N` takes $PAGER's words
    /// (never as shell code), and refuses a directory.
    func testShellCommandsAndThePagerRunInTheTablesDirectory() throws {
        let temp = try makeTree()
        let shell = try session("cd deep; !mv ../deep ../moved; !pwd -P; -!exit 4; !echo after", in: temp)
        XCTAssertEqual(shell.status, 0, shell.stderr)
        XCTAssertTrue(shell.text.contains("\n\(temp.path)/moved\nafter\n"), shell.text)
        XCTAssertEqual(shell.stderr, "filetable: line 4: !: exit status 4\n")
        let stops = try session("!false; !echo never", in: temp)
        XCTAssertEqual(stops.status, 1)
        XCTAssertFalse(stops.text.contains("never"))

        let pager = try session("pager notes.txt", in: temp, environment: ["PAGER": "cat -n"])
        XCTAssertEqual(pager.text, "     1\thello\n")
        let refused = try session("-pager moved; pager notes.txt", in: temp, environment: ["PAGER": "cat; echo injected"])
        XCTAssertFalse(refused.text.contains("injected"), refused.text)
        XCTAssertEqual(
            refused.stderr,
            """
            filetable: line 1: pager: \(temp.path)/moved is a directory; 'open 5' lists it
            sh: 1: exec: cat;: not found
            filetable: line 2: pager: command not found (exit status 127)

            """)
    }

    func testFindReloadAndStats() throws {
        let temp = try makeTree()
        let result = try session("find A; find a; find zzz", in: temp)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.text.contains("find: row 1 ('n' or 'find' for the next match)\n"), result.text)
        XCTAssertTrue(result.text.contains("find: row 2 ('n' or 'find' for the next match)\n"), result.text)
        XCTAssertEqual(result.stderr, "filetable: line 3: find: no name contains 'zzz' (4 directories searched)\n")
        let reload = try CommandRunner.shell(
            "\"$FILETABLE\" --page-size 3 -e 'goto 5; -reload' . && touch new1 new2 && rm a1 && \"$FILETABLE\" --page-size 3 -e 'stats' .",
            in: temp.url)
        XCTAssertTrue(reload.text.contains("reloaded: +0 -0\n"), reload.text)
        XCTAssertTrue(reload.text.contains("rows: 7\n"))
    }

    func testADirectoryThatVanishedSinceItWasListed() throws {
        let temp = try makeTree()
        // The session reads its commands from a pipe; the directory is removed
        // once it has shown `deep` (or after 5 s, when its output is held
        // back), before the next command is sent: no race with a busy machine.
        let result = try CommandRunner.shell(
            """
            { echo 'cd deep'; i=0
              until grep -q '/deep |' shown 2>/dev/null || [ $i -ge 500 ]; do sleep 0.01; i=$((i+1)); done
              rm -r deep; echo '-reload'; echo '-back'; echo '-open 5'; echo 'pwd'; } | "$FILETABLE" --page-size 3 . > shown
            status=$?; cat shown; rm shown; exit $status
            """, in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            """
            filetable: line 2: reload: \(temp.path)/deep: the directory no longer exists (back or cd elsewhere)
            filetable: line 4: open: \(temp.path)/deep: No such file or directory

            """)
        // pwd back at the first level: its path, once.
        XCTAssertTrue(result.text.hasSuffix("help --\n\(temp.path)\n"), result.text)
    }

    func testMissingStartPathAndBadCd() throws {
        let temp = try makeTree()
        let missing = try CommandRunner.run(["-e", "ls", "nowhere"], in: temp.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "filetable: nowhere: No such file or directory\n")
        let cd = try session("-cd notes.txt; -cd nowhere; cd deep/level2; up; pwd", in: temp)
        XCTAssertEqual(cd.status, 0, cd.stderr)
        XCTAssertEqual(
            cd.stderr,
            """
            filetable: line 1: cd: \(temp.path)/notes.txt: Not a directory
            filetable: line 2: cd: \(temp.path)/nowhere: No such file or directory

            """)
        // Levels not opened inside the one before them read as their paths (issue 36: `> level2 > deep` read as one path).
        XCTAssertTrue(cd.text.hasSuffix("\(temp.path) > \(temp.path)/deep/level2 > \(temp.path)/deep\n\(temp.path)/deep\n"), cd.text)
    }
}
