import Foundation
import TestSupport
import XCTest

/// Rows named by name, and `cd` as a shell user types it: `cd N`, `cd`,
/// `cd -`, and `up` landing where you came from.
final class ReplNamesEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        temp.file("notes.txt", contents: "hello notes\n")
        temp.file("notebook", contents: "nb\n")
        temp.file("alpha.log", contents: "a\n")
        for i in 1...30 { try temp.folder(String(format: "dir%02d", i)) }
        temp.file("inner", in: "dir25")
        return temp
    }

    func testRowsCanBeNamedByNameOrAUniquePrefix() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script(
            "info notes.txt; view notes.txt; open dir25; back; info alp; hex notebook", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("path:        \(temp.path)/notes.txt\n"), result.text)
        XCTAssertTrue(result.text.contains("     1  hello notes\n"), result.text)
        XCTAssertTrue(result.text.contains("\(temp.path)/dir25 | 1 entry |"), result.text)
        XCTAssertTrue(result.text.contains("path:        \(temp.path)/alpha.log\n"), result.text)
        XCTAssertTrue(result.text.contains("00000000  6e 62 0a"), result.text)
        let ambiguous = try CommandRunner.script("info note", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        XCTAssertEqual(ambiguous.stderr, "filetable: line 1: info: 'note' starts 2 names (notebook, notes.txt); type more of it or the row number\n")
        let missing = try CommandRunner.script("open nothing", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        XCTAssertEqual(missing.stderr, "filetable: line 1: open: no row named 'nothing' in this view\n")
    }

    func testCdTakesRowNumbersHomeAndTheLastDirectory() throws {
        let temp = try makeTree()
        // Rows: alpha.log, dir01 … dir30, notebook, notes.txt (natural order).
        let result = try CommandRunner.script("cd 3; pwd; cd; pwd; cd -; pwd", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The paths pwd prints (and cd - echoes), without breadcrumbs and headers.
        let paths = result.text.split(separator: "\n").filter { $0.hasPrefix("/") && !$0.contains(" | ") && !$0.contains(" > ") }
        XCTAssertEqual(paths.map(String.init), ["\(temp.path)/dir02", temp.path, "\(temp.path)/dir02", "\(temp.path)/dir02"], result.text)
        let notADirectory = try CommandRunner.script("cd 1", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        XCTAssertEqual(notADirectory.stderr, "filetable: line 1: cd: row 1 (alpha.log) is not a directory\n")
        let noPrevious = try CommandRunner.script("cd -", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        XCTAssertEqual(noPrevious.stderr, "filetable: line 1: cd: no previous directory yet\n")
    }

    func testWordsSayWhatTheyMean() throws {
        let temp = try makeTree()
        try temp.folder("dots")
        temp.file(".hidden1", in: "dots")
        temp.file(".hidden2", in: "dots")
        let result = try CommandRunner.script(
            "sort size asc; sort name desc; cd dots; -help nope; marks --print; mark 1-2; undo", in: temp, pageSize: 10,
            environment: ["HOME": temp.path])
        let headers = result.text.split(separator: "\n").filter { $0.contains(" | ") }
        // A script prints no first page: the first header is the sort's.
        XCTAssertTrue(headers[0].contains("| sort size asc |"), result.text)
        XCTAssertTrue(headers[1].contains("| sort name desc |"), result.text)
        XCTAssertTrue(result.text.contains("(2 hidden entries; 'hidden on' shows them)\n"), result.text)
        XCTAssertTrue(result.stderr.contains("help: no command 'nope'\n"), result.stderr)
        // Help is wrapped at word boundaries to 80 columns in a script.
        let help = try CommandRunner.script("help; help marks", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        let lines = help.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, help.text)
        XCTAssertTrue(lines.contains("Editing and the deletion plan:"), help.text)
    }

    /// `view N +LINE`, `view N /TEXT`, and a view that keeps its place
    /// while other commands run ('more' goes on; an empty line pages the table).
    func testViewStartsAtALineOrTextAndKeepsItsPlace() throws {
        let temp = try makeTree()
        temp.file("lines.txt", contents: "one\ntwo\nThree apples\nfour\nfive\n")
        let result = try CommandRunner.script(
            "view lines.txt +2; list; more; view lines.txt /APPLE; -view lines.txt +9; -view lines.txt /zzz", in: temp, pageSize: 3,
            environment: ["HOME": temp.path])
        let shown = result.text.split(separator: "\n").filter { $0.hasPrefix("     ") }.map(String.init)
        XCTAssertEqual(
            shown,
            [
                "     2  two", "     3  Three apples", "     4  four", "     5  five",
                "     3  Three apples", "     4  four", "     5  five",
            ], result.text)
        XCTAssertTrue(result.stderr.contains("view: \(temp.path)/lines.txt has 5 lines, not 9\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("view: no line of \(temp.path)/lines.txt holds 'zzz'\n"), result.stderr)
    }

    func testUpLandsOnThePageHoldingTheDirectoryYouCameFrom() throws {
        let temp = try makeTree()
        // dir25 is row 26: page 3 of 4 with 10 rows a page.
        let result = try CommandRunner.script("cd dir25; up", in: temp, pageSize: 10, environment: ["HOME": temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let headers = result.text.split(separator: "\n").filter { $0.contains(" | ") }
        XCTAssertTrue(headers.last?.hasSuffix("page 3 of 4") ?? false, result.text)
    }
}
