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

    /// Waits until the program in the pane reads its terminal with signals
    /// on (`isig`: it left the line editor's raw mode to run a command), so
    /// that a Ctrl-C typed now is a SIGINT to it, not a byte left in the
    /// input; a test failure if it never does.
    func waitUntilCtrlCIsASignal(seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
        let tty = CommandRunner.system("tmux display -p -t \(session) '#{pane_tty}'").trimmingCharacters(in: .whitespacesAndNewlines)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let modes = CommandRunner.system("stty -F '\(tty)' -a 2>/dev/null").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
            if modes.contains("isig") { return }
            usleep(5_000)
        }
        XCTFail("the terminal never had signals on", file: file, line: line)
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
