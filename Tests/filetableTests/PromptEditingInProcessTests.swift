import Foundation
import TestSupport
import XCTest

@testable import Terminal

/// The prompt's line editor where its drawing depends on the terminal's
/// size and on what is typed, in-process on the scripted terminal.
final class PromptEditingInProcessTests: XCTestCase {
    private typealias Prompt = ScriptedPrompt

    /// A line scrolled to fit 30 columns is shown whole, from its start,
    /// once the terminal is wide enough (it used to stay scrolled).
    func testALongLineScrollsBackWhenTheTerminalWidens() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        let typed = "info abcdefghijklmnopqrstuvwxyz0123456789"
        let narrow = try Prompt.run(in: temp.path, keys: [typed], rows: 10, columns: 30)
        XCTAssertTrue(narrow.text.contains("0123456789"), narrow.text)
        XCTAssertFalse(narrow.text.contains("info abc"), "the line should be scrolled at 30 columns: \(narrow.text)")
        let wide = try Prompt.run(in: temp.path, events: [.keys(Array(typed.utf8)), .resize(rows: 10, columns: 200)], rows: 10, columns: 30)
        XCTAssertTrue(wide.text.contains("> " + typed), wide.text)
    }

    /// The line editor as a person meets it at 80x24: editing keys, Tab,
    /// Ctrl-W, Ctrl-R, Up, Ctrl-D on a non-empty line, a pasted block
    /// inserted and never run, and a narrower window where a long line
    /// scrolls sideways. (Ctrl-Z and the history kept for the next session
    /// are `PromptTerminalTests`'.)
    func testLineEditorKeysCompletionSearchAndPaste() throws {
        let temp = try TemporaryTree()
        temp.file("notes.txt", contents: "some notes\n")
        temp.file("notebook")
        try temp.folder("subway")
        typealias Key = ScriptedScreen.Key
        func after(_ keys: [String], columns: Int = 80) throws -> ScriptedPrompt {
            try Prompt.run(in: temp.path, keys: keys, columns: columns)
        }
        // Left moves the cursor: the X lands before f, no escape bytes in the line.
        XCTAssertTrue(try after(["abcdef", Key.left, "X", Key.enter]).text.contains("unknown command 'abcdeXf'"))
        // Tab completes a command and a sort key; the page shows the new order.
        XCTAssertTrue(try after(["sor", "\t", "s", "\t", Key.enter]).text.contains("| sort size |"))
        // Tab completes a row's name, listing the candidates in columns; Ctrl-W cuts the word typed after it.
        var shown = try after(["info note", "\t"])
        XCTAssertTrue(shown.text.contains("\nnotebook   notes.txt\n"), "listed in columns, in order: \(shown.text)")
        shown = try after(["info note", "\t", "s", "\t", " junk", Key.control("w"), Key.enter])
        XCTAssertTrue(shown.text.contains("path:        \(temp.path)/notes.txt"), shown.text)
        // Ctrl-R finds an earlier line; Esc leaves the search, Up recalls the last line.
        let earlier = [Prompt.line("sort size"), Prompt.line("info notes.txt")]
        shown = try after(earlier + [Key.control("r"), "sort"])
        XCTAssertTrue(shown.text.contains("(reverse-i-search)'sort': sort size"), shown.text)
        shown = try after(earlier + [Key.control("r"), "sort", Key.escape, Key.control("u"), Key.up])
        XCTAssertEqual(shown.lines.last, "\(temp.path)> info notes.txt")
        // Ctrl-D on a non-empty line deletes, it does not send the line.
        shown = try after(["u", "p", Key.control("a"), Key.control("d"), Key.control("d"), Key.control("u"), "list"])
        XCTAssertEqual(shown.lines.last, "\(temp.path)> list")
        // A pasted block is inserted, escaped, never run.
        shown = try after(["\u{1B}[200~cd subway\rquit\r\u{1B}[201~"])
        XCTAssertEqual(shown.lines.last, "\(temp.path)> cd subway\\rquit\\r")
        XCTAssertFalse(shown.ended)
        // A narrower window: a long line scrolls sideways and never wraps, its end in view.
        shown = try after(["find a-rather-long-text-that-goes-past-forty-columns-END"], columns: 40)
        shown.assertNothingWraps()
        XCTAssertTrue(shown.lines.last?.hasSuffix("columns-END") == true, shown.text)
    }

    /// Typing thousands of combining marks onto one letter: each redraw
    /// writes a screen's worth, not the whole line (400 KB typed used to
    /// write 20 MB: every read redrew the ever-longer character).
    func testCombiningMarksDoNotMakeRedrawsGrowWithTheLine() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        // Each mark a read of its own, as a terminal under a fast typist delivers them.
        let started = try Prompt.run(in: temp.path, keys: ["info a"])
        let typed = try Prompt.run(in: temp.path, keys: ["info a"] + Array(repeating: "\u{301}", count: 3000))
        let drawn = typed.written.utf8.count - started.written.utf8.count
        // 3,000 marks are 6 KB typed: a redraw each is about 700 KB; redrawing the
        // whole character each time would be 9 MB.
        print("bytes drawn for 3,000 combining marks: \(drawn)")
        XCTAssertLessThan(drawn, 2_000_000)
    }
}

/// The plan's level and the matches of `find --all` at a terminal: a page
/// that fits 80x24 with its totals and footer, paged with Enter, left with `back`.
final class GatheredLevelsInProcessTests: XCTestCase {
    private typealias Prompt = ScriptedPrompt

    func testThePlanLevelFitsTheScreenAndPages() throws {
        let temp = try TemporaryTree()
        for index in 1...300 { temp.file(String(format: "file%03d.txt", index)) }
        try temp.folder("sub")
        temp.file("file-deep.txt", in: "sub")
        let marked = ["mark file*", "y", "marks"].map(Prompt.line)
        let plan = try Prompt.run(in: temp.path, keys: marked)
        let lines = plan.lines
        XCTAssertTrue(plan.text.contains("total: 300 files"), plan.text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("marks | 300 marked paths | sort name | page 1 of ") }, plan.text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("-- n next, a number opens its row, b back, help --") }, plan.text)
        plan.assertNothingWraps()
        XCTAssertTrue(lines.last?.hasPrefix("\(temp.path)>") == true, "the page, its totals and the prompt fit 24 rows:\n\(plan.text)")
        // The typed command, then the header: nothing of the page scrolled away.
        XCTAssertTrue(lines.count > 1 && lines[1].hasPrefix("marks | 300 marked paths"), "the header right under the command:\n\(plan.text)")
        // Enter goes on to the next page of the plan; back returns to the directory.
        XCTAssertTrue(try Prompt.run(in: temp.path, keys: marked + [Prompt.line("")]).text.contains("sort name | page 2 of "))
        let back = try Prompt.run(in: temp.path, keys: marked + [Prompt.line("back")])
        XCTAssertTrue(back.text.contains("| 1 entry |"), back.text)
        let found = try Prompt.run(in: temp.path, keys: marked + ["back", "find deep --all"].map(Prompt.line))
        XCTAssertTrue(found.text.contains("find: 1 match in 1 of 2 directories"), found.text)
        XCTAssertTrue(found.text.contains("\n1  sub/file-deep.txt\n"), found.text)
    }
}
