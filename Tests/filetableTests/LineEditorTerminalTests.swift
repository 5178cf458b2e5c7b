import Foundation
import TestSupport
import XCTest

/// The prompt's line editor in a real terminal (tmux), where its drawing
/// depends on the terminal's size.
final class LineEditorTerminalTests: TmuxTestCase {
    /// A line scrolled to fit 30 columns is shown whole, from its start,
    /// once the terminal is wide enough (it used to stay scrolled).
    func testALongLineScrollsBackWhenTheTerminalWidens() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 30, rows: 10)
        tmux.waitFor("help")
        tmux.type(["info abcdefghijklmnopqrstuvwxyz0123456789"])
        let narrow = tmux.waitFor("0123456789")
        XCTAssertFalse(narrow.contains("info abc"), "the line should be scrolled at 30 columns: \(narrow)")
        _ = CommandRunner.system("tmux resize-window -t \(tmux.session) -x 200 -y 10")
        tmux.waitFor("> info abcdefghijklmnopqrstuvwxyz0123456789")
        tmux.type(["C-u", "quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// Typing thousands of combining marks onto one letter: each redraw
    /// writes a screen's worth, not the whole line (400 KB typed used to
    /// write 20 MB: every read redrew the ever-longer character).
    func testCombiningMarksDoNotMakeRedrawsGrowWithTheLine() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        let log = temp.path + "/screen.log"
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        tmux.waitFor("help")
        _ = CommandRunner.system("tmux pipe-pane -o -t \(tmux.session) 'cat >> \(log)'")
        tmux.type(["info a"])
        let marks = String(repeating: "\u{301}", count: 100)
        for _ in 0..<30 {
            _ = CommandRunner.system("tmux send-keys -l -t \(tmux.session) '\(marks)'")
        }
        usleep(500_000)
        _ = CommandRunner.system("tmux pipe-pane -t \(tmux.session)")
        let written = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? nil
        print("bytes drawn for 3,000 combining marks: \(written ?? -1)")
        // 3,000 marks are 6 KB typed: a redraw each is about 700 KB; redrawing the
        // whole character each time would be 9 MB.
        XCTAssertLessThan(written ?? .max, 2_000_000)
        tmux.type(["C-u", "quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }
}
