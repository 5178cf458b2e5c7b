import Foundation
import TestSupport
import XCTest

/// What only a real terminal shows about signals and stuck calls, in tmux
/// on a private server: Ctrl-C as a SIGINT stopping `du`, `find`, `mark
/// all`, a compare, a view or an archive stuck on a mount, or a read that
/// waits for ever; SIGTERM and SIGKILL to the session and its launcher;
/// `kill -TSTP` and `fg`; the terminal given back as it was each time.
/// (The screen and the prompt as a person types are in-process:
/// `ScreenInProcessTests`, `PromptInProcessTests` and their neighbours.)
final class SignalsTerminalTests: TmuxTestCase {
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
        tmux.waitForLastLine("SHELL$", file: file, line: line)
        tmux.type(["echo typed-$((6*7)) STTY: $(stty -a | tr \" ;\" \"\\n\\n\" | grep -x -e echo -e -echo -e icanon -e -icanon)", "Enter"])
        let shown = tmux.waitFor("typed-42 STTY: ", file: file, line: line)
        XCTAssertTrue(shown.contains("typed-42 STTY: icanon echo\n"), shown, file: file, line: line)
        tmux.type(["clear", "Enter"])
    }

    /// A session started (`flags`) on a hanging mount of a tree of its own,
    /// its first page drawn; the caller unmounts it.
    private func sessionOnHangingMount(flags: String = "") throws -> (temp: TemporaryTree, hanging: HangingFileSystem) {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt")
        tmux.start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' \(flags) '\(temp.path)/mnt'")
        tmux.waitFor("help --", seconds: 2)
        return (temp, hanging)
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
        tmux.waitUntilRaw()
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
        tmux.waitUntil("the session ended with its launcher") {
            !CommandRunner.system("kill -0 \(child) 2>/dev/null && echo alive").contains("alive")
        }
        assertTerminalRestored()
    }

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

    func testADeadMountBesideTheStartNeverHoldsItUp() throws {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        try temp.folder("sub")
        temp.file("local.txt", contents: "here\n")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt", stalls: .every)
        defer { hanging.unmount() }
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .")
        // The first page within a second (it waited 30 s on the mount point's lstat).
        let first = tmux.waitFor("help --", seconds: 1)
        XCTAssertTrue(first.contains("local.txt") && first.contains("mnt") && first.contains("sub"), first)
        tmux.type(["open mnt", "Enter"])
        tmux.waitFor("open: \(temp.path)/mnt: not responding", seconds: 2)
        tmux.type(["info mnt", "Enter"])
        tmux.waitFor("mnt: not responding (still waiting; Ctrl-C to give up)", seconds: 2)
        // Keys typed while it waits are not echoed: an escape sequence pasted
        // meanwhile never reaches the screen as it is.
        tmux.type(["XYZ"])
        tmux.type(["C-c"])
        let gaveUp = tmux.waitFor("gave up waiting", seconds: 1)
        XCTAssertFalse(gaveUp.contains("XYZ"), gaveUp)
        XCTAssertFalse(gaveUp.contains("^C"), gaveUp)
        // du leaves the mount that does not answer out, says so, and sizes the rest
        // (its mount point's statx held the scan for good).
        tmux.type(["du", "Enter"])
        tmux.waitFor("in 1 file; left out \(temp.path)/mnt: not responding", seconds: 3)
        // The rest of the directory answers as ever.
        tmux.type(["view local.txt", "Enter"])
        tmux.waitFor("1  here", seconds: 2)
        tmux.type(["q", "Enter"])
        tmux.type(["q", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// A comparison that reaches a file the mount does not answer for never
    /// holds the prompt and never calls the pair the same: Ctrl-C ends a
    /// stalled read at once, saying nothing was compared whole (it waited
    /// the whole stall, then said every file was the same), or the pair is
    /// said to be unreadable, the comparison headed partial.
    func testACompareStuckOnAMountEndsOnCtrlC() throws {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        try temp.folder("here")
        // The same size as the mount's: only reading its bytes tells them apart.
        temp.file("slow-read", contents: "never\n", in: "here")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt")
        defer { hanging.unmount() }
        tmux.start("cd '\(temp.path)/here' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .")
        tmux.waitFor("help --", seconds: 2)
        tmux.type(["compare ../mnt", "Enter"])
        tmux.waitFor("compare ../mnt\n", seconds: 1)
        tmux.waitUntilCtrlCIsASignal()
        let pressed = Date()
        tmux.type(["C-c"])
        var screen = tmux.screen()
        while Date().timeIntervalSince(pressed) < 3, !screen.contains("nothing to show"), !screen.contains("could not be read") {
            screen = tmux.screen()
        }
        XCTAssertTrue(screen.contains("nothing to show") || screen.contains("could not be read"), screen)
        XCTAssertLessThan(Date().timeIntervalSince(pressed), 3, "Ctrl-C came back late")
        XCTAssertFalse(screen.contains("the same on both sides") || screen.contains("1 file the same"), screen)
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\(temp.path)/here\n", seconds: 1)
    }

    /// A file whose reads stall midway (its first 256 KiB answer): the
    /// viewer, counting its lines before it draws, gives up on Ctrl-C at
    /// once (it waited out the whole stall, 40 s and more).
    func testAViewWhoseReadsStallMidwayEndsOnCtrlC() throws {
        let (temp, hanging) = try sessionOnHangingMount()
        defer { hanging.unmount() }
        tmux.type(["view slow-tail", "Enter"])
        tmux.waitFor("view slow-tail\n", seconds: 1)
        let pressed = Date()
        tmux.type(["C-c"])
        tmux.waitFor("slow-tail: not responding", seconds: 2)
        XCTAssertLessThan(Date().timeIntervalSince(pressed), 1.5, "Ctrl-C came back late")
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\(temp.path)/mnt\n", seconds: 1)
    }

    /// An archive whose reads stall midway: `open` says it is not
    /// responding, Ctrl-C gives the prompt back, and the members read before
    /// the stall open as a level headed partial (it froze the prompt).
    func testAnArchiveWhoseReadsStallOpensPartialOnCtrlC() throws {
        // One row a page: the page's own stat of the sleeping files is not asked.
        let (temp, hanging) = try sessionOnHangingMount(flags: "--page-size 1")
        // The tree outlives the mount: removing it with the mount still there walks into it.
        defer { withExtendedLifetime(temp) { hanging.unmount() } }
        tmux.type(["open slow.tar", "Enter"])
        tmux.waitFor("slow.tar: not responding (still waiting; Ctrl-C to give up)", seconds: 2)
        tmux.type(["C-c"])
        let partial = tmux.waitFor("partial: not responding (the file system did not answer)", seconds: 2)
        XCTAssertTrue(partial.contains("member-00"), partial)
    }

    /// A scan of / is long enough to interrupt (and crosses /proc): Ctrl-C
    /// ends `du` at once and gives the prompt back.
    func testCtrlCStopsALongDuScan() throws {
        tmux.start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' /")
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["du", "Enter"])
        tmux.waitFor("scanning")
        tmux.waitUntilCtrlCIsASignal()
        let pressed = Date()
        tmux.type(["C-c"])
        tmux.waitFor("du: interrupted")
        XCTAssertLessThan(Date().timeIntervalSince(pressed), 2, "the prompt came back late")
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\n/\n/> ")
        tmux.type(["q", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// Ctrl-C during a long find stops it and returns to the prompt.
    func testCtrlCStopsALongFind() throws {
        let temp = try TemporaryTree.inMemory()
        try temp.folder("long")
        // A long operation to interrupt: 'find' for a near miss in long names.
        let longName = String(repeating: "a", count: 250)
        for i in 0..<20_000 { temp.file(longName.dropLast(5) + String(format: "%05d", i), in: "long") }
        tmux.start("cd '\(temp.path)/long' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 100, rows: 14)
        tmux.waitFor("| 20000 entries |", seconds: 90)
        tmux.type(["find " + String(repeating: "a", count: 100) + "b", "Enter"])
        tmux.waitUntilCtrlCIsASignal()
        tmux.type(["C-c"])
        tmux.waitFor("find: interrupted")
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\n\(temp.path)/long\n")
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends(), "quit did not end the session")
    }

    /// The session runs in a child of the process the shell started; SIGTERM
    /// sent to that process ends the session as it would have ended it (143).
    func testSigtermToTheSessionEndsIt() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        let executable = CommandRunner.executable.path
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(executable)' '\(temp.path)'; echo EXITED \\$?; sleep 3")
        tmux.waitFor("help --")
        let launcher = CommandRunner.system("pgrep -f -x \"\(executable) \(temp.path)\"").split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(launcher.isEmpty, "no launcher process found")
        _ = CommandRunner.system("kill -TERM \(launcher)")
        tmux.waitFor("EXITED 143", seconds: 2)
    }

    /// A read that waits for ever (the terminal itself, through a link) ends
    /// with Ctrl-C at the prompt, and with SIGINT in batch mode.
    func testCtrlCEndsABlockingRead() throws {
        let temp = try TemporaryTree()
        try temp.link("tty", to: "/dev/tty")
        let executable = CommandRunner.executable.path
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(executable)' .", columns: 100, rows: 20)
        tmux.waitFor("\(temp.path)>")
        tmux.type(["hex 1", "Enter"])
        tmux.waitUntilReadingATerminal(executable)
        tmux.type(["C-c"])
        tmux.waitFor("hex: \(temp.path)/tty: interrupted")
        // view switches to hex for a device, and says so.
        tmux.type(["view 1", "Enter"])
        tmux.waitUntilReadingATerminal(executable)
        tmux.type(["C-c"])
        tmux.waitFor("showing hex\nfiletable: hex: \(temp.path)/tty: interrupted")
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\n\(temp.path)\n")
        tmux.type(["quit", "Enter"])
        tmux.kill()
        // Batch mode: the batch stops at the interrupted command with status 1.
        // The shell traps SIGINT so it outlives filetable and prints its status.
        let script = "trap : INT; cd '\(temp.path)' && '\(executable)' -e 'hex 1; pwd' . ; echo status=\\$?"
        tmux.start("\(script); sleep 30", columns: 100, rows: 20)
        tmux.waitUntilReadingATerminal(executable)
        tmux.type(["C-c"])
        let shown = tmux.waitFor("status=1")
        XCTAssertTrue(shown.contains("line 1: hex: \(temp.path)/tty: interrupted"), shown)
    }

    /// Starting on a mount whose server is still stuck (a `stat` of
    /// slow-stat holds it): the prompt and the screen say "not responding"
    /// within the guard's deadline and Ctrl-C ends the wait with status 130
    /// (they drew nothing and ignored Ctrl-C for the 30 s the server slept).
    func testStartingOnAStuckMountSaysSoAndCtrlCEndsTheWait() throws {
        let temp = try TemporaryTree()
        let mount = temp.path + "/mnt"
        try temp.folder("mnt")
        let hanging = try HangingFileSystem(at: mount)
        defer { hanging.unmount() }
        for flags in ["", "--screen"] {
            _ = CommandRunner.system("(stat '\(mount)/slow-stat' > /dev/null 2>&1 &)")
            // The server holds that stat: the mount answers nobody until it wakes.
            tmux.waitUntil("a stat was stuck on the mount") {
                let calls = CommandRunner.system("for p in $(pgrep -f '^stat \(mount)/slow-stat'); do cut -d' ' -f1 /proc/$p/syscall; done")
                // stat, lstat, newfstatat or statx (x86-64), or newfstatat and statx (arm64), waiting.
                return calls.split(separator: "\n").contains { ["4", "6", "262", "332", "79", "291"].contains(String($0)) }
            }
            tmux.start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' \(flags) '\(mount)'; echo EXITED \\$?; sleep 3")
            tmux.waitFor("filetable: \(mount): not responding (still waiting; Ctrl-C to give up)", seconds: 2)
            tmux.type(["C-c"])
            tmux.waitFor("filetable: \(mount): gave up waiting (the file system has not answered)", seconds: 2)
            tmux.waitFor("EXITED 130", seconds: 2)
            tmux.kill()
        }
    }
}
