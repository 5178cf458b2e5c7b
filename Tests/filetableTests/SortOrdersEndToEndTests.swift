import Foundation
import TestSupport
import XCTest

/// The orders scripts compare with ls: `--sort=bytes` is `LC_ALL=C ls`'s
/// byte order, `-v` and `--sort=version` GNU's version order, each line
/// for line; compared with ls live where it is GNU's, and with the order
/// GNU ls 9.1 printed.
final class SortOrdersEndToEndTests: XCTestCase {
    private static let names = [
        "a1", "a10", "a2", "a02", "a001", "A1", "b~", "b", "b~1", "b1~", "x.tar.gz", "x1.tar.gz", "x10.tar.gz", "x2.txt", "x2.txt~",
        ".h", ".h1", ".h10", ".h2", "foo-1.2.3", "foo-1.10.0", "foo-1.2", "foo_1", "z", "1", "01", "001", "10", "_a", "-b", "é1", "é10",
        "e2", "v1.0~rc1", "v1.0", "v1.0.1", "a.b.c", "a.1", "a.10", "a.2", "abc.", "file.", "~x", "x~", "lib-1.0.so.2", "lib-1.0.so.10",
    ]

    /// What `LC_ALL=C ls -1 -v` printed for `names` (GNU coreutils 9.1).
    private static let versionOrder =
        "~x|001|01|1|10|A1|a.b.c|a001|a1|a02|a2|a10|abc.|a.1|a.2|a.10|b~|b~1|b|b1~|e2|file.|foo-1.2|foo-1.2.3|foo-1.10.0|foo_1|lib-1.0.so.2|lib-1.0.so.10|v1.0~rc1|v1.0|v1.0.1|x~|x.tar.gz|x1.tar.gz|x2.txt~|x2.txt|x10.tar.gz|z|-b|_a|é1|é10"

    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for name in Self.names { temp.file(name, contents: "") }
        return temp
    }

    private func lines(_ text: String) -> String { text.split(separator: "\n").joined(separator: "|") }

    func testVersionOrderIsLsV() throws {
        let temp = try makeTree()
        let ours = try CommandRunner.run(["-1", "-v"], in: temp.url)
        XCTAssertEqual(lines(ours.text), Self.versionOrder)
        XCTAssertEqual(try CommandRunner.run(["-1", "--sort=version"], in: temp.url).text, ours.text)
        let gnu = try CommandRunner.shell("ls --version", in: temp.url).text.contains("GNU coreutils")
        guard gnu else {
            print("skipped the live comparison: ls is not GNU's")
            return
        }
        for letters in ["-1 -v", "-1 -va", "-1 -vr", "-1 --sort=version -A", "-vC -w 60"] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(letters)", in: temp.url)
            XCTAssertEqual(try CommandRunner.shell("\"$FILETABLE\" \(letters)", in: temp.url).text, theirs.text, "ls \(letters)")
        }
    }

    func testByteOrderIsLsInTheCLocale() throws {
        let temp = try makeTree()
        let ours = try CommandRunner.run(["-1", "--sort=bytes"], in: temp.url)
        XCTAssertEqual(
            lines(ours.text),
            Self.names.filter { !$0.hasPrefix(".") }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.joined(separator: "|"))
        for letters in ["-1", "-1a", "-1r", "-C -w 60", "-R"] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(letters)", in: temp.url)
            XCTAssertEqual(try CommandRunner.shell("\"$FILETABLE\" --sort=bytes \(letters)", in: temp.url).text, theirs.text, "ls \(letters)")
        }
    }
}
