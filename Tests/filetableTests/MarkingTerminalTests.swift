import Foundation
import TestSupport
import XCTest

/// Marking at a terminal, where a person can change their mind.
final class MarkingTerminalTests: TmuxTestCase {
    /// `mark all` reads every entry before it asks; on a large directory
    /// Ctrl-C stops it at once and nothing is marked (it used to be ignored
    /// for seconds).
    func testCtrlCStopsALongMarkAtOnce() throws {
        // 200,000 entries, in memory where the system allows: a disk file system here takes a minute to make them.
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            "python3 -c 'import os\nfor i in range(200000): os.mknod(\"f%06d\" % i)'", in: temp.url)
        guard made.status == 0 else { throw XCTSkip("skipped: could not make the files with python3: \(made.stderr)") }
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 100, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["mark all", "Enter"])
        tmux.waitUntilCtrlCIsASignal()
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

/// The plan's level and the matches of `find --all` at a terminal: a page
/// that fits 80x24 with its totals and footer, paged with Enter, left with `back`.
final class GatheredLevelsTerminalTests: TmuxTestCase {
    func testThePlanLevelFitsTheScreenAndPages() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("seq -f 'file%03g.txt' 300 | xargs touch; mkdir sub; touch sub/file-deep.txt", in: temp.url)
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["mark file*", "Enter"])
        tmux.waitFor("for deletion? [y/N]", seconds: 15)
        tmux.type(["y", "Enter"])
        tmux.waitFor("marked 300", seconds: 15)
        tmux.type(["marks", "Enter"])
        // Ready once the totals are out and the prompt stands under the footer.
        var plan = tmux.waitFor("total: 300 files", seconds: 15)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, plan.split(separator: "\n").last?.hasPrefix("\(temp.path)>") != true {
            usleep(50_000)
            plan = tmux.screen()
        }
        let lines = plan.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines.contains { $0.hasPrefix("marks | 300 marked paths | sort name | page 1 of ") }, plan)
        XCTAssertTrue(lines.contains { $0.hasPrefix("-- n next, a number opens its row, b back, help --") }, plan)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, "nothing wraps at 80 columns:\n\(plan)")
        XCTAssertTrue(
            lines.last(where: { !$0.isEmpty })?.hasPrefix("\(temp.path)>") == true, "the page, its totals and the prompt fit 24 rows:\n\(plan)")
        // The typed command, then the header: nothing of the page scrolled away.
        XCTAssertTrue(lines.count > 1 && lines[1].hasPrefix("marks | 300 marked paths"), "the header right under the command:\n\(plan)")
        // Enter goes on to the next page of the plan; back returns to the directory.
        tmux.type(["Enter"])
        tmux.waitFor("sort name | page 2 of ", seconds: 10)
        tmux.type(["back", "Enter"])
        tmux.waitFor("| 1 entry |", seconds: 10)
        tmux.type(["find deep --all", "Enter"])
        let matches = tmux.waitFor("find: 1 match in 1 of 2 directories", seconds: 15)
        XCTAssertTrue(matches.contains("\n1  sub/file-deep.txt\n"), matches)
        tmux.type(["back", "Enter"])
        tmux.waitFor("| 1 entry |", seconds: 10)
        tmux.type(["quit", "Enter"])
        tmux.waitFor("Quit and drop 300 marks? [y/N]", seconds: 10)
        tmux.type(["y", "Enter"])
        XCTAssertTrue(tmux.ends())
    }
}
