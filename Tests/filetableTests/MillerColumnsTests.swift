import Foundation
import TestSupport
import XCTest

/// Miller columns in the full-screen view: from 120 columns on (or with
/// `layout columns`, `w`, the config) the parent | the current table | the
/// highlighted row's preview; the parent column highlights where you are,
/// h and l move through the columns.
final class MillerColumnsTests: XCTestCase {
    private typealias Key = ScriptedScreen.Key

    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        try temp.folder("project")
        for index in 0..<722 { temp.file(String(format: "n%03d", index), in: "project") }
        temp.file("aaa.txt", contents: "the project's readme\n", in: "project")
        temp.file("notes.txt", contents: "first note\n")
        return temp
    }

    /// The cells of a frame's line split at the panes' " │ ".
    private func panes(_ line: String) -> [String] {
        line.components(separatedBy: " │ ").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testParentCurrentAndPreviewAtTwoHundredColumns() throws {
        let temp = try makeTree()
        let here = (temp.path as NSString).lastPathComponent
        // At the first level the parent column is the directory holding it, this one highlighted.
        var screen = try ScriptedScreen.run(in: temp.path, keys: [], rows: 50, columns: 200)
        let body = screen.frame.dropFirst().dropLast()
        XCTAssertTrue(body.allSatisfy { panes($0).count == 3 }, "three panes on every line:\n\(screen.text)")
        // (Its name cut to the column, a long temporary name.)
        XCTAssertTrue(
            body.contains { here.hasPrefix(panes($0)[0].replacingOccurrences(of: "…", with: "")) },
            "the parent column names this directory:\n\(screen.text)")
        XCTAssertTrue(body.contains { panes($0)[2].hasPrefix("first note") }, "the preview of notes.txt:\n\(screen.text)")
        XCTAssertTrue(screen.frame.allSatisfy { $0.count <= 200 }, screen.text)
        // l opens the project: the parent column is the level you came from, project highlighted there;
        // the 722 names fill a column of about 75, not one of 110 beside a pane.
        screen = try ScriptedScreen.run(in: temp.path, keys: ["j", "l"], rows: 50, columns: 200)
        XCTAssertTrue(screen.header.contains("/project | 723 entries"), screen.header)
        let lines = screen.frame.dropFirst().dropLast()
        XCTAssertTrue(lines.contains { panes($0)[0] == "project/" }, "the level you came from on the left:\n\(screen.text)")
        XCTAssertTrue(lines.first.map { panes($0)[1].hasPrefix("1 aaa.txt") } ?? false, screen.text)
        XCTAssertTrue(lines.contains { panes($0).count == 3 && panes($0)[2].hasPrefix("the project's readme") }, screen.text)
        let tableWidth = lines.first.map { $0.components(separatedBy: " │ ").dropFirst().first?.count ?? 0 } ?? 0
        XCTAssertLessThan(tableWidth, 90, "the current column's width")
        // h goes back: the highlight on project again.
        screen = try ScriptedScreen.run(in: temp.path, keys: ["j", "l", "h"], rows: 50, columns: 200)
        XCTAssertEqual(screen.highlighted?.contains("project"), true, screen.text)
    }

    func testLayoutsByKeyCommandAndWidth() throws {
        let temp = try makeTree()
        // w: columns, then split (the table and the preview), then the table alone.
        var screen = try ScriptedScreen.run(in: temp.path, keys: ["w"], rows: 30, columns: 160)
        XCTAssertTrue(screen.frame.dropFirst().dropLast().allSatisfy { panes($0).count == 2 }, screen.text)
        XCTAssertTrue(screen.status.contains("layout: split"), screen.status)
        screen = try ScriptedScreen.run(in: temp.path, keys: ["w", "w"], rows: 30, columns: 160)
        XCTAssertFalse(screen.text.contains(" │ "), screen.text)
        // Below 120 columns the table is alone, unless a layout is chosen.
        screen = try ScriptedScreen.run(in: temp.path, keys: [], rows: 24, columns: 100)
        XCTAssertFalse(screen.text.contains(" │ "), screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: [":", "layout columns\r"], rows: 24, columns: 100)
        XCTAssertTrue(screen.frame.dropFirst().dropLast().allSatisfy { panes($0).count == 3 }, screen.text)
        XCTAssertTrue(screen.frame.allSatisfy { $0.count <= 100 }, screen.text)
        // Tab hides the preview and brings it back.
        screen = try ScriptedScreen.run(in: temp.path, keys: ["\t"], rows: 30, columns: 160)
        XCTAssertFalse(screen.text.contains(" │ "), screen.text)
        // At the prompt, layout says it is the screen's.
        let prompt = try CommandRunner.script("layout split", in: temp)
        XCTAssertTrue(prompt.text.contains("layout: split; the full-screen view ('screen') shows it"), prompt.text)
        let wrong = try CommandRunner.script("layout wide", in: temp)
        XCTAssertTrue(wrong.stderr.contains("layout: 'wide' is not columns, split, single or auto"), wrong.stderr)
    }
}
