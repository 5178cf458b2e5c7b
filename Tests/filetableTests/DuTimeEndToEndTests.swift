import Foundation
import TestSupport
import XCTest

/// `--du --time[=WORD]` and `--time-style`, as du 9 shows them: each
/// line's latest time of anything in its tree (itself included), between
/// the size and the name; compared with du (lines sorted: filetable lists
/// largest first) where its letters are, held by fixed times otherwise.
final class DuTimeEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for directory in ["a", "a/b", "c"] {
            try FileManager.default.createDirectory(atPath: temp.path + "/" + directory, withIntermediateDirectories: true)
        }
        // Fixed times, newest deep in a/b, so a's line shows its child's.
        let times: [(String, String)] = [("a/b/new.txt", "202611251507.55"), ("a/old.txt", "200001020304.05"), ("c/mid.txt", "201506070809.10")]
        for (file, stamp) in times {
            FileManager.default.createFile(atPath: temp.path + "/" + file, contents: Data("x".utf8))
            _ = CommandRunner.system("touch -m -t \(stamp) '\(temp.path)/\(file)'")
        }
        for directory in ["a/b", "a", "c", "."] { _ = CommandRunner.system("touch -m -t 199901010000.00 '\(temp.path)/\(directory)'") }
        return temp
    }

    func testLatestTimeOfEachTree() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(["--du", "--time", "-a", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = Set(result.text.split(separator: "\n").map { $0.split(separator: "\t").dropFirst().joined(separator: "\t") })
        XCTAssertEqual(
            lines,
            [
                "2026-11-25 15:07\t./a", "2026-11-25 15:07\t./a/b", "2026-11-25 15:07\t./a/b/new.txt", "2000-01-02 03:04\t./a/old.txt",
                "2015-06-07 08:09\t./c", "2015-06-07 08:09\t./c/mid.txt", "2026-11-25 15:07\t.",
            ])
        let styles: [([String], String)] = [
            (["--time-style=iso"], "2026-11-25\t."), (["--time-style=full-iso"], "2026-11-25 15:07:55.000000000 +0000\t."),
            (["--time-style=+%H.%M"], "15.07\t."),
        ]
        for (style, last) in styles {
            let styled = try CommandRunner.run(["--du", "--time", "-s", "."] + style, in: temp.url)
            XCTAssertTrue(styled.text.hasSuffix("\t" + last + "\n"), "\(style): \(styled.text)")
        }
        let environment = try CommandRunner.run(["--du", "--time", "-s", "."], in: temp.url, environment: ["TIME_STYLE": "posix-iso"])
        XCTAssertTrue(environment.text.hasSuffix("\t2026-11-25\t.\n"), environment.text)
    }

    func testMatchesDu() throws {
        try XCTSkipUnless(CommandRunner.system("du --time -s . >/dev/null 2>&1 && echo yes").contains("yes"), "skipped: du has no --time")
        let temp = try makeTree()
        for arguments in [
            "--time -a", "--time=ctime -a", "--time --time-style=full-iso -a", "--time -d 1", "--time -s", "--time --time-style=+%s -a",
        ] {
            let ours = try CommandRunner.shell("\"$FILETABLE\" --du \(arguments) . | LC_ALL=C sort", in: temp.url)
            let theirs = try CommandRunner.shell("du \(arguments) . | LC_ALL=C sort", in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, arguments)
        }
    }

    func testRefusals() throws {
        let temp = try makeTree()
        let refusals: [([String], String)] = [
            (["--du", "--time=birth", "."], "invalid argument 'birth' for '--time'"),
            (["--du", "--time", "--time-style=locale", "."], "invalid argument 'locale' for 'time style'"),
            (["--du", "--time", "--load", "x.scan", "."], "a kept scan does not hold"),
        ]
        for (arguments, message) in refusals {
            let result = try CommandRunner.run(arguments, in: temp.url)
            XCTAssertEqual(result.status, 1, "\(arguments): du's status for a bad command line")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
