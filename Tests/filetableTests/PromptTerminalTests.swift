import Foundation
import TestSupport
import XCTest

/// The prompt where only a real terminal shows it, in tmux on a private
/// server: the table following its directory as files come and go while
/// the editor waits, a file system that stops answering, a listing into a
/// pipe from a terminal, Ctrl-Z and `fg` in a shell with job control, the
/// history kept for the next session, TERM=dumb and `--no-edit`, and other
/// programs (`!`, the pager) given the terminal. (The prompt as a person
/// types is in-process: `PromptInProcessTests` and its neighbours.)
final class PromptTerminalTests: TmuxTestCase {
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

    /// Starts filetable at the shell.
    private func startSession(in temp: TemporaryTree) throws {
        tmux.type(["clear", "Enter"])
        tmux.type(["\(executable) \(temp.path)", "Enter"])
        tmux.waitFor("help --")
    }

    /// The table follows its directory: changes made from outside show as a
    /// note above the prompt without disturbing what is typed; `watch on`
    /// applies them (a burst of 10,000 new files drawn a handful of times);
    /// a marked file that changes is reported without a command typed.
    func testTheTableFollowsItsDirectory() throws {
        let temp = try TemporaryTree()
        for name in ["a", "b", "keep"] { temp.file(name) }
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .")
        tmux.waitFor("help --")
        tmux.type(["mark keep", "Enter"])
        tmux.waitFor("marked 1")
        tmux.type(["inf"])
        _ = try CommandRunner.shell("touch new1 new2 && rm a && mv b renamed", in: temp.url)
        let noted = tmux.waitFor("since this page was drawn", seconds: 1)
        XCTAssertTrue(noted.contains("+3 -2 since this page was drawn (reload to see)"), noted)
        XCTAssertTrue(noted.contains("> inf"), "what was typed stays: \(noted)")
        // A marked file changed from outside: said at once.
        _ = try CommandRunner.shell("echo more >> keep", in: temp.url)
        tmux.waitFor("keep changed", seconds: 1)
        tmux.type(["C-u", "watch on", "Enter"])
        // One append is one note (its modify and its close each said it).
        let once = tmux.waitFor("now show as they come")
        XCTAssertEqual(once.components(separatedBy: "keep changed").count - 1, 1, once)
        _ = try CommandRunner.shell("touch late", in: temp.url)
        tmux.waitFor(" late", seconds: 1)
        // The prompt is drawn again under the new page, without a key pressed.
        tmux.waitFor(" renamed\n-- a number opens its row, b back, help --\n\(temp.path)> ", seconds: 2)
        // A burst: 10,000 files at once.
        _ = try CommandRunner.shell(
            "mkdir -p ../burst-$$ && cd ../burst-$$ && seq -f 'f%g' 1 10000 | xargs touch && mv f* '\(temp.path)/'", in: temp.url)
        // Every file is a row once the page says so ("keep" is marked, so not a row): the burst is over.
        tmux.waitFor("10004 entries", seconds: 20)
        tmux.type(["stats", "Enter"])
        let stats = tmux.waitFor("pages drawn for changes:")
        let drawn =
            stats.split(separator: "\n").first { $0.hasPrefix("pages drawn for changes:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") } ?? -1
        XCTAssertGreaterThan(drawn, 0)
        print("pages drawn for a burst of 10,000 files: \(drawn)")
        XCTAssertLessThan(drawn, 20, "10,000 changes were not coalesced: \(drawn) pages")
        tmux.type(["q", "Enter"])
        tmux.waitFor("Quit and drop 1 mark?")
        tmux.type(["y", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// A file system that stops answering (FUSE, `Samples/fuse/hanging_fs.py`:
    /// `getattr` of one file and of one directory sleeps 30 s; libfuse 2
    /// makes the neighbours wait too) never freezes the prompt: the first
    /// page shows every name within a second, `info` of the hanging file says
    /// it is not responding, Ctrl-C gives the prompt back, `cd` into the
    /// hanging directory says so, and `quit` ends at once although the call
    /// is still stuck (the session runs in a child the shell does not wait for);
    /// a listing there ends at once on SIGTERM or SIGINT.
    func testAFileSystemThatStopsAnsweringNeverFreezesThePrompt() throws {
        let temp = try TemporaryTree()
        let mount = temp.path + "/mnt"
        try temp.folder("mnt")
        temp.file("local", contents: "x")
        let hanging = try HangingFileSystem(at: mount)
        defer { hanging.unmount() }
        tmux.start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' '\(mount)'; echo EXITED; sleep 3")
        let first = tmux.waitFor("help --", seconds: 1)
        for name in ["fine.txt", "slow-dir", "slow-read", "slow-stat"] { XCTAssertTrue(first.contains(name), "\(name) missing: \(first)") }
        /// Types `line`; `what` is said not to respond, and Ctrl-C gives up.
        func giveUp(_ line: String, _ what: String) {
            tmux.type([line, "Enter"])
            tmux.waitFor("\(what): not responding (still waiting; Ctrl-C to give up)", seconds: 1)
            tmux.type(["C-c"])
            tmux.waitFor("\(what): gave up waiting", seconds: 1)
        }
        giveUp("info slow-stat", "info: \(mount)/slow-stat")
        tmux.type(["cd slow-dir", "Enter"])
        tmux.waitFor("slow-dir: not responding", seconds: 1)
        // Reading a file that does not answer: the same, and Ctrl-C again.
        giveUp("hex slow-read", "hex: \(mount)/slow-read")
        // `view` reads through the guard too (it used to freeze in fstatat), and
        // `mark` refuses at once rather than waiting for the file system.
        giveUp("view slow-read", "view: \(mount)/slow-read")
        tmux.type(["mark slow-stat", "Enter"])
        tmux.waitFor("not responding (the file system did not answer)", seconds: 2)
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("> pwd\n\(mount)\n", seconds: 1)
        // Rows whose status has not come back show question marks, and every name.
        tmux.type(["style long", "Enter"])
        let long = tmux.waitFor("?????????", seconds: 1)
        XCTAssertTrue(long.contains("slow-stat") && long.contains("fine.txt"), long)
        // reload, path completion and an export onto the mount: said, not waited on.
        giveUp("reload", "reload: \(mount)")
        tmux.type(["cd ./sl", "Tab"])
        // The completion is given up on its deadline; what follows is typed meanwhile.
        tmux.type(["C-u", "cd \(temp.path)", "Enter"])
        tmux.waitFor("| 2 entries |", seconds: 3)
        tmux.type(["mark local", "Enter"])
        tmux.waitFor("marked 1", seconds: 1)
        giveUp("marks export \(mount)/plan", "marks export: \(mount)/plan")
        tmux.waitFor("gave up waiting; the plan appears there whole if the file system answers, or not at all", seconds: 1)
        tmux.type(["quit", "Enter"])
        tmux.waitFor("Quit and drop 1 mark? [y/N]", seconds: 1)
        tmux.type(["y", "Enter"])
        tmux.waitFor("EXITED", seconds: 1)
        // A listing blocks as ls does, but SIGTERM and Ctrl-C (SIGINT) end it at once.
        for signal in ["TERM", "INT"] {
            let started = Date()
            // (Output to /dev/null: the killed child keeps its descriptors until its call returns.)
            let listing = try CommandRunner.shell("timeout -s \(signal) 1 \"$FILETABLE\" -l '\(mount)' > /dev/null 2>&1; echo $?")
            XCTAssertEqual(listing.text, "124\n", "SIG\(signal)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "SIG\(signal) did not end the listing")
        }
    }

    /// At a terminal with the output into a pipe, a listing letter lists as
    /// ls does (a session into a pipe serves no one).
    func testAListingIntoAPipeFromATerminalListsAsLs() throws {
        let temp = try TemporaryTree()
        temp.file("apple")
        try temp.folder("cherry")
        tmux.start("cd '\(temp.path)' && '\(CommandRunner.executable.path)' -p | cat; echo EXITED \\$?; sleep 3")
        let shown = tmux.waitFor("EXITED 0", seconds: 5)
        XCTAssertTrue(shown.contains("apple\ncherry/\nEXITED 0"), shown)
    }

    /// TERM=dumb and --no-edit read lines as the terminal gives them.
    func testNoLineEditorWithADumbTerminalOrNoEdit() throws {
        let temp = try TemporaryTree()
        temp.file("long.txt", contents: String(repeating: "wordy ", count: 50) + "TAIL\n")
        temp.file("many.txt", contents: (1...40).map { "line \($0)" }.joined(separator: "\n") + "\n")
        for (term, flag) in [("dumb", ""), ("xterm", "--no-edit ")] {
            _ = CommandRunner.system("tmux kill-session -t \(tmux.session)")
            let command = "cd '\(temp.path)' && TERM=\(term) XDG_STATE_HOME='\(temp.path)/state' '\(CommandRunner.executable.path)' \(flag)."
            tmux.start(command)
            tmux.waitFor("\(temp.path)>")
            tmux.type(["history", "Enter"])
            tmux.waitFor("history: kept only at a terminal with the line editor")
            // help pages at 24 rows; an empty line goes on.
            tmux.type(["help", "Enter"])
            var shown = tmux.waitFor("-- more: ")
            XCTAssertFalse(shown.contains("The session:"), shown)
            // As many screens as help takes at 24 rows; an empty line after the last does nothing.
            for _ in 0..<6 { tmux.type(["Enter"]) }
            shown = tmux.waitFor("The session:")
            // A long line of a viewed file is cut at the screen's edge, not wrapped.
            tmux.type(["view long.txt", "Enter"])
            shown = tmux.waitFor("-- end of file --")
            let row =
                CommandRunner.system("tmux capture-pane -p -t \(tmux.session)").split(separator: "\n").first { $0.hasPrefix("     1  wordy") } ?? ""
            XCTAssertTrue(row.hasSuffix("…") && row.count <= 80, "\(row)\n\(shown)")
            // The view keeps its place across another command: an empty line
            // then pages the table (one page: nothing next), 'more' goes on.
            // 24 rows: the notice, the header, 20 lines, the footer, the prompt.
            tmux.type(["view many.txt", "Enter"])
            tmux.waitFor("-- more from line 21")
            tmux.type(["list", "Enter"])
            tmux.type(["Enter"])
            // On the last page an empty line is no mistake: nothing is said.
            tmux.type(["more", "Enter"])
            shown = tmux.waitFor("    21  line 21")
            XCTAssertFalse(shown.contains("already on the last page"), shown)
            tmux.type(["quit", "Enter"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/state"), "no history written")
    }

    /// In an interactive bash (for job control) at 80x24: Ctrl-Z stops the
    /// session and `fg` brings the prompt and the line back; the history is
    /// kept (mode 0600) and the next session recalls it.
    func testCtrlZAndFgAndTheHistoryKeptForTheNextSession() throws {
        let temp = try TemporaryTree()
        temp.file("notes.txt", contents: "some notes\n")
        _ = CommandRunner.system(
            "tmux new-session -d -s \(tmux.session) -x 80 -y 24 'env -i PATH=/usr/bin:/bin TERM=xterm HOME=$(mktemp -d) PS1=\"$ \" bash --norc --noprofile -i'"
        )
        tmux.waitFor("$ ")
        let start = "cd '\(temp.path)' && XDG_STATE_HOME='\(temp.path)/state' '\(CommandRunner.executable.path)' ."
        tmux.type([start, "Enter"])
        tmux.waitFor("\(temp.path)>")
        tmux.type(["sort size", "Enter"])
        tmux.type(["info notes.txt", "Enter"])
        tmux.waitFor("path:        \(temp.path)/notes.txt")
        tmux.type(["list", "Enter"])
        // Ctrl-Z stops it; fg brings the prompt and the line back.
        tmux.type(["half", "C-z"])
        tmux.waitFor("Stopped")
        tmux.type(["fg", "Enter"])
        tmux.waitFor("\(temp.path)> half")
        tmux.type(["C-u", "quit", "Enter"])
        // The shell is back once filetable has saved the history and ended; then it runs a command.
        tmux.waitForLastLine("$")
        tmux.type(["echo ended-$((20+22))", "Enter"])
        tmux.waitFor("ended-42")
        let file = temp.path + "/state/filetable/history"
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(saved.hasSuffix("info notes.txt\nlist\nquit\n"), saved)
        XCTAssertTrue(saved.contains("sort size\n"), saved)
        var status = stat()
        XCTAssertEqual(stat(file, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        tmux.type(["clear", "Enter"])
        tmux.type([start, "Enter"])
        tmux.waitFor("\(temp.path)>")
        tmux.type(["Up", "Up"])
        tmux.waitFor("\(temp.path)> list")
        tmux.type(["C-u", "history", "Enter"])
        // The screen was cleared: "sort size" can only come from the history listed.
        tmux.waitFor("sort size\n")
    }

    /// `!CMD` runs in the table's directory and gives the prompt back;
    /// `pager N` opens less on the file and q gives the table back.
    func testOtherProgramsGetTheTerminalAndGiveItBack() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("less"), "skipped: less is not installed")
        let temp = try TemporaryTree()
        temp.file("wide.txt", contents: "first\nlast\n")
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) PAGER=less '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        tmux.waitFor("\(temp.path)>")
        tmux.type(["!echo shell-$((6*7)) in $(pwd)", "Enter"])
        tmux.waitFor("shell-42 in \(temp.path)\n")
        tmux.type(["!exit 3", "Enter"])
        tmux.waitFor("!: exit status 3")
        tmux.type(["pager wide.txt", "Enter"])
        tmux.waitFor("(END)")
        tmux.type(["q"])
        tmux.waitFor("\(temp.path)>")
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// A filetable started from the session's `!` is a program of its own:
    /// it sees neither the status variable nor its descriptor, so ending it
    /// returns to the outer session; a status variable set by hand is ignored.
    func testProgramsStartedFromTheSessionDoNotSeeItsStatusChannel() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        startShell(in: temp)
        try startSession(in: temp)
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

    /// `--choose-files -` inside `$(…)`: the session draws on the terminal
    /// (`/dev/tty`), at the prompt or full screen, and the command
    /// substitution gets the paths picked alone.
    func testPickingToStandardOutputDrawsOnTheTerminal() throws {
        let temp = try TemporaryTree()
        temp.file("alpha")
        temp.file("beta")
        // (Typed inside the double quotes tmux's command is given in: `$` escaped.)
        let run = "picked=\\$(HOME=\\$(mktemp -d) '\(executable)' --choose-files -"
        tmux.start("cd '\(temp.path)' && \(run) --screen .); echo PICKED[\\$picked] \\$?; sleep 30")
        tmux.waitFor("? lists the keys; q leaves")
        tmux.type(["j", "Enter"])
        tmux.waitFor("PICKED[\(temp.path)/beta] 0")
        tmux.kill()
        tmux.start("cd '\(temp.path)' && \(run) .); echo PICKED[\\$picked] \\$?; sleep 30")
        tmux.waitFor("\(temp.path)> ")
        tmux.type(["select 1", "Enter"])
        tmux.waitFor("selected 1 (1 to pick")
        tmux.type(["pick", "Enter"])
        tmux.waitFor("PICKED[\(temp.path)/alpha] 0")
    }
}
