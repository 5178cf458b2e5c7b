import Foundation
import TestSupport
import XCTest

/// The prompt as a person at a terminal meets it, in-process on the
/// scripted terminal: paging, open and back, messages wrapped between
/// words, `du`'s figures, the marking questions and Ctrl-D, completion that
/// asks first. (What needs a real terminal, signals and other programs, is
/// in `PromptTerminalTests` and `SignalsTerminalTests`.)
final class PromptInProcessTests: XCTestCase {
    private typealias Prompt = ScriptedPrompt
    private typealias Key = ScriptedScreen.Key

    /// A message wider than the terminal wraps between words, never inside
    /// one (it broke `('du --eve` / `rything'`, as the terminal cut it).
    func testALongMessageWrapsBetweenWords() throws {
        let temp = try TemporaryTree()
        temp.file("victim", contents: "x")
        let shown = try Prompt.run(in: temp.path, keys: [Prompt.line("mark victim")], rows: 20, columns: 40)
        XCTAssertTrue(shown.lines.contains { $0.hasPrefix("marked 1 (1 in the plan;") }, shown.text)
        XCTAssertTrue(shown.lines.contains("review, 'undo' to revert)"), shown.text)
        shown.assertNothingWraps()
    }

    /// `du` at a terminal: the rows get their space, share and bar.
    func testDuShowsSpaceShareAndBar() throws {
        let temp = try TemporaryTree()
        try temp.folder("big")
        temp.file("small", contents: "x")
        temp.file("blob", size: 300_000, in: "big")
        let sized = try Prompt.run(in: temp.path, keys: [Prompt.line("du")])
        // The big folder's row: its space, a share of nearly all of it, a full bar.
        let row = sized.lines.first { $0.hasSuffix("] big >") } ?? ""
        let figures = row.split(separator: " ", omittingEmptySubsequences: true)
        XCTAssertTrue(figures.count >= 4 && figures[1].hasSuffix("K") && figures[3] == "[##########]", row)
        let share = figures.count >= 3 ? Double(figures[2].dropLast()) ?? 0 : 0
        XCTAssertTrue(share > 90 && share < 100, "big holds nearly all the space: \(row)")
        XCTAssertTrue(sized.text.contains("| du "), sized.text)
    }

    /// 14 rows: a header, 10 rows, a footer, a line for a message and the
    /// prompt; `n` pages, `open` and `back` return to the same page, and
    /// Ctrl-C at the prompt abandons the line and keeps the session.
    func testPromptPagingOpenAndBack() throws {
        let temp = try TemporaryTree()
        for i in 1...30 { temp.file("file\(i)") }
        try temp.folder("long")
        for i in 0..<50 { temp.file("entry\(i)", in: "long") }
        func after(_ keys: [String]) throws -> ScriptedPrompt { try Prompt.run(in: temp.path, keys: keys, rows: 14, columns: 100) }
        var shown = try after([])
        XCTAssertTrue(shown.text.contains("\(temp.path) | 31 entries | sort name | page 1 of 4"), shown.text)
        XCTAssertTrue(shown.text.contains(" 1 file1\n"), shown.text)
        shown = try after(["n"].map(Prompt.line))
        XCTAssertTrue(shown.text.contains("page 2 of 4") && shown.text.contains("12 file12"), shown.text)
        shown = try after(["n", "open 31"].map(Prompt.line))
        XCTAssertTrue(shown.text.contains("| 50 entries |"), shown.text)
        shown = try after(["n", "open 31", "back"].map(Prompt.line))
        XCTAssertTrue(shown.text.contains("\(temp.path) | 31 entries | sort name | page 2 of 4\n"), shown.text)
        shown = try after(["half a line", Key.control("c"), Prompt.line("pwd")])
        XCTAssertTrue(shown.text.contains("\n\(temp.path)\n"), shown.text)
        XCTAssertFalse(shown.text.contains("unknown command 'half"), shown.text)
    }

