import Foundation
import TestSupport
import XCTest

@testable import Terminal

/// ls's colour output beyond a kind's colour: `no` before every entry and
/// after every name, `lc`/`rc`/`ec`/`rs` as given (in dircolors' escapes),
/// `cl` after a name that may wrap, `lc` `rc` at the end when they are not
/// the defaults. coreutils' own expectations (tests/ls/color-norm.sh,
/// color-clear-to-eol.sh) held as golden text; compared with ls where it
/// is installed.
final class LsColorIndicatorsEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("umask 22 && touch exe nocolor && chmod u+x exe", in: temp.url)
        return temp
    }

    /// coreutils' color-norm.sh, line by line: the commands and the lines
    /// `cat -A` shows of them.
    func testNormalColourAsCoreutilsExpectsIt() throws {
        let temp = try makeTree()
        let colours = "no=7:ex=01;32"
        let qls = " | sed 's/-r.*norm/norm/'"
        let cases: [(String, String, String)] = [
            (colours, "-gGU --color exe nocolor" + qls, "^[[0m^[[7mnorm ^[[m^[[01;32mexe^[[0m$\n^[[7mnorm nocolor^[[0m$\n"),
            (colours, "-xU --color exe nocolor", "^[[0m^[[7m^[[m^[[01;32mexe^[[0m  ^[[7mnocolor^[[0m$\n"),
            (colours, "-gGU --color nocolor exe" + qls, "^[[0m^[[7mnorm nocolor^[[0m$\n^[[7mnorm ^[[m^[[01;32mexe^[[0m$\n"),
            (colours, "-xU --color nocolor exe", "^[[0m^[[7mnocolor^[[0m  ^[[7m^[[m^[[01;32mexe^[[0m$\n"),
            (colours + ":fi=1", "-gGU --color nocolor exe" + qls, "^[[0m^[[7mnorm ^[[m^[[1mnocolor^[[0m$\n^[[7mnorm ^[[m^[[01;32mexe^[[0m$\n"),
            (colours + ":fi=", "-gGU --color nocolor exe" + qls, "^[[0m^[[7mnorm ^[[m^[[mnocolor^[[0m$\n^[[7mnorm ^[[m^[[01;32mexe^[[0m$\n"),
            (colours + ":fi=0", "-gGU --color nocolor exe" + qls, "^[[0m^[[7mnorm ^[[m^[[0mnocolor^[[0m$\n^[[7mnorm ^[[m^[[01;32mexe^[[0m$\n"),
            (colours, "-mFU --color nocolor exe", "^[[0m^[[7mnocolor^[[0m, ^[[7m^[[m^[[01;32mexe^[[0m*$\n"),
            (colours, "-gGU nocolor exe" + qls, "norm nocolor$\nnorm exe$\n"),
        ]
        for (lsColors, letters, expected) in cases {
            let ours = try CommandRunner.shell(
                "TIME_STYLE=+norm LS_COLORS='\(lsColors)' \"$FILETABLE\" \(letters) | cat -A", in: temp.url)
            XCTAssertEqual(ours.text, expected, "LS_COLORS=\(lsColors) \(letters)")
        }
    }

    /// coreutils' color-clear-to-eol.sh: a name that may wrap at 80 columns
    /// is followed by `cl` (`ESC[K`).
    func testANameThatMayWrapIsFollowedByClearToEndOfLine() throws {
        let temp = try TemporaryTree()
        let name = String(repeating: "z", count: 60) + ".foo"
        temp.file(name)
        let ours = try CommandRunner.shell(
            "TERM=xterm COLUMNS=80 LS_COLORS='*.foo=0;31;42' TIME_STYLE=+T \"$FILETABLE\" -og --color=always \(name) | sed 's/.*T //'",
            in: temp.url)
        XCTAssertEqual(ours.text, "\u{1B}[0m\u{1B}[0;31;42m\(name)\u{1B}[0m\u{1B}[K\n")
        // A short name, or no width (-w 0), gets none.
        let short = try CommandRunner.shell("LS_COLORS='*.foo=31' \"$FILETABLE\" -w 0 -1 --color=always \(name)", in: temp.url)
        XCTAssertEqual(short.text, "\u{1B}[0m\u{1B}[31m\(name)\u{1B}[0m\n")
    }

    /// Indicators in dircolors' escapes: `ec`, `rs`, `lc`/`rc` (and `lc` `rc`
    /// once at the end when they are not `ESC[` and `m`).
    func testIndicatorsAreWrittenAsGiven() throws {
        let temp = try makeTree()
        let cases: [(String, String)] = [
            ("ec=X", "X\u{1B}[01;32mexeX\nnocolor\n"),
            ("rs=1", "\u{1B}[1m\u{1B}[01;32mexe\u{1B}[1m\nnocolor\n"),
            ("lc=[:rc=]", "[0][01;32]exe[0]\nnocolor\n[]"),
            ("lc=\\e[:rc=\\x6d:ec=^[[K", "\u{1B}[K\u{1B}[01;32mexe\u{1B}[K\nnocolor\n"),
        ]
        for (lsColors, expected) in cases {
            let ours = try CommandRunner.shell("LS_COLORS='\(lsColors)' \"$FILETABLE\" -1 --color=always", in: temp.url)
            XCTAssertEqual(ours.text, expected, lsColors)
        }
    }

    func testColoursAreLsColoursWhereLsIsInstalled() throws {
        guard CommandRunner.isInstalled("ls") else { throw XCTSkip("ls is not installed; the golden lines above hold the behaviour") }
        let temp = try makeTree()
        _ = try CommandRunner.shell(
            "mkdir dir && ln -s exe ln && ln -s nowhere dangling && mkfifo pipe && touch \(String(repeating: "y", count: 90))", in: temp.url)
        let settings = [
            "no=01;32", "no=35:fi=33", "rs=1", "no=35:di=0", "lc=\\e[:rc=m:ec=\\e[K", "ec=X", "di=", "lc=[:rc=]", "ln=target:no=5",
            "or=31:no=4", "cl=CL", "", "no=7\\:8:ex=31", "ec=\\:",
        ]
        var scripts: [String] = []
        for lsColors in settings {
            for letters in ["-1", "-l", "-C", "-m", "-1F", "-lF", "-x", "-li", "-1s", "-w 40 -C", "-R", "-l --hyperlink=always"] {
                scripts.append("LS_COLORS='\(lsColors)' TOOL \(letters) --color=always")
            }
        }
        try CommandRunner.assertSameAsPeer(scripts, peer: "ls", in: temp.url) { scripts[$0] }
    }
}
