import Foundation
import TestSupport
import XCTest

@testable import Terminal

/// Between the prompt and the screen, in-process on the scripted
/// terminal: the prompt's page after the screen, a directory marked with
/// one key, `:view` and `:hex`, a paste whose end never comes, and the
/// screen refused where no terminal can draw it.
final class ScreenAndPromptInProcessTests: XCTestCase {
    private typealias Key = ScriptedScreen.Key
    private typealias Prompt = ScriptedPrompt

    /// Back at the prompt after the screen, its page (20 rows here, not the
    /// screen's 22) holds the highlighted row.
    func testThePromptAfterTheScreenShowsThePageOfTheHighlightedRow() throws {
        let temp = try TemporaryTree()
        for index in 1...100 { temp.file(String(format: "f%03d", index), contents: "\(index)\n") }
        let shown = try Prompt.run(in: temp.path, keys: [Prompt.line("screen")] + Array(repeating: "j", count: 40) + ["q"])
        XCTAssertTrue(shown.text.contains("| page 3 of 5"), shown.text)
        XCTAssertTrue(shown.text.contains("\n 41 f041\n"), shown.text)
        XCTAssertEqual(shown.model.lastFullScreenHighlight?.hasPrefix("41 f041"), true)
    }

    /// space on a directory asks first (what it holds), on the status line;
    /// one key answers; the plan is the session's: q asks before dropping it.
    func testMarkingADirectoryAsksWithOneKey() throws {
        let temp = try ScriptedScreen.sampleTree()
        var screen = try ScriptedScreen.run(in: temp.path, keys: ["j", "j", " "])
        XCTAssertEqual(screen.highlighted?.hasPrefix("3 docs"), true, screen.text)
        XCTAssertTrue(screen.status.hasSuffix("for deletion? [y/N]"), screen.status)
        screen = try ScriptedScreen.run(in: temp.path, keys: ["j", "j", " ", "y"])
        XCTAssertTrue(screen.status.contains("marked 1"), screen.status)
        XCTAssertFalse(screen.text.contains("docs"), "marked, it left the table:\n\(screen.text)")
        screen = try ScriptedScreen.run(in: temp.path, keys: ["j", "j", " ", "y", "q"])
        XCTAssertTrue(screen.status.contains("Quit and drop 1 mark? [y/N]"), screen.status)
        XCTAssertTrue(try ScriptedScreen.run(in: temp.path, keys: ["j", "j", " ", "y", "q", "y"]).ended)
    }

    /// `:view NAME` and `:hex NAME` open the full-width views Enter and x
    /// open (they printed the prompt's viewer on the normal screen), and q
    /// comes back to the table, the highlight where it was.
    func testViewAndHexOnTheCommandLine() throws {
        let temp = try ScriptedScreen.sampleTree()
        var screen = try ScriptedScreen.run(in: temp.path, keys: [":", "view zulu.log\r"])
        XCTAssertTrue(screen.header.hasPrefix("zulu.log  lines 1-1 of 1"), screen.header)
        screen = try ScriptedScreen.run(in: temp.path, keys: [":", "view zulu.log\r", "q"])
        XCTAssertTrue(screen.header.contains("| 4 entries |"), screen.header)
        XCTAssertEqual(screen.highlighted?.hasPrefix("4 zulu.log"), true, screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: [":", "hex blob.bin\r"])
        XCTAssertTrue(screen.text.contains("00000000  00 01 02 de ad be ef"), screen.text)
    }

    /// A paste start whose end never comes (`ESC [ 2 0 0 ~`, then `abc`)
    /// swallows no key for good: in the screen Esc ends it and q leaves;
    /// at the prompt a second of quiet ends it (`abc` is typed text then),
    /// and what is typed after is keys again: Backspace, a line, Enter.
    func testAPasteStartWithNoEndSwallowsNoKey() throws {
        let temp = try ScriptedScreen.sampleTree()
        let pasteStart = ScriptedTerminal.Event.keys(Array("\u{1B}[200~abc".utf8))
        let screen = try ScriptedScreen.run(in: temp.path, events: [pasteStart, .keys([0x1B]), .pause(milliseconds: 100), .keys(Array("q".utf8))])
        XCTAssertTrue(screen.ended, "q left the screen")
        func prompt(quiet: Int) throws -> ScriptedPrompt {
            try Prompt.run(in: temp.path, events: [pasteStart, .pause(milliseconds: quiet), .keys([0x7F, 0x7F, 0x7F]), .keys(Array("quit\r".utf8))])
        }
        XCTAssertTrue(try prompt(quiet: 1100).ended, "quit ended the session")
        XCTAssertFalse(try prompt(quiet: 500).ended, "half a second is still the paste")
    }

    func testScreenNeedsATerminalThatCanDrawIt() throws {
        let temp = try ScriptedScreen.sampleTree()
        let result = try CommandRunner.run(["--screen", "."], in: temp.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("filetable: --screen needs a terminal that can draw it"), result.stderr)
        let refused = try CommandRunner.script("screen", in: temp)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("screen: needs a terminal with the line editor"), refused.stderr)
    }
}
