import Foundation
import TestSupport
import XCTest

/// The two levels whose rows are not one directory's: every match of
/// `find TEXT --all`, and the plan (`marks`). Each takes the commands any
/// level takes, and `back` returns.
final class GatheredLevelsEndToEndTests: XCTestCase {

    /// notes.txt at the top, deeper notes below, a hidden one, and a link
    /// to a directory (never followed).
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        try temp.folder("a/b/c")
        try temp.folder("z")
        try temp.folder(".hidden")
        temp.file("deep-notes", contents: "deep\n", in: "a/b/c")
        temp.file("notes.txt", contents: "top\n")
        temp.file("Notes.md", contents: "middle\n", in: "z")
        temp.file("notes", contents: "hidden\n", in: ".hidden")
        temp.file("other.txt")
        try temp.link("loop", to: ".")
        return temp
    }

    func testFindAllListsEveryMatchNearestFirstOneLineAMatch() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("find notes --all", in: temp, pageSize: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = result.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "\(temp.path) | find 'notes': 3 matches | sort name | page 1 of 1")
        // Nearest first: this directory, then one level down, then deeper; links are not followed.
        // One line a match, named by its path below the start, as find prints it.
        XCTAssertEqual(
            rows.filter { $0.hasPrefix("==") || $0.hasPrefix("-- ") || $0.first?.isNumber == true },
            ["1  notes.txt", "2  z/Notes.md", "3  a/b/c/deep-notes", "-- a number opens its row, b back, help --"])
        XCTAssertTrue(
            result.text.contains(
                "find: 3 matches in 3 of 5 directories searched; hidden skipped ('hidden on')"),
            result.text)
        let hidden = try CommandRunner.script("hidden on; find notes --all", in: temp, pageSize: 30)
        XCTAssertTrue(hidden.text.contains("\n2  .hidden/notes\n"), hidden.text)
        let shallow = try CommandRunner.script("find notes --all --depth 2", in: temp, pageSize: 30)
        XCTAssertTrue(shallow.text.contains("find 'notes': 2 matches"), shallow.text)
        let none = try CommandRunner.script("find nothing-like-it --all", in: temp, pageSize: 30)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("find: no name contains 'nothing-like-it' (5 directories searched"), none.stderr)
    }

    func testAMatchLevelTakesInfoViewOpenMarkReloadAndBack() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script(
            "find e --all; info deep-notes; view 4; back; find b --all; open 1; back; back; pwd; find notes --all; mark 3; marks --print", in: temp,
            pageSize: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Rows are reached through their own directories, and named by their full paths.
        XCTAssertTrue(result.text.contains("path:        \(temp.path)/a/b/c/deep-notes\n"), result.text)
        XCTAssertTrue(result.text.contains("     1  deep\n"), "view shows the deep file: \(result.text)")
        // open on a directory row pushes that directory; back returns to the matches, then to the start.
        XCTAssertTrue(result.text.contains("\(temp.path)/a/b | 1 entry |"), result.text)
        XCTAssertTrue(result.text.contains("\n\(temp.path)\n\(temp.path) | find 'notes'"), "pwd after two backs: \(result.text)")
        XCTAssertTrue(result.text.contains("\(temp.path)/a/b/c:\n  deep-notes\n"), "marked from the match level: \(result.text)")
        // A marked match stays in the table with a D.
        XCTAssertTrue(result.text.contains("3 D a/b/c/deep-notes"), result.text)
        XCTAssertTrue(result.text.contains("1   notes.txt"), "rows not marked leave the control column blank: \(result.text)")
        // reload searches again.
        let again = try CommandRunner.shell(
            """
            { echo 'find notes --all'; sleep 1; echo reload; } | "$FILETABLE" --page-size 30 . & sleep 0.5; touch a/more-notes; wait $!
            """, in: temp.url)
        XCTAssertTrue(again.text.contains("reloaded: +1 -0"), again.text)
        XCTAssertTrue(again.text.contains("\n2  a/more-notes\n"), again.text)
        // Commands of a directory's table say why they do not apply.
        let du = try CommandRunner.script("find notes --all; du", in: temp, pageSize: 30)
        XCTAssertTrue(du.stderr.contains("du: works on a directory's table; this one lists the names holding 'notes' ('back' returns)"), du.stderr)
    }

    /// A match is named by its path or, when only one row has it, by its
    /// own name; two of the same name are refused with both paths.
    func testAMatchIsNamedByItsPathOrItsOwnNameWhenOnlyOneHasIt() throws {
        let temp = try makeTree()
        temp.file("deep-notes", contents: "shallow\n", in: "z")
        var result = try CommandRunner.script("find deep --all; view a/b/c/deep-notes", in: temp, pageSize: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("     1  deep\n"), result.text)
        result = try CommandRunner.script("find deep --all; info deep-notes", in: temp, pageSize: 30)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr, "filetable: line 2: info: 2 rows are named 'deep-notes' (z/deep-notes, a/b/c/deep-notes); type the path or the number\n")
        result = try CommandRunner.script("find deep --all --depth 2; view deep-notes", in: temp, pageSize: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("     1  shallow\n"), result.text)
    }

    func testThePlanIsALevelOfMarkedPathsWithItsTotalsUnderEveryPage() throws {
        let temp = try makeTree()
        temp.file("big", contents: String(repeating: "x", count: 3000))
        let result = try CommandRunner.script(
            "mark big other.txt; cd a/b/c; mark 1; marks; sort size; unmark 3; info 1; back; back; list; marks", in: temp, pageSize: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pages = result.text.components(separatedBy: "marks | ").map { $0.components(separatedBy: "-- a number opens its row")[0] }
        XCTAssertEqual(pages.count, 5, result.text)
        XCTAssertTrue(pages[1].hasPrefix("3 marked paths | sort name | page 1 of 1\n"), pages[1])
        XCTAssertTrue(pages[1].contains("== \(temp.path) ==\n1 big\n2 other.txt\n"), pages[1])
        XCTAssertTrue(pages[1].contains("== \(temp.path)/a/b/c ==\n3 deep-notes\n"), pages[1])
        XCTAssertTrue(pages[1].contains("\ntotal: 3 files, 0 directories, 3005 bytes (3.0 KiB), "), pages[1])
        // sort size within each directory; unmark from the plan takes the row and its bytes out.
        XCTAssertTrue(pages[2].hasPrefix("3 marked paths | sort size |"), pages[2])
        XCTAssertTrue(result.text.contains("unmarked 1 (2 in the plan)"), result.text)
        XCTAssertTrue(pages[3].hasPrefix("2 marked paths | sort size |"), pages[3])
        XCTAssertFalse(pages[3].contains("deep-notes"), pages[3])
        XCTAssertTrue(pages[3].contains("\ntotal: 2 files, 0 directories, 3000 bytes (3.0 KiB), "), pages[3])
        XCTAssertTrue(result.text.contains("path:        \(temp.path)/big\n"), result.text)
        // back from the plan returns to the level it was opened on, then the one before.
        XCTAssertTrue(result.text.contains("\(temp.path) | 4 entries |"), result.text)
        XCTAssertTrue(pages[4].hasPrefix("2 marked paths | sort name |"), "a new plan level: \(pages[4])")
    }

    func testAPlanRowIsCheckedAgainWhenItIsDrawn() throws {
        let temp = try makeTree()
        let result = try CommandRunner.shell(
            """
            { echo 'mark other.txt notes.txt'; echo marks; sleep 1.2; echo 'reload'; echo 'marks prune'; } \
              | "$FILETABLE" --page-size 30 . & sleep 0.6; rm other.txt; echo changed > notes.txt; wait $!
            """, in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pages = result.text.components(separatedBy: "marks | ")
        XCTAssertEqual(pages.count, 4, result.text)
        let last = pages[2]
        XCTAssertTrue(last.contains("1 notes.txt  (changed (size 4 -> 8, modification time))\n"), last)
        XCTAssertTrue(last.contains("2 other.txt  (vanished)\n"), last)
        XCTAssertTrue(last.contains("vanished: 1 marked path no longer exists\n"), last)
        XCTAssertTrue(result.text.contains("marks prune: dropped 1 (1 in the plan"), result.text)
        XCTAssertTrue(pages[3].hasPrefix("1 marked path |"), pages[3])
    }
}

/// Marks by the ten thousand: read on two threads, added as one batch, the
/// plan's level and totals from the store's own buffers.
final class LargePlanEndToEndTests: XCTestCase {
    func testMarkAllOnTenThousandEntriesAndThePlanLevel() throws {
        let temp = try TemporaryTree.inMemory()
        _ = try CommandRunner.shell("seq -f 'entry%05g' 10000 | xargs touch; echo 1234 > entry05000", in: temp.url)
        let result = try CommandRunner.run(
            ["-y", "--page-size", "20", "-e", "mark all; marks; end; unmark 2; top; back; show marked; list", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("marked 10000 (10000 in the plan;"), result.text)
        XCTAssertTrue(
            result.text.contains("marks | 10000 marked paths | sort name | page 1 of 500\n== \(temp.path) ==\n    1 entry00001\n"), result.text)
        XCTAssertTrue(result.text.contains("\ntotal: 10000 files, 0 directories, 5 bytes, 4 KiB on disk\n"), result.text)
        XCTAssertTrue(result.text.contains("marks | 10000 marked paths | sort name | page 500 of 500\n"), result.text)
        XCTAssertTrue(result.text.contains("\n10000 entry10000\n"), result.text)
        XCTAssertTrue(result.text.contains("page 500 of 500\n== \(temp.path) ==\n 9981 entry09981\n"), result.text)
        XCTAssertTrue(result.text.contains("unmarked 1 (9999 in the plan)"), result.text)
        XCTAssertTrue(
            result.text.contains("marks | 9999 marked paths | sort name | page 1 of 500\n== \(temp.path) ==\n   1 entry00001\n   2 entry00003\n"),
            result.text)
        XCTAssertTrue(result.text.contains("total: 9999 files, 0 directories, 5 bytes, 4 KiB on disk"), result.text)
        // Back in the directory, the one unmarked row is there, the rest carry a D.
        let last = CommandResult.lastPage(result.text)
        XCTAssertEqual(Array(last.prefix(3)), ["    1 D entry00001", "    2   entry00002", "    3 D entry00003"], result.text)
    }

    /// A row whose name leads to another file by the time it is read is
    /// refused wherever it falls (here in the half read on the second
    /// thread), and nothing is marked.
    func testARowReplacedAfterTheListingStopsAMarkOfThousands() throws {
        let temp = try TemporaryTree.inMemory()
        _ = try CommandRunner.shell("seq -f 'entry%05g' 10000 | xargs touch", in: temp.url)
        let result = try CommandRunner.shell(
            """
            { sleep 1; echo 'mark all'; } | "$FILETABLE" -y --page-size 20 . & sleep 0.5
            touch new; mv new entry09000; wait $!
            """, in: temp.url)
        XCTAssertEqual(result.status, 1, "the script stops at the refused mark")
        XCTAssertTrue(result.stderr.contains("mark: \(temp.path)/entry09000: the name leads to a different file"), result.stderr + result.text)
        XCTAssertFalse(result.text.contains("marked "), result.text)
    }
}
