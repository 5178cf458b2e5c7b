import Foundation
import TestSupport
import XCTest

/// The session at a terminal runs in a child of the process the shell
/// started (the launcher). Whatever ends or stops the child, the shell gets
/// its terminal back as it was; programs run from the session never see the
/// launcher's status channel.
final class SessionLauncherTerminalTests: TmuxTestCase {
    private var executable: String { CommandRunner.executable.path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(CommandRunner.isInstalled("pgrep"), "skipped: pgrep is not installed (apt-get install procps)")
    }

    /// A shell in tmux, in `temp`, with a prompt the test can wait for.
    private func startShell(in temp: TemporaryTree) {
        tmux.start("cd '\(temp.path)' && env -i PATH=/usr/bin:/bin TERM=xterm HOME=$(mktemp -d) PS1='SHELL$ ' bash --norc --noprofile -i")
        tmux.waitFor("SHELL$ ")
    }

    /// Starts filetable at the shell and returns the launcher's and the
    /// session child's process ids.
    private func startSession(in temp: TemporaryTree) throws -> (launcher: String, child: String) {
        tmux.type(["clear", "Enter"])
        tmux.type(["\(executable) \(temp.path)", "Enter"])
        tmux.waitFor("help --")
        let launcher = CommandRunner.system("pgrep -f -x \"\(executable) \(temp.path)\" | head -1").trimmingCharacters(in: .whitespacesAndNewlines)
        let child = CommandRunner.system("pgrep -P '\(launcher)' | head -1").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !launcher.isEmpty, !child.isEmpty else { throw XCTSkip("skipped: could not find the session's processes") }
        return (launcher, child)
    }

    /// The terminal is in its own mode again: `stty`, run by the shell, says
    /// `icanon` and `echo` (a terminal left raw says `-icanon -echo`).
    private func assertTerminalRestored(file: StaticString = #filePath, line: UInt = #line) {
        usleep(300_000)
        tmux.type(["echo typed-$((6*7)) STTY: $(stty -a | tr \" ;\" \"\\n\\n\" | grep -x -e echo -e -echo -e icanon -e -icanon)", "Enter"])
        let shown = tmux.waitFor("typed-42 STTY: ", file: file, line: line)
        XCTAssertTrue(shown.contains("typed-42 STTY: icanon echo\n"), shown, file: file, line: line)
        tmux.type(["clear", "Enter"])
    }

    /// SIGKILL (as from the OOM killer) and SIGUSR1 to the session's child:
    /// the shell's prompt comes back with echo and line editing on.
    func testTheTerminalIsRestoredWhenTheSessionIsKilled() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        startShell(in: temp)
        for signalName in ["KILL", "USR1", "ALRM"] {
            let (_, child) = try startSession(in: temp)
            _ = CommandRunner.system("kill -\(signalName) \(child)")
            assertTerminalRestored()
        }
    }

    /// `kill -TSTP` to the child stops the whole job: the shell has the
    /// terminal back (cooked), and `fg` returns to the prompt, which works.
    func testAStopFromOutsideGivesTheShellBackAndFgResumes() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        startShell(in: temp)
        let (_, child) = try startSession(in: temp)
        _ = CommandRunner.system("kill -TSTP \(child)")
        tmux.waitFor("Stopped")
        assertTerminalRestored()
        tmux.type(["fg", "Enter"])
        usleep(500_000)
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\(temp.path)\n\(temp.path)> ")
        tmux.type(["quit", "Enter"])
        tmux.waitFor("SHELL$ ")
    }

    /// SIGKILL to the launcher: the child is told (SIGHUP) and ends, rather
    /// than drawing over the shell.
    func testTheSessionEndsWhenItsLauncherIsKilled() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        startShell(in: temp)
        let (launcher, child) = try startSession(in: temp)
        _ = CommandRunner.system("kill -KILL \(launcher)")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, CommandRunner.system("kill -0 \(child) 2>/dev/null && echo alive").contains("alive") { usleep(100_000) }
        XCTAssertFalse(CommandRunner.system("kill -0 \(child) 2>/dev/null && echo alive").contains("alive"), "the session outlived its launcher")
        assertTerminalRestored()
    }

    /// A filetable started from the session's `!` is a program of its own:
    /// it sees neither the status variable nor its descriptor, so ending it
    /// returns to the outer session; a status variable set by hand is ignored.
    func testProgramsStartedFromTheSessionDoNotSeeItsStatusChannel() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        startShell(in: temp)
        _ = try startSession(in: temp)
        tmux.type(["!env | grep -c FILETABLE_SESSION; echo FDS: $(ls /proc/self/fd)", "Enter"])
        let shown = tmux.waitFor("FDS: ")
        XCTAssertTrue(shown.contains("\n0\nFDS: 0 1 2 3\n"), "the status variable or a descriptor beyond ls's own: \(shown)")
        tmux.type(["!\(executable) -1 \(temp.path)", "Enter"])
        tmux.waitFor("\na\n\(temp.path)> ")
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\(temp.path)\n\(temp.path)> ")
        tmux.type(["quit", "Enter"])
        tmux.waitFor("SHELL$ ")
        let byHand = try CommandRunner.shell("FILETABLE_SESSION_STATUS_FD=3 \"$FILETABLE\" -1 . 3>f; od -An -c f", in: temp.url)
        XCTAssertEqual(byHand.status, 0)
        XCTAssertEqual(byHand.text, "a\nf\n", "a NUL was written into descriptor 3")
    }
}
