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

        try type("quit", "Enter")
        let deadline = Date().addingTimeInterval(5)
        func alive() -> Bool { CommandRunner.system("tmux has-session -t \(session) && echo alive").contains("alive") }
        while Date() < deadline, alive() { usleep(50_000) }
        XCTAssertFalse(alive(), "quit did not end the session")
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
        let command = "cd '\(temp.path)' && HOME=/nonexistent '\(CommandRunner.executable.path)' ."
        _ = CommandRunner.system("tmux new-session -d -s \(session) -x 80 -y 24 \"\(command)\"")
        try waitFor("\(temp.path)>")

        // Several rows: their names, then the question with what they hold.
        try type("mark 1-3", "Enter")
        var shown = try waitFor("Mark 3 entries (1 directory): 7 files, 2 directories, 2.1 KiB for deletion? [y/N]")
        XCTAssertTrue(shown.contains("mark 1-3\n  a.bin\n  notes.txt\n  src/\nMark 3"), shown)
        // Ctrl-D answers no, and the prompt comes back.
        try type("C-d")
        try waitFor("mark: nothing marked\n\(temp.path)>")
        try type("pwd", "Enter")
        try waitFor("\n\(temp.path)\n\(temp.path)>")

        // One directory: the question counts what is inside it.
        try type("mark 3", "Enter")
        try waitFor("Mark 1 entry (1 directory): 5 files, 2 directories, 0 bytes for deletion? [y/N]")
        try type("y", "Enter")
        try waitFor("marked 1 (1 in the plan")

        // quit and Ctrl-D at the prompt ask before dropping the plan; no (or Ctrl-D) keeps it.
        try type("quit", "Enter")
        try waitFor("Quit and drop 1 mark? [y/N]")
        try type("n", "Enter")
        try waitFor("quit: kept 1 mark; 'marks export FILE' writes the plan\n\(temp.path)>")
        try type("C-d")
        try waitFor("\(temp.path)> \nQuit and drop 1 mark? [y/N]")
        try type("C-d")
        shown = try waitFor("quit: kept 1 mark; 'marks export FILE' writes the plan\n\(temp.path)> \nQuit and drop 1 mark? [y/N] \nquit: kept 1 mark; 'marks export FILE' writes the plan\n\(temp.path)>")
        // Once exported, quit ends at once.
        try type("marks export plan.txt", "Enter")
        try waitFor("exported 1 marked path to plan.txt")
        try type("quit", "Enter")
        let deadline = Date().addingTimeInterval(5)
        func alive() -> Bool { CommandRunner.system("tmux has-session -t \(session) && echo alive").contains("alive") }
        while Date() < deadline, alive() { usleep(50_000) }
        XCTAssertFalse(alive(), "quit after an export did not end the session")
        XCTAssertEqual(try String(contentsOfFile: temp.path + "/plan.txt", encoding: .utf8), temp.path + "/src\0")
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
