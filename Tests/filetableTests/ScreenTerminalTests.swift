import Foundation
import TestSupport
import XCTest

/// The full-screen view driven with real keys in tmux, at 80x24 and 200x60:
/// moving and opening, back to the same row, filter as you type, marks that
/// the prompt's `marks` then lists, the detail pane's previews, resize,
/// Ctrl-Z and fg, and the terminal as it was after q.
final class ScreenTerminalTests: TmuxTestCase {
    private func makeTree() throws -> TemporaryTree { try ScriptedScreen.sampleTree() }

    /// The row the highlight is on: the text in reverse video; in Miller
    /// columns the table's (the run that starts with a row number), not
    /// the parent column's.
    private func highlighted() -> String {
        let styled = CommandRunner.system("tmux capture-pane -p -e -t \(tmux.session)")
        // tmux writes reverse video as ESC[7m, or with a reset before it as ESC[0;7m; it ends at ESC[27m or a reset.
        var runs: [String] = []
        for line in styled.split(separator: "\n").dropFirst() {
            for part in line.components(separatedBy: "\u{1B}[7m").dropFirst() + line.components(separatedBy: "\u{1B}[0;7m").dropFirst() {
                let run = part.components(separatedBy: "\u{1B}[27m").first?.components(separatedBy: "\u{1B}[0m").first ?? ""
                let text = run.replacingOccurrences(of: #"\x{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
                runs.append(text.trimmingCharacters(in: .whitespaces))
            }
        }
        return runs.first { $0.first?.isNumber == true } ?? runs.first ?? ""
    }

    /// `filetable --screen .` started in `directory` (with `environment`
    /// before it), its first frame shown.
    private func startScreen(in directory: String, environment: String = "", columns: Int = 80, rows: Int = 24) {
        tmux.start(
            "cd '\(directory)' && HOME=$(mktemp -d) \(environment) '\(CommandRunner.executable.path)' --screen .; sleep 30", columns: columns,
            rows: rows)
        tmux.waitFor("? lists the keys; q leaves", seconds: 30)
    }

    private func waitForHighlight(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        tmux.waitUntil("the highlight reached '\(text)'", file: file, line: line) { highlighted().hasPrefix(text) }
    }

    func testMovingOpeningBackFilterAndMarksAt80x24() throws {
        let temp = try makeTree()
        let elsewhere = try TemporaryTree()
        let stty = elsewhere.path + "/stty"
        // (The settings after are written whole, then renamed: the test reads them only once they are complete.)
        tmux.start(
            "cd '\(temp.path)' && stty -a > '\(stty).before'; HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .; stty -a > '\(stty).part' && mv '\(stty).part' '\(stty).after'; sleep 30",
            columns: 80, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["screen", "Enter"])
        tmux.waitFor("? lists the keys; q leaves")
        waitForHighlight("1 alpha.txt")
        // Down twice: docs; Enter opens it; Left comes back to docs.
        tmux.type(["Down", "j"])
        waitForHighlight("3 docs")
        tmux.type(["Enter"])
        tmux.waitFor("/docs | 2 entries")
        waitForHighlight("1 guide.txt")
        tmux.type(["Left"])
        tmux.waitFor("| 4 entries |")
        waitForHighlight("3 docs")
        // Filter as you type: 'zu' leaves zulu.log; Esc clears.
        tmux.type(["/", "z", "u"])
        tmux.waitFor("| 1 entry | sort name | filter zu")
        tmux.type(["Escape"])
        tmux.waitFor("| 4 entries | sort name")
        // space marks the highlighted row (the session's marks); the prompt's 'marks' lists it.
        tmux.type(["G"])
        waitForHighlight("4 zulu.log")
        // A file added from outside shows at once; the highlight stays on zulu.log.
        _ = try CommandRunner.shell("touch aaa-new", in: temp.url)
        tmux.waitFor("1 aaa-new")
        waitForHighlight("5 zulu.log")
        // Renamed from outside: the highlight follows the file (its inode), not the name.
        _ = try CommandRunner.shell("mv zulu.log yankee.log", in: temp.url)
        waitForHighlight("5 yankee.log")
        _ = try CommandRunner.shell("mv yankee.log zulu.log", in: temp.url)
        waitForHighlight("5 zulu.log")
        tmux.type(["Space"])
        tmux.waitFor("marked 1")
        tmux.type(["q"])
        tmux.waitFor("\(temp.path)> ")
        tmux.type(["marks --print", "Enter"])
        tmux.waitFor("zulu.log")
        // In again and out: the prompt comes back each time.
        tmux.type(["screen", "Enter"])
        tmux.waitFor("? lists the keys; q leaves")
        tmux.type(["q"])
        tmux.type(["marks clear", "Enter"])
        tmux.waitFor("[y/N]")
        tmux.type(["y", "Enter"])
        tmux.type(["quit", "Enter"])
        tmux.waitUntil("the terminal's settings were written after quit") { FileManager.default.fileExists(atPath: stty + ".after") }
        let before = try String(contentsOfFile: stty + ".before", encoding: .utf8)
        let after = try String(contentsOfFile: stty + ".after", encoding: .utf8)
        XCTAssertEqual(before, after, "the terminal's settings after the screen and quit")
    }

    /// Changes from outside show at once at 200 columns: on the first level
    /// (watched once its frame is out) and on a level opened in the view,
    /// the highlight kept on its file. (The pane's content and a resize are
    /// `ScreenInProcessTests.testTheDetailPaneAtTwoHundredColumnsAndResize`.)
    func testChangesFromOutsideShowAtOnce() throws {
        let temp = try makeTree()
        tmux.start(
            "cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' --screen .; echo status=$?; sleep 30", columns: 200, rows: 60)
        tmux.waitFor("? lists the keys; q leaves", seconds: 30)
        tmux.waitFor("│ first line")
        _ = try CommandRunner.shell("touch aaa-new", in: temp.url)
        tmux.waitFor("1 aaa-new")
        waitForHighlight("2 alpha.txt")
        tmux.type(["j", "j", "Enter"])
        tmux.waitFor("/docs | 2 entries")
        _ = try CommandRunner.shell("touch docs/zz-new", in: temp.url)
        tmux.waitFor("3 zz-new")
        tmux.type(["Left"])
        waitForHighlight("4 docs")
        tmux.type(["q"])
        tmux.waitFor("status=0")
    }

    /// `:` runs a REPL command with the prompt's editor (its output on the
    /// normal screen, a key back); Ctrl-Z gives the shell the terminal and
    /// `fg` draws the screen again; after q the shell's terminal is sane.
    func testCommandLineAndCtrlZInAnInteractiveShell() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("bash"), "skipped: bash is not installed")
        let temp = try makeTree()
        tmux.start("bash --norc -i", columns: 80, rows: 24)
        // (The keys are typed inside single quotes: none in them.)
        tmux.type(["PS1=ok: ; stty -a > \(temp.path)/../stty.before; cd \(temp.path)", "Enter"])
        tmux.type(["HOME=$(mktemp -d) \(CommandRunner.executable.path) --screen", "Enter"])
        tmux.waitFor("? lists the keys; q leaves", seconds: 30)
        tmux.type([":"])
        tmux.waitFor("\n:")
        // A shell command takes the terminal: run on the normal screen, a key comes back.
        tmux.type(["!echo from-the-shell", "Enter"])
        tmux.waitFor("from-the-shell\n")
        tmux.waitFor("-- a key returns to the screen --")
        tmux.type(["x"])
        tmux.waitFor("| 4 entries |")
        tmux.type(["C-z"])
        tmux.waitFor("Stopped")
        tmux.type(["fg", "Enter"])
        tmux.waitFor("| 4 entries |")
        tmux.type(["q"])
        tmux.waitFor("ok:")
        tmux.type(["stty -a > \(temp.path)/../stty.after; echo done", "Enter"])
        tmux.waitFor("\ndone")
        let before = try String(contentsOfFile: temp.path + "/../stty.before", encoding: .utf8)
        let after = try String(contentsOfFile: temp.path + "/../stty.after", encoding: .utf8)
        XCTAssertEqual(before, after)
    }

    /// A file system that stops answering (`Samples/fuse/hanging_fs.py`):
    /// with the highlight on a row that does not answer, the detail pane
    /// says so and the screen keeps taking keys.
    func testAHangingFileHighlightedNeverFreezesTheScreen() throws {
        let temp = try TemporaryTree()
        let mount = temp.path + "/mnt"
        try temp.folder("mnt")
        let hanging = try HangingFileSystem(at: mount)
        defer { hanging.unmount() }
        tmux.start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' --screen '\(mount)'; echo EXITED; sleep 3", columns: 200, rows: 60)
        tmux.waitFor("? lists the keys; q leaves", seconds: 5)
        // fine.txt, slow-dir, slow-read, slow-stat: down to slow-read, whose read does not answer.
        tmux.type(["j", "j"])
        tmux.waitFor("? not responding", seconds: 5)
        // Enter on it: said, not waited on.
        tmux.type(["Enter"])
        tmux.waitFor("slow-read: not responding (the file system has not answered)", seconds: 5)
        let moved = Date()
        tmux.type(["k", "k"])
        waitForHighlight("1 fine.txt")
        XCTAssertLessThan(Date().timeIntervalSince(moved), 5, "the screen kept the keys waiting")
        tmux.type(["q"])
        tmux.waitFor("EXITED", seconds: 2)
    }

}

