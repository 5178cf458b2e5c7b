import Foundation
import TestSupport
import XCTest

/// The peers' modes speak their peer's exit statuses and operands: after
/// --du and --hex every failure is 1, after --xxd and --tree a bad command
/// line is 1 (and --xxd adds xxd's `Usage:` lines), ls's letters keep ls's;
/// --xxd's operands are xxd's `[infile [outfile]]`, OUTFILE new only.
/// Compared with the installed tools where they are there.
final class PeerExitStatusEndToEndTests: XCTestCase {
    private func tree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        temp.file("in", contents: "hello\u{1}world, a line of bytes\n")
        return temp
    }

    /// Each mode's failures, the status filetable gives and the peer's
    /// command line that gives the same (checked where installed).
    func testEachModeGivesItsPeersStatus() throws {
        let temp = try tree()
        let cases: [(ours: String, status: Int32, peer: String)] = [
            ("--du --bogus .", 1, "du --bogus ."),
            ("--du missing", 1, "du missing"),
            ("--du -d zz .", 1, "du -d zz ."),
            ("--hex --bogus in", 1, "hexdump --bogus in"),
            ("--hex missing", 1, "hexdump missing"),
            ("--hex -n zz in", 1, "hexdump -n zz in"),
            ("--hex -e '\"%\"' in", 1, "hexdump -e '\"%q\"' in"),
            ("--xxd -Q in", 1, "xxd -Q in"),
            ("--xxd -c 300 in", 1, "xxd -c 300 in"),
            ("--xxd missing", 2, "xxd missing"),
            ("--xxd in out extra", 1, "xxd in out2 extra"),
            ("--tree --bogus .", 1, "tree --bogus ."),
            ("--tree -L zz .", 1, "tree -L zz ."),
            ("--tree missing", 2, "tree missing"),
            ("--bogus .", 2, "ls --bogus ."),
            ("-1 missing", 2, "ls -1 missing"),
        ]
        for (ours, status, peer) in cases {
            let result = try CommandRunner.shell("\"$FILETABLE\" \(ours)", in: temp.url)
            XCTAssertEqual(result.status, status, "filetable \(ours): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("filetable: "), "filetable \(ours): \(result.stderr)")
            let tool = String(peer.prefix { $0 != " " })
            guard CommandRunner.isInstalled(tool) else { continue }
            XCTAssertEqual(try CommandRunner.shell(peer + " >/dev/null 2>&1", in: temp.url).status, status, peer)
        }
        // Two modes at once ask for no one peer: ls's 2.
        XCTAssertEqual(try CommandRunner.run(["--du", "--tree", "."], in: temp.url).status, 2)
    }

    /// xxd's tests call these wrong and look for `Usage:` in the first
    /// lines: filetable's one-line error, then xxd's usage lines (stdout empty).
    func testXxdUsageFollowsABadCommandLine() throws {
        let temp = try tree()
        for arguments in ["-h", "-c", "-g", "-o", "-s", "-l", "-X", "-R", "one two three", "----", "---"] {
            let result = try CommandRunner.shell("\"$FILETABLE\" --xxd \(arguments)", in: temp.url)
            XCTAssertEqual(result.status, 1, arguments)
            XCTAssertEqual(result.text, "", arguments)
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(lines.first?.hasPrefix("filetable: ") == true, "\(arguments): \(result.stderr)")
            XCTAssertEqual(lines.dropFirst().first, "Usage:", "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("filetable --xxd [options] [infile [outfile]]"), result.stderr)
        }
        // Other modes keep their one line and hint.
        let du = try CommandRunner.run(["--du", "--bogus"], in: temp.url)
        XCTAssertEqual(du.stderr, "filetable: unrecognized option '--bogus'\nTry 'filetable --help' for more information.\n")
    }

    /// `--xxd IN OUT` writes xxd's dump into OUT when it is new; an OUT that
    /// is there is refused and left as it was (xxd would overwrite it); `-`
    /// is standard output; an input that cannot be read leaves no OUT.
    func testXxdWritesANewOutputFileOnly() throws {
        let temp = try tree()
        let expected = try CommandRunner.run(["--xxd", "in"], in: temp.url).stdout
        let created = try CommandRunner.run(["--xxd", "-g", "1", "in", "out.txt"], in: temp.url)
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(created.text, "")
        let grouped = try CommandRunner.run(["--xxd", "-g", "1", "in"], in: temp.url).stdout
        XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/out.txt"), grouped)
        if CommandRunner.isInstalled("xxd") {
            _ = try CommandRunner.shell("xxd -g 1 in theirs.txt", in: temp.url)
            XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/theirs.txt"), grouped)
        }
        temp.file("there", contents: "keep me")
        let refused = try CommandRunner.run(["--xxd", "in", "there"], in: temp.url)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "filetable: there: exists; --xxd writes OUTFILE only as a new file (xxd would overwrite it)\n")
        XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/there"), Data("keep me".utf8))
        XCTAssertEqual(try CommandRunner.run(["--xxd", "in", "-"], in: temp.url).stdout, expected)
        let piped = try CommandRunner.shell("\"$FILETABLE\" --xxd - new.txt < in", in: temp.url)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/new.txt"), expected)
        let missing = try CommandRunner.run(["--xxd", "nope", "never.txt"], in: temp.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/never.txt"), "no OUT for an input that cannot be read")
        // A dump read back into a new file, through the same operands.
        let back = try CommandRunner.run(["--xxd", "-r", "out.txt", "back"], in: temp.url)
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/back"), FileManager.default.contents(atPath: temp.path + "/in"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.path).filter { $0.hasPrefix(".filetable-") }
        XCTAssertEqual(leftovers, [], "no temporary file left beside OUT")
    }
}
