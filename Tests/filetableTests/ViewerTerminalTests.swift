import Foundation
import TestSupport
import XCTest

/// The viewer at a terminal of 80x24, as a person meets it: a header that
/// says where the screen is, tabs expanded, paging back and forth, a search
/// stepping through highlighted matches, a hex search landing on the bytes,
/// and no row wider than the screen.
final class ViewerTerminalTests: TmuxTestCase {
    private func styledScreen() -> String {
        CommandRunner.system("tmux capture-pane -p -e -t \(tmux.session)")
    }

    func testTheTextViewPagesSearchesAndFits() throws {
        let temp = try TemporaryTree()
        let lines = (1...60).map {
            $0 % 10 == 0
                ? "entry\t\(String($0))\tneedle here\t# a comment that is long enough to be cut at eighty columns, surely" : "entry\t\($0)\tplain"
        }
        temp.file("services", contents: lines.joined(separator: "\n") + "\n")
        // Colour on whatever NO_COLOR the test runs with: the matches' reverse video is checked.
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' --color=always .", columns: 80, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["view services", "Enter"])
        var shown = tmux.waitFor("services  lines 1-20 of 60  ")
        // The notice stays on screen above the header: 24 rows hold it all.
        XCTAssertTrue(shown.hasPrefix("view: text (UTF-8"), shown)
        XCTAssertTrue(shown.contains("     1  entry   1       plain\n"), "tabs expanded:\n\(shown)")
        XCTAssertTrue(shown.contains("-- more from line 21: Enter, b back, /TEXT search, q close --"), shown)
        assertNothingWraps()
        tmux.type(["b", "Enter"])
        tmux.waitFor("view: at the top of")
        // On from the line after the last one shown, whatever the screen's height now.
        tmux.type(["Enter"])
        tmux.waitFor("services  lines 21-41 of 60")
        tmux.type(["b", "Enter"])
        tmux.waitFor("services  lines 1-21 of 60")
        // A search lands on the first match and n steps on; matches are in reverse video.
        tmux.type(["/needle", "Enter"])
        shown = tmux.waitFor("services  lines 10-30 of 60")
        XCTAssertTrue(shown.contains("    10  entry   10      needle here     # a comment"), shown)
        XCTAssertTrue(styledScreen().contains("\u{1B}[7mneedle"), styledScreen())
        assertNothingWraps()
        tmux.type(["n", "Enter"])
        tmux.waitFor("services  lines 20-40 of 60")
        tmux.type(["n", "Enter"])
        tmux.waitFor("services  lines 30-50 of 60")
        tmux.type(["N", "Enter"])
        tmux.waitFor("services  lines 20-40 of 60")
        tmux.type(["G", "Enter"])
        shown = tmux.waitFor("-- end of file --")
        XCTAssertTrue(shown.contains("services  lines 40-60 of 60  100%"), shown)
        // q closes the view: the table is back, and b is the table's back again.
        tmux.type(["q", "Enter"])
        tmux.waitFor("1 services")
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    func testAHexSearchLandsOnTheBytes() throws {
        let temp = try TemporaryTree()
        var blob = (0..<8192).map { UInt8($0 % 251) }
        blob[0] = 0
        blob.replaceSubrange(5000..<5004, with: [0xDE, 0xAD, 0xBE, 0xEF])
        _ = FileManager.default.createFile(atPath: temp.path + "/blob.bin", contents: Data(blob))
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["view blob.bin", "Enter"])
        var shown = tmux.waitFor("-- more from offset 0x140")
        XCTAssertTrue(shown.hasPrefix("view: binary (NUL bytes in the first 8 KiB); showing hex\nblob.bin  0x0-0x140 of 0x2000"), shown)
        tmux.type(["/de ad be ef", "Enter"])
        shown = tmux.waitFor("match at 0x1388")
        XCTAssertTrue(shown.contains("\n00001380  "), shown)
        XCTAssertTrue(shown.contains(" de ad be ef "), shown)
        assertNothingWraps()
        tmux.type(["b", "Enter"])
        tmux.waitFor("\n00001230  ")
        tmux.type(["Enter"])
        tmux.waitFor("\n00001380  ")
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }
}
