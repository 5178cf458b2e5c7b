import Foundation
import TestSupport
import XCTest

/// `--zero` as ls reads it: NUL instead of each line's newline, in every
/// format it is combined with (headers and the blank lines between
/// directories keep their newlines), names exactly as they are, no colour
/// unless asked after it, links with `--hyperlink`. Against ls where it is
/// installed, golden bytes otherwise.
final class ZeroLinesEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        try temp.folder("dir")
        _ = temp.file(Array("new\nline".utf8))
        temp.file("plain")
        temp.file("run.sh")
        _ = try CommandRunner.shell("chmod +x run.sh && touch dir/inner", in: temp.url)
        return temp
    }

    func testLinesEndWithNulInEveryFormat() throws {
        let temp = try makeTree()
        let oneLine = try CommandRunner.run(["--zero"], in: temp.url)
        XCTAssertEqual(oneLine.stdout, Data("dir\0new\nline\0plain\0run.sh\0".utf8))
        let classified = try CommandRunner.run(["--zero", "-F", "-R"], in: temp.url)
        XCTAssertEqual(classified.stdout, Data(".:\ndir/\0new\nline\0plain\0run.sh*\0\n./dir:\ninner\0".utf8))
        let commas = try CommandRunner.run(["--zero", "-m", "-w", "12"], in: temp.url)
        XCTAssertEqual(commas.stdout, Data("dir,\0new\nline,\0plain,\0run.sh\0".utf8))
        let long = try CommandRunner.run(["--zero", "-l", "--time-style=+T", "plain"], in: temp.url)
        XCTAssertTrue(long.text.hasSuffix(" T plain\0"), long.text)
        XCTAssertFalse(long.text.contains("\n"), long.text)
        // Colour only when asked after --zero.
        let coloured = try CommandRunner.run(["--zero", "--color=always", "run.sh"], in: temp.url)
        XCTAssertEqual(coloured.text, "\u{1B}[0m\u{1B}[01;32mrun.sh\u{1B}[0m\0")
        XCTAssertEqual(try CommandRunner.run(["--color=always", "--zero", "run.sh"], in: temp.url).text, "run.sh\0")
    }

    /// Exact names are for programs: at a terminal a name's control bytes
    /// would act on it, so there they are escaped (`-0` and `--zero`).
    func testATerminalGetsEscapedNames() throws {
        guard CommandRunner.isInstalled("script") else { throw XCTSkip("script is not installed; no terminal to write to") }
        let temp = try TemporaryTree()
        _ = temp.file(Array("a\u{1B}[31mred".utf8))
        for letters in ["-0", "--zero", "--zero -l"] {
            let shown = try CommandRunner.shell("script -qc '\"$FILETABLE\" \(letters)' /dev/null", in: temp.url)
            XCTAssertTrue(shown.text.contains("a\\x1B[31mred"), "\(letters): \(shown.text.debugDescription)")
            XCTAssertFalse(shown.text.contains("\u{1B}"), "\(letters): \(shown.text.debugDescription)")
        }
        // Into a pipe the bytes stay exact.
        XCTAssertEqual(try CommandRunner.run(["--zero"], in: temp.url).stdout, Data("a\u{1B}[31mred\0".utf8))
    }

    func testZeroIsLsZeroWhereLsIsInstalled() throws {
        guard CommandRunner.lsAccepts("--zero") else { throw XCTSkip("this ls has no --zero; the golden bytes above hold the behaviour") }
        let temp = try makeTree()
        let letters = [
            "--zero", "--zero -l", "-l --zero", "--zero -F", "--zero -m", "--zero -m -w 12", "--zero -C -w 20", "--zero -x", "--zero -R",
            "--zero -lR", "--zero --color=always", "--zero --color=always -l", "--zero --hyperlink=always", "--zero -s", "--zero -i",
            "--zero -d dir plain", "--zero -Q", "-Q --zero", "--zero -1 --quoting-style=c",
        ]
        let scripts = letters.map { "TOOL \($0) | od -c" }
        try CommandRunner.assertSameAsPeer(scripts, peer: "ls", in: temp.url) { letters[$0] }
    }
}
