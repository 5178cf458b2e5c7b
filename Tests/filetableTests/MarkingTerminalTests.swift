import Foundation
import TestSupport
import XCTest

/// Marking at a terminal, where a person can change their mind.
final class MarkingTerminalTests: TmuxTestCase {
    /// `mark all` reads every entry before it asks; on a large directory
    /// Ctrl-C stops it at once and nothing is marked (it used to be ignored
    /// for seconds).
    func testCtrlCStopsALongMarkAtOnce() throws {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            "python3 -c 'import os\nfor i in range(200000): open(\"f%06d\" % i, \"w\").close()'", in: temp.url)
        guard made.status == 0 else { throw XCTSkip("skipped: could not make the files with python3: \(made.stderr)") }
        tmux.start("cd '\(temp.path)' && HOME=/nonexistent '\(CommandRunner.executable.path)' .", columns: 100, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["mark all", "Enter"])
        usleep(50_000)
        let pressed = Date()
        tmux.type(["C-c"])
        let shown = tmux.waitFor("entries; nothing marked", seconds: 10)
        XCTAssertTrue(shown.contains("mark: interrupted after reading"), shown)
        // (Under the sanitizers every step is several times slower.)
        let sanitized = ProcessInfo.processInfo.environment["FILETABLE_CHILD_ASAN_OPTIONS"] != nil
        XCTAssertLessThan(Date().timeIntervalSince(pressed), sanitized ? 6 : 2, "Ctrl-C took effect late")
        tmux.type(["marks", "Enter"])
        tmux.waitFor("no marks")
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }
}