extension ScreenTerminalTests {
    /// `F` follows a file as it grows, as less's: at the prompt each new
    /// line is printed with its number until Ctrl-C; in the screen's file
    /// view the end is shown again until a key. In a script `F` is refused.
    func testFFollowsAGrowingFile() throws {
        let temp = try TemporaryTree()
        temp.file("log.txt", contents: "log 1\nlog 2\n")
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .; sleep 30")
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["view log.txt", "Enter"])
        tmux.waitFor("-- end of file --")
        tmux.type(["F", "Enter"])
        tmux.waitFor("as it grows (Ctrl-C stops)")
        _ = CommandRunner.system("cd '\(temp.path)' && printf 'log 3\\nhalf' >> log.txt")
        tmux.waitFor("     3  log 3")
        _ = CommandRunner.system("cd '\(temp.path)' && printf ' done\\n' >> log.txt")
        tmux.waitFor("     4  half done")
        tmux.type(["C-c"])
        tmux.waitFor("F: stopped following")
        tmux.kill()
        startScreen(in: temp.path)
        tmux.type(["Enter"])
        tmux.waitFor("log.txt  lines 1-4")
        tmux.type(["F"])
        tmux.waitFor("following as the file grows (any key stops)")
        _ = CommandRunner.system("cd '\(temp.path)' && echo 'log 5' >> log.txt")
        tmux.waitFor("     5  log 5")
        let script = try CommandRunner.script("view log.txt; F", in: temp)
        XCTAssertTrue(script.stderr.contains("F: follows a file only at a terminal (G shows the end)"), script.stderr)
    }
}

extension ScreenTerminalTests {
    /// p and e open the highlighted file in $PAGER and $EDITOR and come
    /// back to the same screen, the highlight where it was. (`:view` and
    /// `:hex` are `ScreenAndPromptInProcessTests`'.)
    func testThePagerAndEditorKeys() throws {
        let temp = try makeTree()
        let programs = try TemporaryTree()
        let log = programs.path + "/programs.log"
        for name in ["pager", "editor"] {
            programs.file(name, contents: "#!/bin/sh\necho \(name) >> '\(log)'\n")
            chmod(programs.path + "/" + name, 0o755)
        }
        startScreen(in: temp.path, environment: "PAGER='\(programs.path)/pager' VISUAL='\(programs.path)/editor'")
        tmux.type(["g", "p"])
        tmux.waitUntil("the pager ran") { (try? String(contentsOfFile: log, encoding: .utf8)) == "pager\n" }
        tmux.waitFor("| 4 entries |")
        tmux.type(["e"])
        tmux.waitUntil("the editor ran") { (try? String(contentsOfFile: log, encoding: .utf8)) == "pager\neditor\n" }
        // The same screen again, the highlight where it was.
        tmux.waitFor("| 4 entries |")
        waitForHighlight("1 alpha.txt")
    }
}
