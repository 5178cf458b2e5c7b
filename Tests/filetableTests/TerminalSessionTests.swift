import Foundation
import XCTest

/// Drives the REPL in a real terminal with tmux: the prompt, paging, open and
/// back, Ctrl-C at the prompt and Ctrl-C during a long operation.
final class TerminalSessionTests: XCTestCase {
    private let session = "filetable-test-\(getpid())"

    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("tmux"), "skipped: tmux is not installed (apt-get install tmux)")
    }

    override func tearDown() {
        _ = CommandRunner.system("tmux kill-session -t \(session)")
    }

    private func screen() throws -> String {
        CommandRunner.system("tmux capture-pane -p -J -t \(session)")
    }

    private func type(_ keys: String...) throws {
        let quoted = keys.map { "'" + $0 + "'" }.joined(separator: " ")
        _ = CommandRunner.system("tmux send-keys -t \(session) \(quoted)")
    }

    /// Waits until the screen shows `text` (up to `seconds`; reading the
    /// 20,000 long names takes debug and sanitizer builds several seconds).
    @discardableResult
    private func waitFor(_ text: String, seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return last }
            usleep(50_000)
        }
        XCTFail("the screen never showed '\(text)'; it shows:\n\(last)", file: file, line: line)
        return last
    }

    func testPromptPagingOpenBackAndInterrupts() throws {
        let temp = try TemporaryTree()
        for i in 1...30 { temp.file("file\(i)") }
        try temp.folder("long")
        // A long operation to interrupt: 'find' for a near miss in long names.
        let longName = String(repeating: "a", count: 250)
        for i in 0..<20_000 { temp.file(longName.dropLast(5) + String(format: "%05d", i), in: "long") }
        let command = "cd '\(temp.path)' && HOME=/nonexistent '\(CommandRunner.executable.path)' ."
        _ = CommandRunner.system("tmux new-session -d -s \(session) -x 100 -y 14 \"\(command)\"")

        var shown = try waitFor("\(temp.path)>")
        XCTAssertTrue(shown.contains("\(temp.path) | 31 entries | sort name | page 1 of 3"), shown)
        XCTAssertTrue(shown.contains(" 1 file1\n"))

        try type("n", "Enter")
        shown = try waitFor("page 2 of 3")
        XCTAssertTrue(shown.contains("12 file12"), shown)

        try type("open 31", "Enter")
        try waitFor("| 20000 entries |", seconds: 90)
        try type("back", "Enter")
        shown = try waitFor("\(temp.path) | 31 entries | sort name | page 2 of 3\n", seconds: 30)

        // Ctrl-C at the prompt abandons the line and keeps the session.
        try type("half a line")
        try type("C-c")
        try type("pwd", "Enter")
        shown = try waitFor("\n\(temp.path)\n")
        XCTAssertFalse(shown.contains("unknown command 'half"), shown)

        // Ctrl-C during a long find stops it and returns to the prompt.
        try type("cd long", "Enter")
        try waitFor("| 20000 entries |", seconds: 90)
        try type("find " + String(repeating: "a", count: 100) + "b", "Enter")
        usleep(300_000)
        try type("C-c")
        shown = try waitFor("find: interrupted")
        try type("pwd", "Enter")
        shown = try waitFor("\n\(temp.path)/long\n")

        // Marking several rows asks first; no keeps everything, yes marks.
        try type("back", "Enter")
        try type("mark 1-2", "Enter")
        try waitFor("Mark 2 entries (0) for deletion? [y/N]")
        try type("n", "Enter")
        try waitFor("mark: nothing marked")
        try type("mark 1-2", "Enter")
        shown = try waitFor("Mark 2 entries (0) for deletion? [y/N]")
        try type("y", "Enter")
        try waitFor("| 29 entries |")

        try type("quit", "Enter")
        let deadline = Date().addingTimeInterval(5)
        func alive() -> Bool { CommandRunner.system("tmux has-session -t \(session) && echo alive").contains("alive") }
        while Date() < deadline, alive() { usleep(50_000) }
        XCTAssertFalse(alive(), "quit did not end the session")
    }

    /// A read that waits for ever (the terminal itself, through a link) ends
    /// with Ctrl-C at the prompt, and with SIGINT in batch mode.
    func testCtrlCEndsABlockingRead() throws {
        let temp = try TemporaryTree()
        try temp.link("tty", to: "/dev/tty")
        let executable = CommandRunner.executable.path
        _ = CommandRunner.system("tmux new-session -d -s \(session) -x 100 -y 20 \"cd '\(temp.path)' && HOME=/nonexistent '\(executable)' .\"")
        try waitFor("\(temp.path)>")
        try type("hex 1", "Enter")
        usleep(500_000)
        try type("C-c")
        try waitFor("hex: \(temp.path)/tty: interrupted")
        // view switches to hex for a device, and says so.
        try type("view 1", "Enter")
        usleep(500_000)
        try type("C-c")
        try waitFor("showing hex\nfiletable: hex: \(temp.path)/tty: interrupted")
        try type("pwd", "Enter")
        try waitFor("\n\(temp.path)\n")
        try type("quit", "Enter")
        _ = CommandRunner.system("tmux kill-session -t \(session)")

        // Batch mode: the batch stops at the interrupted command with status 1.
        // The shell traps SIGINT so it outlives filetable and prints its status.
        let script = "trap : INT; cd '\(temp.path)' && '\(executable)' -c 'hex 1; pwd' . ; echo status=\\$?"
        _ = CommandRunner.system("tmux new-session -d -s \(session) -x 100 -y 20 \"\(script); sleep 30\"")
        usleep(800_000)
        try type("C-c")
        let shown = try waitFor("status=1")
        XCTAssertTrue(shown.contains("line 1: hex: \(temp.path)/tty: interrupted"), shown)
    }
}
