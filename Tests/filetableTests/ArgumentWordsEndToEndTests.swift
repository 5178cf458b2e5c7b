import Foundation
import TestSupport
import XCTest

/// An option's word abbreviates as ls's argmatch allows, for the mode's own
/// options: a beginning only one word has, or only words of one meaning
/// (`--color=n`: never, no, none); a beginning of several meanings is
/// ambiguous. ls's `--format=WORD` in a listing. Against ls where installed.
final class ArgumentWordsEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        temp.file("b.txt", contents: "bb")
        temp.file("a.md", contents: "a")
        try temp.folder("dir")
        return temp
    }

    func testWordsAbbreviateAsArgmatchReadsThem() throws {
        let temp = try makeTree()
        let same: [([String], [String])] = [
            (["--sort=s"], ["--sort=size"]), (["--sort=e"], ["--sort=extension"]), (["--color=n"], ["--color=never"]),
            (["--format=c"], ["-m"]), (["--format=l", "--time-style=+T"], ["-l", "--time-style=+T"]), (["--format=s"], ["-1"]),
            (["--format=a", "-w", "20"], ["-x", "-w", "20"]), (["--format=vert", "-w", "20"], ["-C", "-w", "20"]),
            (["--indicator-style=s"], ["-p"]), (["--quoting-style=c"], ["-Q"]),
            // ls's word or option among filetable's own: ls's none and --group-directories-first; longer, filetable's name.
            (["--sort=n"], ["-U"]), (["--sort=na"], ["--sort=name"]), (["--gr"], ["--group-directories-first"]),
        ]
        for (abbreviated, full) in same {
            XCTAssertEqual(
                try CommandRunner.run(abbreviated, in: temp.url).text, try CommandRunner.run(full, in: temp.url).text, "\(abbreviated)")
        }
        let ambiguous = try CommandRunner.run(["--color=a"], in: temp.url)
        XCTAssertEqual(ambiguous.status, 1, "ls's argmatch exits 1")
        XCTAssertTrue(ambiguous.stderr.hasPrefix("filetable: ambiguous argument 'a' for '--color'\n"), ambiguous.stderr)
        XCTAssertTrue(try CommandRunner.run(["--format=v"], in: temp.url).stderr.hasPrefix("filetable: ambiguous argument 'v'"))
        // Another mode's words are never guessed: the hex dump's layouts keep their whole names.
        let hex = try CommandRunner.run(["--hex", "--format", "canon", "b.txt"], in: temp.url)
        XCTAssertNotEqual(hex.status, 0, hex.text)
    }

    func testWordsAreLsWordsWhereLsIsInstalled() throws {
        guard CommandRunner.isInstalled("ls") else { throw XCTSkip("ls is not installed; the comparisons above hold the behaviour") }
        let temp = try makeTree()
        let letters = [
            "--sort=s", "--sort=t", "--sort=e", "--sort=v", "--sort=w", "--format=l", "--format=c", "--format=h", "--format=a",
            "--format=s", "--format=vert -w 20", "--color=al --format=c", "--color=n", "--indicator-style=s", "--indicator-style=c",
            "--quoting-style=e", "--quoting-style=c", "--time-style=f -l", "--time=a -l", "--hyperlink=n", "--sort=n -l", "--gr",
        ]
        let scripts = letters.map { "TOOL \($0) --time-style=+T 2>/dev/null; echo $?" }
        try CommandRunner.assertSameAsPeer(scripts, peer: "ls", in: temp.url) { letters[$0] }
    }
}