    /// Marking asks with what the marks cover; Ctrl-D at a question means no
    /// and keeps the session; quitting with marks never exported asks first.
    func testMarkingQuestionsCtrlDAndQuitWithMarks() throws {
        let temp = try TemporaryTree()
        try temp.folder("src/lib")
        temp.file("a.bin", contents: String(repeating: "z", count: 2048))
        temp.file("notes.txt", contents: "notes")
        for name in ["main.c", "util.c", "util.h"] { temp.file(name, in: "src") }
        for name in ["x.c", "y.c"] { temp.file(name, in: "src/lib") }
        let ctrlD = Key.control("d")
        func after(_ keys: [String]) throws -> ScriptedPrompt { try Prompt.run(in: temp.path, keys: keys) }
        // Several rows: their names, then the question with what they hold,
        // wider than 80 columns: wrapped between words, never cut.
        var shown = try after([Prompt.line("mark 1-3")])
        XCTAssertTrue(shown.text.contains("mark 1-3\n  a.bin\n  notes.txt\n  src/\nMark 3"), shown.text)
        XCTAssertTrue(shown.text.contains("Mark 3 entries (1 directory): 7 files, 2 directories, 2.1 KiB for deletion?\n[y/N]"), shown.text)
        // Ctrl-D answers no, and the prompt comes back.
        shown = try after([Prompt.line("mark 1-3"), ctrlD, Prompt.line("pwd")])
        XCTAssertTrue(shown.text.contains("mark: nothing marked\n\(temp.path)> pwd\n\(temp.path)\n\(temp.path)>"), shown.text)
        // One directory: the question counts what is inside it.
        let marked = ["mark 3", "y"].map(Prompt.line)
        shown = try after(marked)
        XCTAssertTrue(shown.text.contains("Mark 1 entry (1 directory): 5 files, 2 directories, 0 bytes for deletion? [y/N]"), shown.text)
        XCTAssertTrue(shown.text.contains("marked 1 (1 in the plan"), shown.text)
        // quit and Ctrl-D at the prompt ask before dropping the plan; no (or Ctrl-D) keeps it.
        shown = try after(marked + ["quit", "n"].map(Prompt.line) + [ctrlD, ctrlD])
        XCTAssertTrue(shown.text.contains("Quit and drop 1 mark? [y/N] n\nquit: kept 1 mark; 'marks export FILE' writes the plan"), shown.text)
        XCTAssertTrue(
            shown.text.contains(
                "quit: kept 1 mark; 'marks export FILE' writes the plan\n\(temp.path)>\nQuit and drop 1 mark? [y/N]\nquit: kept 1 mark; 'marks export FILE' writes the plan\n\(temp.path)>"
            ), shown.text)
        // Once exported, quit ends at once.
        shown = try after(marked + ["marks export \(temp.path)/plan.txt", "quit"].map(Prompt.line))
        XCTAssertTrue(shown.ended, "quit after an export ends the session:\n\(shown.written)")
        XCTAssertEqual(try String(contentsOfFile: temp.path + "/plan.txt", encoding: .utf8), temp.path + "/src\0")
    }

    /// Completion past a screen asks first; n, and Ctrl-C, keep the line.
    func testCompletionAsksBeforeAScreenOfCandidates() throws {
        let temp = try TemporaryTree()
        for i in 1...300 { temp.file("entry\(i)") }
        func after(_ keys: [String]) throws -> ScriptedPrompt { try Prompt.run(in: temp.path, keys: keys) }
        var shown = try after(["info ent\t", "\t"])
        XCTAssertTrue(shown.text.contains("Display all 300 possibilities? [y/n]"), shown.text)
        shown = try after(["info ent\t", "\t", "n"])
        XCTAssertTrue(shown.lines.last == "\(temp.path)> info entry", shown.text)
        shown = try after(["info ent\t", "\t", Key.control("c"), "199\r"])
        XCTAssertTrue(shown.text.contains("path:") && shown.text.contains("entry199"), shown.text)
        shown = try after(["info entry\t", "y"])
        XCTAssertTrue(shown.text.contains("entry99"), shown.text)
        XCTAssertTrue(shown.lines.last == "\(temp.path)> info entry", shown.text)
    }
}
