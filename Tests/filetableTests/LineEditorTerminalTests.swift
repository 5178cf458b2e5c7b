import Foundation
import XCTest

/// The prompt's line editor in a real terminal (tmux), where its drawing
/// depends on the terminal's size.
final class LineEditorTerminalTests: XCTestCase {
    private let tmux = TmuxDriver(name: "filetable-editor")

    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("tmux"), "skipped: tmux is not installed (apt-get install tmux)")
    }

    override func tearDown() { tmux.kill() }

    /// A line scrolled to fit 30 columns is shown whole, from its start,
    /// once the terminal is wide enough (it used to stay scrolled).
    func testALongLineScrollsBackWhenTheTerminalWidens() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        tmux.start("cd '\(temp.path)' && HOME=/nonexistent '\(CommandRunner.executable.path)' .", columns: 30, rows: 10)
        tmux.waitFor("help")
        tmux.type(["info abcdefghijklmnopqrstuvwxyz0123456789"])
        let narrow = tmux.waitFor("0123456789")
        XCTAssertFalse(narrow.contains("info abc"), "the line should be scrolled at 30 columns: \(narrow)")
        _ = CommandRunner.system("tmux resize-window -t \(tmux.session) -x 200 -y 10")
        tmux.waitFor("> info abcdefghijklmnopqrstuvwxyz0123456789")
        tmux.type(["C-u", "quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }
}
