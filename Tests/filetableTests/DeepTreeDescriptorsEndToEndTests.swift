import Foundation
import TestSupport
import XCTest

/// Depth is limited by memory, not by `ulimit -n`: `-R`, `--tree` and `--du`
/// keep a few levels' descriptors open and open the others again on the way
/// back up (they kept one a level and failed some sixty levels down under
/// `ulimit -n 64`). Each level has a sibling folder listed after the deep
/// branch, so every level's directory is needed again after its subtree.
final class DeepTreeDescriptorsEndToEndTests: XCTestCase {
    /// `depth` levels of `a/`, each beside `z/` (holding a file `f`), a file
    /// `c`, and every 50 levels a link `l -> z`; a file `leaf` at the bottom.
    private func makeTree(depth: Int) throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            python3 -c '
            import os
            os.mkdir("deep")
            fd = os.open("deep", os.O_RDONLY)
            for i in range(\(depth)):
                os.mkdir("z", dir_fd=fd)
                os.close(os.open("z/f", os.O_CREAT | os.O_WRONLY, dir_fd=fd))
                os.close(os.open("c", os.O_CREAT | os.O_WRONLY, dir_fd=fd))
                if i % 50 == 7: os.symlink("z", "l", dir_fd=fd)
                os.mkdir("a", dir_fd=fd)
                below = os.open("a", os.O_RDONLY, dir_fd=fd)
                os.close(fd)
                fd = below
            os.close(os.open("leaf", os.O_CREAT | os.O_WRONLY, dir_fd=fd))
            '
            """, in: temp.url)
        guard made.status == 0 else { throw XCTSkip("skipped: could not build the deep tree with python3: \(made.stderr)") }
        return temp
    }

    /// Runs filetable with `arguments` under `ulimit -n 64`; its status, output and errors.
    private func runWithFewDescriptors(_ arguments: String, in temp: TemporaryTree) throws -> CommandResult {
        try CommandRunner.shell("ulimit -n 64 && \"$FILETABLE\" \(arguments)", in: temp.url)
    }

    /// 2,500 levels: paths of 5,000 bytes at the bottom, past PATH_MAX
    /// (4,096), so nothing below can be reached by its path; 40 times the
    /// descriptors `ulimit -n 64` allows. (5,000 levels showed nothing more
    /// and took 30 s of the suite: the listings grow with the square of the depth.)
    func testLevelsPastPathMaxListUnderUlimit64() throws {
        let depth = 2500
        let temp = try makeTree(depth: depth)

        let recursive = try runWithFewDescriptors("-R deep", in: temp)
        XCTAssertEqual(recursive.status, 0, recursive.stderr)
        XCTAssertEqual(recursive.stderr, "")
        let headers = recursive.text.split(separator: "\n").filter { $0.hasSuffix(":") }
        XCTAssertEqual(headers.count, 2 * depth + 1, "every a/ and z/ and the root get a listing")
        XCTAssertTrue(recursive.text.hasSuffix("/a:\nleaf\n") || recursive.text.hasSuffix("/z:\nf\n"), String(recursive.text.suffix(60)))

        let tree = try runWithFewDescriptors("--tree deep", in: temp)
        XCTAssertEqual(tree.status, 0, tree.stderr)
        // Each level: a/, z/ and the link l (a link to a directory counts as one); and the root.
        let links = (0..<depth).filter { $0 % 50 == 7 }.count
        XCTAssertTrue(
            tree.text.hasSuffix("\n\n\(2 * depth + links + 1) directories, \(2 * depth + 1) files\n"), String(tree.text.suffix(80)))

        let space = try runWithFewDescriptors("--du -a -d \(depth + 10) deep", in: temp)
        XCTAssertEqual(space.status, 0, space.stderr)
        XCTAssertTrue(space.text.contains("/leaf\n"), "the bottom file is listed")
        XCTAssertTrue(space.text.hasSuffix("\tdeep\n"), String(space.text.suffix(60)))
        // du's own total, where du can say it.
        let summary = try runWithFewDescriptors("--du -s deep", in: temp)
        XCTAssertEqual(summary.status, 0, summary.stderr)
        let theirs = try CommandRunner.shell("du -s deep", in: temp.url)
        if theirs.status == 0 { XCTAssertEqual(summary.text, theirs.text) }
    }

    /// Three siblings at each of 300 levels, each waiting while the branch
    /// beside it goes down: `--du` under `ulimit -n 64` walked back down
    /// from the root to reopen a level, holding a descriptor for every level
    /// on the way, and failed with "Too many open files" (an undercount),
    /// worse by chance. Three runs, each the total du gives.
    func testSiblingsAtEveryLevelSizeUnderUlimit64() throws {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            python3 -c '
            import os
            path = "wide"
            for i in range(300):
                for j in range(3):
                    os.makedirs(os.path.join(path, "s%d" % j))
                    open(os.path.join(path, "s%d" % j, "f"), "w").write("x" * 100)
                path = os.path.join(path, "d")
            os.makedirs(path)
            '
            """, in: temp.url)
        guard made.status == 0 else { throw XCTSkip("skipped: could not build the tree with python3: \(made.stderr)") }
        let theirs = try CommandRunner.shell("du -s wide", in: temp.url)
        for _ in 0..<3 {
            let summary = try runWithFewDescriptors("--du -s wide", in: temp)
            XCTAssertEqual(summary.status, 0, summary.stderr)
            XCTAssertEqual(summary.stderr, "")
            if theirs.status == 0 { XCTAssertEqual(summary.text, theirs.text) }
        }
    }

    /// Where the paths stay within PATH_MAX, the listings under `ulimit -n 64`
    /// are ls's and tree's, byte for byte, links followed or not.
    func testADeepTreeUnderUlimit64IsListedAsLsAndTreeList() throws {
        let temp = try makeTree(depth: 300)
        for letters in ["-R", "-RL", "-R -l --time-style=+%s"] {
            let ours = try runWithFewDescriptors("\(letters) deep", in: temp)
            let theirs = try CommandRunner.shell("ulimit -n 64 && LC_ALL=C ls \(letters) deep", in: temp.url)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertEqual(ours.text, theirs.text, "filetable \(letters) differs from ls \(letters)")
        }
        guard CommandRunner.isInstalled("tree") else {
            print("skipped the comparison with tree: not installed (apt-get install tree)")
            return
        }
        for letters in ["", "-l"] {
            let ours = try runWithFewDescriptors("--tree \(letters) deep", in: temp)
            let theirs = try CommandRunner.shell("ulimit -n 64 && LC_ALL=C.UTF-8 tree \(letters) deep", in: temp.url)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertEqual(ours.text, theirs.text, "filetable --tree \(letters) differs from tree \(letters)")
        }
    }
}
