import Foundation
import XCTest

/// A program in a real terminal, driven the way a person meets it: tmux
/// starts it at a size, `send-keys` types, `capture-pane` reads the screen.
final class TmuxDriver {
    let session: String

    init(name: String = "filetable-test") {
        session = "\(name)-\(getpid())"
        _ = Self.usePrivateServer
    }

    /// Every tmux the tests start talks to a server of their own (its
    /// socket in a folder of the tests'), never to a user's sessions, even
    /// when the tests run inside tmux. Set once, for the whole process.
    private static let usePrivateServer: Void = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-tests-tmux-\(getuid())").path
        mkdir(folder, 0o700)
        setenv("TMUX_TMPDIR", folder, 1)
        unsetenv("TMUX")
    }()

    /// Ends the tmux session (and whatever runs in it).
    func kill() {
        _ = CommandRunner.system("tmux kill-session -t \(session)")
    }

    func screen() -> String {
        CommandRunner.system("tmux capture-pane -p -J -t \(session)")
    }

    /// Types keys: text, or tmux key names such as Enter, C-c, Escape.
    func type(_ keys: [String]) {
        let quoted = keys.map { "'" + $0 + "'" }.joined(separator: " ")
        _ = CommandRunner.system("tmux send-keys -t \(session) \(quoted)")
    }

    /// Waits until the screen shows `text` (up to `seconds`: debug and
    /// sanitizer builds are slow); a test failure if it never does.
    @discardableResult
    func waitFor(_ text: String, seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = screen()
            // A message wider than the terminal is wrapped between words by
            // filetable itself: a break there reads as the space it replaced.
            if last.contains(text) || last.replacingOccurrences(of: "\n", with: " ").contains(text) { return last }
            // A capture takes a few milliseconds: checking often costs little.
            usleep(10_000)
        }
        XCTFail("the screen never showed '\(text)'; it shows:\n\(last)", file: file, line: line)
        return last
    }

    /// The pane's terminal device (`/dev/pts/N`).
    var terminalDevice: String {
        CommandRunner.system("tmux display -p -t \(session) '#{pane_tty}'").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane terminal's modes, as `stty -a` names them (`isig`, `-icanon`).
    private func terminalModes() -> [Substring] {
        CommandRunner.system("stty -F '\(terminalDevice)' -a 2>/dev/null").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
    }

    /// Waits until `condition` holds, checking every 5 ms up to `seconds`;
    /// a test failure naming `what` if it never does.
    func waitUntil(
        _ what: String, seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool
    ) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return }
            usleep(5_000)
        }
        XCTFail("never: \(what)", file: file, line: line)
    }

    /// Waits until the program in the pane reads its terminal with signals
    /// on (`isig`: it left the line editor's raw mode to run a command), so
    /// that a Ctrl-C typed now is a SIGINT to it, not a byte left in the
    /// input; a test failure if it never does.
    func waitUntilCtrlCIsASignal(seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("the terminal had signals on", seconds: seconds, file: file, line: line) { terminalModes().contains("isig") }
    }

    /// Waits until the pane's terminal is in raw mode (`-icanon`): a
    /// program (filetable, back after `fg`) reads keys one at a time again.
    func waitUntilRaw(seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("the terminal was raw", seconds: seconds, file: file, line: line) { terminalModes().contains("-icanon") }
    }

    /// Waits until the window is `columns` by `rows` at the terminal
    /// device too (the program under it has had its SIGWINCH).
    func resize(columns: Int, rows: Int, file: StaticString = #filePath, line: UInt = #line) {
        _ = CommandRunner.system("tmux resize-window -t \(session) -x \(columns) -y \(rows)")
        waitUntil("the terminal was \(columns)x\(rows)", file: file, line: line) {
            CommandRunner.system("stty -F '\(terminalDevice)' size 2>/dev/null").trimmingCharacters(in: .whitespacesAndNewlines)
                == "\(rows) \(columns)"
        }
    }

    /// Waits until the last line the pane shows, trimmed, is `text` (a
    /// shell's prompt, back after the program ended or stopped).
    func waitForLastLine(_ text: String, seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("the last line was '\(text)'", seconds: seconds, file: file, line: line) {
            screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty } == text
        }
    }

    /// Waits until a thread of a process running `executable` is blocked in
    /// `read` on a terminal other than its standard input (a file that is a
    /// terminal, opened to be dumped or viewed): a Ctrl-C typed now ends
    /// that read, the case under test. Seen in `/proc/PID/task/TID/syscall`.
    func waitUntilReadingATerminal(_ executable: String, seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("\(executable) read a terminal", seconds: seconds, file: file, line: line) {
            let pids = CommandRunner.system("pgrep -f '^\(executable) '").split(separator: "\n")
            return pids.contains { pid in
                let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
                return tasks.contains { task in
                    let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
                    let fields = call.split(separator: " ")
                    // read(2) is call 0 on x86-64 and 63 on arm64; the descriptor is its first argument.
                    guard fields.count > 1, fields[0] == "0" || fields[0] == "63", let fd = Int(fields[1].dropFirst(2), radix: 16), fd != 0 else {
                        return false
                    }
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? ""
                    return target.hasPrefix("/dev/pts/") || target == "/dev/tty"
                }
            }
        }
    }

    /// Starts `command` in a new tmux session of `columns` x `rows`.
    /// Tried again when the server was still going away after the last
    /// session was killed (the new session then never starts).
    func start(_ command: String, columns: Int = 80, rows: Int = 24) {
        for _ in 0..<5 {
            _ = CommandRunner.system("tmux new-session -d -s \(session) -x \(columns) -y \(rows) \"\(command)\"")
            if isAlive() { return }
            usleep(100_000)
        }
    }

    func isAlive() -> Bool {
        CommandRunner.system("tmux has-session -t \(session) && echo alive").contains("alive")
    }

    /// Whether the session's program ends within five seconds.
    func ends() -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, isAlive() { usleep(50_000) }
        return !isAlive()
    }
}

/// A test case that drives filetable in tmux: skipped where tmux is not
/// installed; its tmux session is ended after each test.
class TmuxTestCase: XCTestCase {
    lazy var tmux = TmuxDriver(name: "filetable-\(String(describing: type(of: self)))")

    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("tmux"), "skipped: tmux is not installed (apt-get install tmux)")
    }

    override func tearDown() { tmux.kill() }

    /// Fails unless no row of the screen wrapped: the rows as tmux shows
    /// them (cut where the terminal wrapped) are as many as the joined
    /// ones, and none is wider than the window.
    /// The two captures are taken while the screen stands still (the same
    /// rows before and after), so output still arriving is not a wrap.
    func assertNothingWraps(file: StaticString = #filePath, line: UInt = #line) {
        var shown = ""
        var joined = ""
        for _ in 0..<50 {
            shown = CommandRunner.system("tmux capture-pane -p -t \(tmux.session)")
            joined = tmux.screen()
            if CommandRunner.system("tmux capture-pane -p -t \(tmux.session)") == shown { break }
            usleep(100_000)
        }
        XCTAssertEqual(
            shown.split(separator: "\n").count, joined.split(separator: "\n").count, "a row wrapped:\n\(shown)", file: file, line: line)
        let width =
            Int(CommandRunner.system("tmux display -p -t \(tmux.session) '#{window_width}'").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 80
        XCTAssertTrue(shown.split(separator: "\n").allSatisfy { $0.count <= width }, shown, file: file, line: line)
    }
}
