import Foundation
import TestSupport
import XCTest

/// Drives the REPL in a real terminal with tmux: the prompt, paging, open and
/// back, Ctrl-C at the prompt and Ctrl-C during a long operation.
final class TerminalSessionTests: XCTestCase {
    private let tmux = TmuxDriver()
    private var session: String { tmux.session }

    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("tmux"), "skipped: tmux is not installed (apt-get install tmux)")
    }

    override func tearDown() {
        tmux.kill()
    }

    private func screen() throws -> String { tmux.screen() }

    private func type(_ keys: String...) throws { tmux.type(keys) }

    @discardableResult
    private func waitFor(_ text: String, seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        tmux.waitFor(text, seconds: seconds, file: file, line: line)
    }

    private func start(_ command: String, columns: Int = 80, rows: Int = 24) { tmux.start(command, columns: columns, rows: rows) }

    private func sessionEnds() -> Bool { tmux.ends() }

    /// A message wider than the terminal wraps between words, never inside
    /// one (it broke `('du --eve` / `rything'`, as the terminal cut it).
    func testALongMessageWrapsBetweenWords() throws {
        let temp = try TemporaryTree()
        temp.file("victim", contents: "x")
        start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 40, rows: 20)
        try waitFor("help --")
        try type("mark victim", "Enter")
        let shown = try waitFor("to revert)")
        let lines = shown.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("marked 1 (1 in the plan;") }, shown)
        XCTAssertTrue(lines.allSatisfy { $0.count < 40 }, shown)
        XCTAssertTrue(lines.contains("review, 'undo' to revert)"), shown)
        try type("quit", "Enter")
    }

    /// `du` at a terminal: the rows get their space, share and bar; on a
    /// large tree Ctrl-C stops the scan and gives the prompt back.
    func testDuShowsSpaceAndCtrlCStopsALongScan() throws {
        let temp = try TemporaryTree()
        try temp.folder("big")
        temp.file("small", contents: "x")
        _ = try CommandRunner.shell("head -c 300000 /dev/zero > big/blob", in: temp.url)
        start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .")
        try waitFor("help --")
        try type("du", "Enter")
        let sized = try waitFor("] big >")
        // The big folder's row: its space, a share of nearly all of it, a full bar.
        let row = sized.split(separator: "\n").first { $0.hasSuffix("] big >") }.map(String.init) ?? ""
        let figures = row.split(separator: " ", omittingEmptySubsequences: true)
        XCTAssertTrue(figures.count >= 4 && figures[1].hasSuffix("K") && figures[3] == "[##########]", row)
        let share = figures.count >= 3 ? Double(figures[2].dropLast()) ?? 0 : 0
        XCTAssertTrue(share > 90 && share < 100, "big holds nearly all the space: \(row)")
        XCTAssertTrue(sized.contains("| du "), sized)
        try type("q", "Enter")
        XCTAssertTrue(sessionEnds())
        // A scan of / is long enough to interrupt (and crosses /proc): Ctrl-C ends it at once.
        start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' /")
        try waitFor("help --")
        try type("du", "Enter")
        try waitFor("scanning")
        let pressed = Date()
        try type("C-c")
        try waitFor("du: interrupted")
        XCTAssertLessThan(Date().timeIntervalSince(pressed), 2, "the prompt came back late")
        try type("pwd", "Enter")
        try waitFor("\n/\n/> ")
        try type("q", "Enter")
        XCTAssertTrue(sessionEnds())
    }

    /// The table follows its directory: changes made from outside show as a
    /// note above the prompt without disturbing what is typed; `watch on`
    /// applies them (a burst of 10,000 new files drawn a handful of times);
    /// a marked file that changes is reported without a command typed.
    func testTheTableFollowsItsDirectory() throws {
        let temp = try TemporaryTree()
        for name in ["a", "b", "keep"] { temp.file(name) }
        start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .")
        try waitFor("help --")
        try type("mark keep", "Enter")
        try waitFor("marked 1")
        try type("inf")
        _ = try CommandRunner.shell("touch new1 new2 && rm a && mv b renamed", in: temp.url)
        let noted = try waitFor("since this page was drawn", seconds: 1)
        XCTAssertTrue(noted.contains("+3 -2 since this page was drawn (reload to see)"), noted)
        XCTAssertTrue(noted.contains("> inf"), "what was typed stays: \(noted)")
        // A marked file changed from outside: said at once.
        _ = try CommandRunner.shell("echo more >> keep", in: temp.url)
        try waitFor("keep changed", seconds: 1)
        try type("C-u", "watch on", "Enter")
        // One append is one note (its modify and its close each said it).
        let once = try waitFor("now show as they come")
        XCTAssertEqual(once.components(separatedBy: "keep changed").count - 1, 1, once)
        _ = try CommandRunner.shell("touch late", in: temp.url)
        try waitFor(" late", seconds: 1)
        // The prompt is drawn again under the new page, without a key pressed.
        try waitFor(" renamed\n-- a number opens its row, b back, help --\n\(temp.path)> ", seconds: 2)
        // A burst: 10,000 files at once.
        _ = try CommandRunner.shell(
            "mkdir -p ../burst-$$ && cd ../burst-$$ && seq -f 'f%g' 1 10000 | xargs touch && mv f* '\(temp.path)/'", in: temp.url)
        try waitFor("10004 entries", seconds: 20)  // "keep" is marked, so not a row
        usleep(600_000)
        try type("stats", "Enter")
        let stats = try waitFor("pages drawn for changes:")
        let drawn =
            stats.split(separator: "\n").first { $0.hasPrefix("pages drawn for changes:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") } ?? -1
        XCTAssertGreaterThan(drawn, 0)
        print("pages drawn for a burst of 10,000 files: \(drawn)")
        XCTAssertLessThan(drawn, 20, "10,000 changes were not coalesced: \(drawn) pages")
        try type("q", "Enter")
        try waitFor("Quit and drop 1 mark?")
        try type("y", "Enter")
        XCTAssertTrue(sessionEnds())
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
        start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' '\(mount)'; echo EXITED; sleep 3")
        let first = try waitFor("help --", seconds: 1)
        for name in ["fine.txt", "slow-dir", "slow-read", "slow-stat"] { XCTAssertTrue(first.contains(name), "\(name) missing: \(first)") }
        /// Types `line`; `what` is said not to respond, and Ctrl-C gives up.
        func giveUp(_ line: String, _ what: String) throws {
            try type(line, "Enter")
            try waitFor("\(what): not responding (still waiting; Ctrl-C to give up)", seconds: 1)
            try type("C-c")
            try waitFor("\(what): gave up waiting", seconds: 1)
        }
        try giveUp("info slow-stat", "info: \(mount)/slow-stat")
        try type("cd slow-dir", "Enter")
        try waitFor("slow-dir: not responding", seconds: 1)
        // Reading a file that does not answer: the same, and Ctrl-C again.
        try giveUp("hex slow-read", "hex: \(mount)/slow-read")
        // `view` reads through the guard too (it used to freeze in fstatat), and
        // `mark` refuses at once rather than waiting for the file system.
        try giveUp("view slow-read", "view: \(mount)/slow-read")
        try type("mark slow-stat", "Enter")
        try waitFor("not responding (the file system did not answer)", seconds: 2)
        try type("pwd", "Enter")
        try waitFor("> pwd\n\(mount)\n", seconds: 1)
        // Rows whose status has not come back show question marks, and every name.
        try type("style long", "Enter")
        let long = try waitFor("?????????", seconds: 1)
        XCTAssertTrue(long.contains("slow-stat") && long.contains("fine.txt"), long)
        // reload, path completion and an export onto the mount: said, not waited on.
        try giveUp("reload", "reload: \(mount)")
        try type("cd ./sl", "Tab")
        usleep(1_000_000)
        try type("C-u", "cd \(temp.path)", "Enter")
        try waitFor("| 2 entries |", seconds: 1)
        try type("mark local", "Enter")
        try waitFor("marked 1", seconds: 1)
        try giveUp("marks export \(mount)/plan", "marks export: \(mount)/plan")
        try waitFor("gave up waiting; the plan appears there whole if the file system answers, or not at all", seconds: 1)
        try type("quit", "Enter")
        try waitFor("Quit and drop 1 mark? [y/N]", seconds: 1)
        try type("y", "Enter")
        try waitFor("EXITED", seconds: 1)
        // A listing blocks as ls does, but SIGTERM and Ctrl-C (SIGINT) end it at once.
        for signal in ["TERM", "INT"] {
            let started = Date()
            // (Output to /dev/null: the killed child keeps its descriptors until its call returns.)
            let listing = try CommandRunner.shell("timeout -s \(signal) 1 \"$FILETABLE\" -l '\(mount)' > /dev/null 2>&1; echo $?")
            XCTAssertEqual(listing.text, "124\n", "SIG\(signal)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "SIG\(signal) did not end the listing")
        }
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
            usleep(200_000)
            start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' \(flags) '\(mount)'; echo EXITED \\$?; sleep 3")
            try waitFor("filetable: \(mount): not responding (still waiting; Ctrl-C to give up)", seconds: 2)
            try type("C-c")
            try waitFor("filetable: \(mount): gave up waiting (the file system has not answered)", seconds: 2)
            try waitFor("EXITED 130", seconds: 2)
            tmux.kill()
        }
    }

    /// The session runs in a child of the process the shell started; SIGTERM
    /// sent to that process ends the session as it would have ended it (143).
    /// At a terminal with the output into a pipe, a listing letter lists as
    /// ls does (a session into a pipe serves no one).
    func testAListingIntoAPipeFromATerminalListsAsLs() throws {
        let temp = try TemporaryTree()
        temp.file("apple")
        try temp.folder("cherry")
        start("cd '\(temp.path)' && '\(CommandRunner.executable.path)' -p | cat; echo EXITED \\$?; sleep 3")
        let shown = try waitFor("EXITED 0", seconds: 5)
        XCTAssertTrue(shown.contains("apple\ncherry/\nEXITED 0"), shown)
    }

    func testSigtermToTheSessionEndsIt() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        let executable = CommandRunner.executable.path
        start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(executable)' '\(temp.path)'; echo EXITED \\$?; sleep 3")
        try waitFor("help --")
        let launcher = CommandRunner.system("pgrep -f -x \"\(executable) \(temp.path)\"").split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(launcher.isEmpty, "no launcher process found")
        _ = CommandRunner.system("kill -TERM \(launcher)")
        try waitFor("EXITED 143", seconds: 2)
    }

    func testPromptPagingOpenBackAndInterrupts() throws {
        let temp = try TemporaryTree.inMemory()
        for i in 1...30 { temp.file("file\(i)") }
        try temp.folder("long")
        // A long operation to interrupt: 'find' for a near miss in long names.
        let longName = String(repeating: "a", count: 250)
        for i in 0..<20_000 { temp.file(longName.dropLast(5) + String(format: "%05d", i), in: "long") }
        let command = "cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' ."
        start(command, columns: 100, rows: 14)

        var shown = try waitFor("\(temp.path)>")
        // 14 rows: a header, 10 rows, a footer, a line for a message and the prompt.
        XCTAssertTrue(shown.contains("\(temp.path) | 31 entries | sort name | page 1 of 4"), shown)
        XCTAssertTrue(shown.contains(" 1 file1\n"))

        try type("n", "Enter")
        shown = try waitFor("page 2 of 4")
        XCTAssertTrue(shown.contains("12 file12"), shown)

        try type("open 31", "Enter")
        try waitFor("| 20000 entries |", seconds: 90)
        try type("back", "Enter")
        shown = try waitFor("\(temp.path) | 31 entries | sort name | page 2 of 4\n", seconds: 30)

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
        tmux.waitUntilCtrlCIsASignal()
        try type("C-c")
        shown = try waitFor("find: interrupted")
        try type("pwd", "Enter")
        shown = try waitFor("\n\(temp.path)/long\n")

        try type("quit", "Enter")
        XCTAssertTrue(sessionEnds(), "quit did not end the session")
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
        let command = "cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' ."
        start(command)
        try waitFor("\(temp.path)>")

        // Several rows: their names, then the question with what they hold.
        try type("mark 1-3", "Enter")
        // Wider than 80 columns: wrapped between words on rows of its own, never cut.
        var shown = try waitFor("Mark 3 entries (1 directory): 7 files, 2 directories, 2.1 KiB for deletion?\n[y/N]\n> ")
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
        shown = try waitFor(
            "quit: kept 1 mark; 'marks export FILE' writes the plan\n\(temp.path)> \nQuit and drop 1 mark? [y/N] \nquit: kept 1 mark; 'marks export FILE' writes the plan\n\(temp.path)>"
        )
        // Once exported, quit ends at once.
        try type("marks export plan.txt", "Enter")
        try waitFor("exported 1 marked path to \(temp.path)/plan.txt")
        try type("quit", "Enter")
        XCTAssertTrue(sessionEnds(), "quit after an export did not end the session")
        XCTAssertEqual(try String(contentsOfFile: temp.path + "/plan.txt", encoding: .utf8), temp.path + "/src\0")
    }

    /// The line editor as a person meets it, in an interactive bash (for job
    /// control) at 80x24: editing keys, Tab, Ctrl-W, Ctrl-R, Up, a pasted
    /// block, a resize, Ctrl-Z then `fg`, Ctrl-D on a non-empty line, and the
    /// history kept for the next session.
    func testLineEditorKeysHistoryCompletionPasteResizeAndSuspend() throws {
        let temp = try TemporaryTree()
        temp.file("notes.txt", contents: "some notes\n")
        temp.file("notebook")
        try temp.folder("subway")
        _ = CommandRunner.system(
            "tmux new-session -d -s \(session) -x 80 -y 24 'env -i PATH=/usr/bin:/bin TERM=xterm HOME=$(mktemp -d) PS1=\"$ \" bash --norc --noprofile -i'"
        )
        try waitFor("$ ")
        let start = "cd '\(temp.path)' && XDG_STATE_HOME='\(temp.path)/state' '\(CommandRunner.executable.path)' ."
        try type(start, "Enter")
        try waitFor("\(temp.path)>")

        // Left moves the cursor: the X lands before f, no escape bytes in the line.
        try type("abcdef", "Left", "X", "Enter")
        try waitFor("unknown command 'abcdeXf'")
        // Tab completes a command and a sort key; the page shows the new order.
        try type("sor", "Tab", "s", "Tab", "Enter")
        try waitFor("| sort size |")
        // Tab completes a row's name; Ctrl-W cuts the word typed after it.
        try type("info note", "Tab")
        var shown = try waitFor("notes.txt\n")
        XCTAssertTrue(shown.contains("\nnotebook   notes.txt\n"), "listed in columns, in order: \(shown)")
        try type("s", "Tab", " junk", "C-w", "Enter")
        shown = try waitFor("path:        \(temp.path)/notes.txt")
        // Ctrl-R finds the sort again; Up recalls the last line.
        try type("C-r", "sort")
        try waitFor("(reverse-i-search)'sort': sort size")
        try type("Escape", "C-u", "Up")
        try waitFor("\(temp.path)> info notes.txt")
        try type("C-u")
        // Ctrl-D on a non-empty line deletes, it does not send the line.
        try type("u", "p", "C-a", "C-d", "C-d", "C-u", "list", "Enter")
        try waitFor("\(temp.path)> list")
        // A pasted block is inserted, escaped, never run.
        _ = CommandRunner.system(
            "tmux set-buffer -b paste-\(session) 'cd subway\nquit\n' && tmux paste-buffer -p -d -b paste-\(session) -t \(session)")
        try waitFor("\(temp.path)> cd subway\\rquit\\r")
        try type("C-u")
        // A narrower window: a long line scrolls sideways and never wraps.
        resize(columns: 40, rows: 20)
        try type("find a-rather-long-text-that-goes-past-forty-columns-END")
        try waitFor("-END")
        // Rows as the screen has them (not joined): the prompt's row fits.
        shown = CommandRunner.system("tmux capture-pane -p -t \(session)")
        let promptRow = shown.split(separator: "\n").last { $0.contains("-END") } ?? ""
        XCTAssertLessThanOrEqual(promptRow.count, 40, shown)
        XCTAssertTrue(promptRow.hasSuffix("columns-END"), "the end of the line is in view: \(shown)")
        try type("C-u")
        resize(columns: 80, rows: 24)
        // Ctrl-Z stops it; fg brings the prompt and the line back.
        try type("half", "C-z")
        try waitFor("Stopped")
        try type("fg", "Enter")
        try waitFor("\(temp.path)> half")
        try type("C-u", "quit", "Enter")
        // The shell is back (its prompt on the last row) once filetable has
        // saved the history and ended; then it runs a command.
        let deadline = Date().addingTimeInterval(10)
        func lastRow() throws -> String? {
            try screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty }
        }
        while Date() < deadline, try lastRow() != "$" {
            usleep(50_000)
        }
        try type("echo ended-$((20+22))", "Enter")
        try waitFor("ended-42")

        // The history was kept (mode 0600), and the next session recalls it.
        let file = temp.path + "/state/filetable/history"
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(saved.hasSuffix("info notes.txt\nlist\nquit\n"), saved)
        XCTAssertTrue(saved.contains("\nsort size\n"), "kept without the trailing space: \(saved)")
        var status = stat()
        XCTAssertEqual(stat(file, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        try type("clear", "Enter")
        try type(start, "Enter")
        try waitFor("\(temp.path)>")
        try type("Up", "Up")
        try waitFor("\(temp.path)> list")
        try type("C-u", "history", "Enter")
        // The screen was cleared: "sort size" can only come from the history listed.
        try waitFor("sort size\n")
    }

    /// TERM=dumb and --no-edit read lines as the terminal gives them.
    func testNoLineEditorWithADumbTerminalOrNoEdit() throws {
        let temp = try TemporaryTree()
        temp.file("long.txt", contents: String(repeating: "wordy ", count: 50) + "TAIL\n")
        temp.file("many.txt", contents: (1...40).map { "line \($0)" }.joined(separator: "\n") + "\n")
        for (term, flag) in [("dumb", ""), ("xterm", "--no-edit ")] {
            _ = CommandRunner.system("tmux kill-session -t \(session)")
            let command = "cd '\(temp.path)' && TERM=\(term) XDG_STATE_HOME='\(temp.path)/state' '\(CommandRunner.executable.path)' \(flag)."
            start(command)
            try waitFor("\(temp.path)>")
            try type("history", "Enter")
            try waitFor("history: kept only at a terminal with the line editor")
            // help pages at 24 rows; an empty line goes on.
            try type("help", "Enter")
            var shown = try waitFor("-- more: ")
            XCTAssertFalse(shown.contains("The session:"), shown)
            // As many screens as help takes at 24 rows; an empty line after the last does nothing.
            for _ in 0..<3 { try type("Enter") }
            shown = try waitFor("The session:")
            // A long line of a viewed file is cut at the screen's edge, not wrapped.
            try type("view long.txt", "Enter")
            shown = try waitFor("-- end of file --")
            let row = CommandRunner.system("tmux capture-pane -p -t \(session)").split(separator: "\n").first { $0.hasPrefix("     1  wordy") } ?? ""
            XCTAssertTrue(row.hasSuffix("…") && row.count <= 80, "\(row)\n\(shown)")
            // The view keeps its place across another command: an empty line
            // then pages the table (one page: nothing next), 'more' goes on.
            // 24 rows: the notice, the header, 20 lines, the footer, the prompt.
            try type("view many.txt", "Enter")
            try waitFor("-- more from line 21")
            try type("list", "Enter")
            try type("Enter")
            // On the last page an empty line is no mistake: nothing is said.
            try type("more", "Enter")
            shown = try waitFor("    21  line 21")
            XCTAssertFalse(shown.contains("already on the last page"), shown)
            try type("quit", "Enter")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/state"), "no history written")
    }

    /// A read that waits for ever (the terminal itself, through a link) ends
    /// with Ctrl-C at the prompt, and with SIGINT in batch mode.
    func testCtrlCEndsABlockingRead() throws {
        let temp = try TemporaryTree()
        try temp.link("tty", to: "/dev/tty")
        let executable = CommandRunner.executable.path
        start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(executable)' .", columns: 100, rows: 20)
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
        let script = "trap : INT; cd '\(temp.path)' && '\(executable)' -e 'hex 1; pwd' . ; echo status=\\$?"
        start("\(script); sleep 30", columns: 100, rows: 20)
        usleep(800_000)
        try type("C-c")
        let shown = try waitFor("status=1")
        XCTAssertTrue(shown.contains("line 1: hex: \(temp.path)/tty: interrupted"), shown)
    }

    /// Resizes the window and gives tmux a moment to resize the terminal
    /// under it (keys typed at once may still meet the old size).
    private func resize(columns: Int, rows: Int) {
        _ = CommandRunner.system("tmux resize-window -t \(session) -x \(columns) -y \(rows)")
        usleep(300_000)
    }

    /// Every line of the screen as tmux holds it, wrapped lines joined: a
    /// line longer than the width wrapped on the terminal.
    private func joinedLines() -> [Substring] {
        CommandRunner.system("tmux capture-pane -p -J -t \(session)").split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Pages with sections fit the screen at 80x24 and at 40 columns, styles
    /// never wrap (value2 cuts a 200-character name, value1 keeps the size
    /// near the names at 200 columns, long shows ls -l's columns), a view
    /// cuts or wraps, `!CMD` and `pager N` hand over the terminal and give it
    /// back, and `find` walks below the table with `n` going on.
    func testScreensFitTheTerminalAndOtherProgramsGetIt() throws {
        let temp = try TemporaryTree()
        for letter in "abcdefghijklmn" { for i in 1...2 { temp.file("\(letter)\(i)") } }
        temp.file(String(repeating: "v", count: 200))
        temp.file("wide.txt", contents: "first\n" + String(repeating: "0123456789", count: 20) + "END\nlast\n")
        try temp.folder("sub")
        temp.file("needle-deep", in: "sub")
        try temp.link("lnk", to: "wide.txt")
        let executable = CommandRunner.executable.path
        start("cd '\(temp.path)' && HOME=$(mktemp -d) PAGER=less '\(executable)' .", columns: 80, rows: 24)
        try waitFor("\(temp.path)>")

        // 14 sections of two rows: headers and footers count against the 24 rows.
        try type("group letter", "Enter")
        var shown = try waitFor("group letter | page 1 of")
        XCTAssertTrue(shown.contains("== A ==\n 1 a1\n"), shown)
        // The page, with its sections, fits below the command line typed.
        XCTAssertTrue(joinedLines().first?.hasSuffix("> group letter") ?? false, shown)
        try type("n", "Enter")
        shown = try waitFor("page 2 of")
        XCTAssertTrue(shown.contains("group letter | page 2 of"), "the header scrolled away:\n\(shown)")
        try type("group none", "Enter")
        try waitFor("| sort name | page 1 of")

        // At 40 columns neither header, footer nor rows wrap.
        resize(columns: 40, rows: 24)
        try type("style value2", "Enter")
        try waitFor(" file  a1")
        try type("end", "Enter")
        shown = try waitFor("file  vvvv")
        for line in joinedLines() { XCTAssertLessThanOrEqual(line.count, 40, "a wrapped line: \(line)") }
        XCTAssertTrue(shown.contains("…"), shown)

        // At 200 columns value1 puts sizes next to the names, not 190 columns away.
        resize(columns: 200, rows: 24)
        try type("style value1", "Enter")
        try type("top", "Enter")
        shown = try waitFor(" 1 a1")
        let firstRow = joinedLines().first { $0.hasPrefix(" 1 a1") } ?? ""
        XCTAssertTrue(firstRow.hasSuffix(" 0") && firstRow.count < 120, "'\(firstRow)'")

        // The long style, and ls -l as its alias: ls -l's columns, links with their target.
        resize(columns: 80, rows: 24)
        try type("style default", "Enter")
        try type("find lnk", "Enter")
        shown = try waitFor("find: row")
        XCTAssertTrue(shown.contains(" lnk@  (found)\n"), "the row found is marked on the page: \(shown)")
        try type("ls -l", "Enter")
        shown = try waitFor("lnk -> wide.txt")
        XCTAssertTrue(shown.contains("lrwxrwxrwx 1 "), shown)
        XCTAssertTrue(shown.contains("drwx"), shown)

        // A view cuts a long line at the edge, or wraps it with --wrap.
        try type("view wide.txt", "Enter")
        shown = try waitFor("-- end of file --")
        XCTAssertFalse(shown.contains("END"), shown)
        try type("view wide.txt --wrap", "Enter")
        shown = try waitFor("89END\n")
        XCTAssertTrue(shown.contains("     2  0123456789"), shown)

        // !CMD runs in the table's directory and gives the prompt back.
        try type("!echo shell-$((6*7)) in $(pwd)", "Enter")
        try waitFor("shell-42 in \(temp.path)\n")
        try type("!exit 3", "Enter")
        try waitFor("!: exit status 3")

        // pager N opens less on the file; q gives the table back.
        try type("pager wide.txt", "Enter")
        try waitFor("(END)")
        try type("q")
        try waitFor("\(temp.path)>")

        // find walks below the table; n goes on; back returns.
        try type("find needle", "Enter")
        shown = try waitFor("find: sub/needle-deep, row 1 here")
        XCTAssertTrue(shown.contains("/sub | 1 entry"), shown)
        try type("n", "Enter")
        try waitFor("find: no more names contain 'needle'")
        try type("pwd", "Enter")
        try waitFor("\n\(temp.path)\n")
        try type("quit", "Enter")
        XCTAssertTrue(sessionEnds())
    }

    /// Completion past a screen asks first; n, and Ctrl-C, keep the line.
    func testCompletionAsksBeforeAScreenOfCandidates() throws {
        let temp = try TemporaryTree()
        for i in 1...300 { temp.file("entry\(i)") }
        start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        try waitFor("\(temp.path)>")
        try type("info ent", "Tab")
        try waitFor("info entry")
        try type("Tab")
        try waitFor("Display all 300 possibilities? [y/n]")
        try type("n")
        try waitFor("\(temp.path)> info entry")
        try type("Tab")
        try waitFor("Display all 300 possibilities? [y/n]")
        try type("C-c")
        try type("1", "9", "9", "Enter")
        let shown = try waitFor("path:")
        XCTAssertTrue(shown.contains("entry199"), shown)
        try type("info entry", "Tab")
        try waitFor("Display all")
        try type("y")
        try waitFor("entry99")
        try waitFor("\(temp.path)> info entry")
        try type("C-u", "quit", "Enter")
        XCTAssertTrue(sessionEnds())
    }
}
