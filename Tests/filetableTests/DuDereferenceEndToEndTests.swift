import Foundation
import TestSupport
import XCTest

/// `--du -L` (`--dereference`): every link followed, each file and
/// directory counted once however many routes lead to it, a loop of links
/// ended, a link that leads nowhere reported; compared with du where it is
/// installed, inode counts held without it.
final class DuDereferenceEndToEndTests: XCTestCase {
    /// `t/again` leads to `t/real` (two routes to one directory), `t/out`
    /// out of the tree, `t/real/up` back up (a loop), `dang` nowhere, `self`
    /// to itself.
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell(
            """
            mkdir -p t/real/sub outside && head -c 3000 /dev/zero > t/real/sub/f && head -c 50000 /dev/zero > outside/big && \
            ln -s real t/again && ln -s ../outside t/out && ln -s .. t/real/up && ln -s nowhere t/dang && ln -s self t/self
            """, in: temp.url)
        return temp
    }

    func testEachFileAndDirectoryCountsOnceThroughLinks() throws {
        let temp = try makeTree()
        let counts: [([String], String)] = [
            (["--du", "-L", "--inodes", "-s", "t"], "6\tt\n"),
            (["--du", "--dereference", "--inodes", "-s", "t"], "6\tt\n"),
            // With -l each route counts; only the loop back up is not entered.
            (["--du", "-L", "-l", "--inodes", "-s", "t"], "9\tt\n"),
            (["--du", "--inodes", "-s", "t"], "9\tt\n"),
        ]
        for (arguments, expected) in counts {
            let result = try CommandRunner.run(arguments, in: temp.url)
            XCTAssertEqual(result.text, expected, "\(arguments)")
            XCTAssertEqual(result.status, arguments.contains("-L") || arguments.contains("--dereference") ? 1 : 0, "\(arguments)")
        }
        let errors = try CommandRunner.run(["--du", "-L", "-s", "t"], in: temp.url).stderr
        XCTAssertTrue(errors.contains("filetable: t/dang: No such file or directory\n"), errors)
        XCTAssertTrue(errors.contains("filetable: t/self: Too many levels of symbolic links\n"), errors)
        // Through the link named as PATH, and a link to a file as its target's size.
        XCTAssertEqual(try CommandRunner.run(["--du", "-L", "--inodes", "-s", "t/again"], in: temp.url).text, "6\tt/again\n")
        XCTAssertEqual(try CommandRunner.run(["--du", "-L", "-b", "-s", "t/out/big"], in: temp.url).text, "50000\tt/out/big\n")
    }

    func testLinesAreDusLines() throws {
        guard CommandRunner.isInstalled("du") else { throw XCTSkip("du is not installed; the inode counts above hold the behaviour") }
        let temp = try makeTree()
        for letters in ["-L -a", "-L -s", "-L -b -a", "-L --apparent-size -a -d 1", "-L -l -a", "-L -a -S", "-L -s -c t/again", "--dereference -a"] {
            let operands = letters.contains("t/") ? "" : " t"
            let ours = try CommandRunner.shell("\"$FILETABLE\" --du \(letters)\(operands) 2>/dev/null | LC_ALL=C sort", in: temp.url)
            let theirs = try CommandRunner.shell("du \(letters)\(operands) 2>/dev/null | LC_ALL=C sort", in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, letters)
            XCTAssertFalse(ours.text.isEmpty, letters)
        }
    }
}
