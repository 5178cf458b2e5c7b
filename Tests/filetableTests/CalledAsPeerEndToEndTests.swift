import Foundation
import TestSupport
import XCTest

/// filetable run through links named `ls`, `du`, `tree`, `hexdump` and
/// `xxd` is a drop-in for each (`CalledAs`): the peer's letters and its
/// defaults (byte order, du's directory lines, a listing without a letter,
/// messages under the peer's name). Goldens, and the installed tools where
/// there are. Also du's own wording that coreutils' tests check.
final class CalledAsPeerEndToEndTests: XCTestCase {
    private var temp: TemporaryTree!
    private var links: String { temp.path + "/bin" }

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        try temp.folder("bin")
        for name in ["ls", "du", "tree", "hexdump", "xxd", "lsx"] {
            XCTAssertEqual(symlink(CommandRunner.executable.path, links + "/" + name), 0)
        }
        try temp.folder("t/d/e")
        for name in ["file10", "file9", "File2", "a.txt", "b.TXT"] { temp.file(name, contents: "x\n", in: "t") }
        temp.file("f", contents: "hello\n", in: "t/d/e")
    }

    /// Runs `script` in `t/` with the links first on PATH.
    private func run(_ script: String) throws -> CommandResult {
        try CommandRunner.shell("PATH='\(links)':\"$PATH\"; { \(script); } </dev/null", in: temp.url.appendingPathComponent("t"))
    }

    func testLsListsInByteOrderWithoutALetterAndTiesByBytes() throws {
        XCTAssertEqual(try run("ls").text, "File2\na.txt\nb.TXT\nd\nfile10\nfile9\n", "byte order, a listing without a letter")
        XCTAssertEqual(try run("\"$FILETABLE\" -1").text, "a.txt\nb.TXT\nd\nFile2\nfile9\nfile10\n", "filetable's own natural order")
        XCTAssertEqual(try run("lsx -1").text, try run("\"$FILETABLE\" -1").text, "another name is filetable")
        XCTAssertEqual(try run("ls -S").text, "d\nFile2\na.txt\nb.TXT\nfile10\nfile9\n", "equal sizes: by bytes")
        XCTAssertEqual(try run("ls --group").text, "d\nFile2\na.txt\nb.TXT\nfile10\nfile9\n", "--group: ls's --group-directories-first")
        XCTAssertEqual(try run("ls -b d/e").text, "f\n", "-b: ls's C escapes, not a batch file")
        try temp.folder("t/names")
        for name in ["back\\slash", "sp ace", "bell\u{07}"] { temp.file(name, in: "t/names") }
        XCTAssertEqual(try run("ls names").text, "back\\slash\nbell?\nsp ace\n", "ls's literal names into a pipe; a control byte still `?`")
        XCTAssertEqual(try run("ls -b names").text, "back\\\\slash\nbell\\a\nsp\\ ace\n")
        XCTAssertEqual(try run("ls -e x").status, 2, "the session's letters are not ls's")
        let error = try run("ls --sort=bogus")
        XCTAssertEqual(error.status, 1)
        XCTAssertTrue(error.stderr.hasPrefix("ls: invalid argument 'bogus' for '--sort'\n"), error.stderr)
    }

    /// Run as ls, a file that cannot be reached is said in ls's words, the
    /// name quoted as ls quotes it there; under filetable's own name, `PATH: reason`.
    func testLsSaysItsOwnWordsForMissingFiles() throws {
        let missing = try run("ls nope \"it's\" 'x\\001y' d")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(
            missing.stderr,
            """
            ls: cannot access 'nope': No such file or directory
            ls: cannot access "it's": No such file or directory
            ls: cannot access 'x\\001y': No such file or directory

            """)
        XCTAssertEqual(try run("\"$FILETABLE\" -1 nope").stderr, "filetable: nope: No such file or directory\n")
        if CommandRunner.isInstalled("ls") {
            let theirs = try CommandRunner.shell("ls nope \"it's\" 'x\\001y' d 2>&1 >/dev/null", in: temp.url.appendingPathComponent("t"))
            XCTAssertEqual(try run("ls nope \"it's\" 'x\\001y' d 2>&1 >/dev/null").text, theirs.text)
            let control = "ls \"$(printf 'x\\001y')\" 2>&1"
            XCTAssertEqual(try run(control).text, try CommandRunner.shell(control, in: temp.url.appendingPathComponent("t")).text)
        }
    }

    /// At a terminal ls lists in columns (with tabs) whatever other letters
    /// say, and colours only with --color; `-q` shows a non-ASCII name's
    /// bytes as `?` in the C locale, as ls.
    func testLsAtATerminalAndItsQuestionMarks() throws {
        try temp.folder("t/accents")
        temp.file("résumé", in: "t/accents")
        XCTAssertEqual(try run("LC_ALL=C ls -q accents").text, "r??sum??\n")
        XCTAssertEqual(try run("LC_ALL=C.UTF-8 ls -q accents").text, "résumé\n")
        guard CommandRunner.isInstalled("script") else { throw XCTSkip("script(1) is not installed: no terminal to list at") }
        let atTerminal = { (command: String) throws -> String in
            try self.run("env -u NO_COLOR TERM=xterm script -qec '\(command)' /dev/null").text
        }
        let columns = try atTerminal("ls -d d file10 file9 File2")
        XCTAssertEqual(columns, "File2  d  file10  file9\r\n", "columns in byte order, no colour")
        XCTAssertTrue(try atTerminal("ls --color -d d").contains("\u{1B}[01;34md"), "--color colours")
        XCTAssertEqual(try atTerminal("LC_ALL=C ls -N -d accents/*"), "accents/r??sum??\r\n")
        guard CommandRunner.isInstalled("ls") else { return }
        for command in ["ls", "ls -d d file10 file9", "ls -R", "ls --color", "LC_ALL=C ls -N accents"] {
            let theirs = try CommandRunner.shell(
                "env -u NO_COLOR TERM=xterm script -qec '\(command)' /dev/null", in: temp.url.appendingPathComponent("t"))
            XCTAssertEqual(try atTerminal(command), theirs.text, command)
        }
    }

    /// ls's escaping styles in the C locale escape the bytes of a
    /// non-ASCII name (not characters there), in a UTF-8 locale they do not.
    func testLsEscapesNonASCIIBytesInTheCLocale() throws {
        try temp.folder("t/accents")
        temp.file("résumé", in: "t/accents")
        XCTAssertEqual(try run("LC_ALL=C ls -b accents").text, "r\\303\\251sum\\303\\251\n")
        XCTAssertEqual(try run("LC_ALL=C ls --quoting-style=shell-escape accents").text, "'r'$'\\303\\251''sum'$'\\303\\251'\n")
        XCTAssertEqual(try run("LC_ALL=C ls accents").text, "résumé\n", "literal: the bytes as they are")
        XCTAssertEqual(try run("LC_ALL=C.UTF-8 ls -b accents").text, "résumé\n")
        guard CommandRunner.isInstalled("ls") else { return }
        for letters in ["-b", "--quoting-style=c", "--quoting-style=shell-escape-always", "--quoting-style=locale", "-Q"] {
            for locale in ["C", "C.UTF-8"] {
                let command = "LC_ALL=\(locale) ls \(letters) accents"
                XCTAssertEqual(try run(command).text, try CommandRunner.shell(command, in: temp.url.appendingPathComponent("t")).text, command)
            }
        }
    }

    func testDuGivesALineForEveryDirectoryInItsOrder() throws {
        XCTAssertEqual(try run("du --inodes d").text, "2\td/e\n3\td\n")
        XCTAssertFalse(try run("du --inodes").text.contains("file10"), "du's lines: directories only")
        XCTAssertTrue(try run("\"$FILETABLE\" --du --inodes .").text.contains("file10"), "filetable's own: every entry of the PATH")
        XCTAssertEqual(try run("du -s --inodes d").text, "3\td\n")
        XCTAssertEqual(
            try run("du --depth 1 --inodes .").text, try run("\"$FILETABLE\" --du --depth 1 --inodes .").text, "filetable's --depth still chooses")
        XCTAssertEqual(try run("du --exclude=d d; du --exclude=d/e --inodes d").text, "1\td\n", "an excluded operand and a path")
        let threshold = try run("du -t SIZE d; du --threshold=-0 d")
        XCTAssertEqual(threshold.stderr, "du: invalid -t argument 'SIZE'\ndu: invalid --threshold argument '-0'\n")
        XCTAssertEqual(try run("printf 'd\\0\\0' | du --files0-from=- -s --apparent-size -b").stderr, "du: -:2: invalid zero-length file name\n")
        XCTAssertEqual(
            try run("du --files0-from=nope").stderr, "du: cannot open 'nope' for reading: No such file or directory\n")
        XCTAssertEqual(
            try run("printf d | du --files0-from=- d").stderr,
            "du: extra operand 'd'\nfile operands cannot be combined with --files0-from\nTry 'du --help' for more information.\n")
        XCTAssertTrue(try run("du --inodes -b d").stderr.contains(" ineffective "))
    }

    func testTreeHexdumpAndXxdTakeTheirLetters() throws {
        XCTAssertEqual(
            try run("LC_ALL=C.UTF-8 tree --noreport -n").text,
            ".\n├── File2\n├── a.txt\n├── b.TXT\n├── d\n│\u{A0}\u{A0} └── e\n│\u{A0}\u{A0}     └── f\n├── file10\n└── file9\n",
            "tree's lines (no-break spaces after │), names in byte order")
        XCTAssertEqual(try run("hexdump -C d/e/f").text, try run("\"$FILETABLE\" --hex -C d/e/f").text)
        XCTAssertEqual(try run("xxd d/e/f").text, "00000000: 6865 6c6c 6f0a                           hello.\n")
    }

    func testTheSameAsTheInstalledTools() throws {
        for tool in ["ls", "du", "tree"] where CommandRunner.isInstalled(tool) {
            let commands = [
                "ls": ["", "-S", "-t", "-X", "-r", "--group", "-R", "-a"], "du": ["", "-a", "--inodes -h", "--exclude=e", "-d 1", "-c . d"],
                "tree": ["", "-a", "-r", "--dirsfirst"],
            ][tool]!
            for letters in commands {
                let ours = try run("\(tool) \(letters) 2>&1; echo $?")
                let theirs = try CommandRunner.shell("\(tool) \(letters) 2>&1 </dev/null; echo $?", in: temp.url.appendingPathComponent("t"))
                XCTAssertEqual(ours.text, theirs.text, "\(tool) \(letters)")
            }
        }
    }
}
