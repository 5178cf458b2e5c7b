import Foundation
import XCTest

/// A tree thousands of levels deep (paths far past PATH_MAX) costs memory
/// in proportion to its depth: each level keeps its own name, not a copy of
/// the whole path (which made 5,000 levels of 200-byte names take 2.5 GB for
/// `--tree` and 3 GB for `--du --depth`).
final class DeepTreeMemoryEndToEndTests: XCTestCase {
    /// 2,000 levels of 200-byte names: a path of 400 KB at the bottom, so a
    /// copy of the path per level would be 400 MB.
    private static let depth = 2000

    private func makeDeepTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            python3 -c '
            import os
            fd = os.open("deep", os.O_RDONLY) if os.path.isdir("deep") else (os.mkdir("deep"), os.open("deep", os.O_RDONLY))[1]
            for i in range(\(Self.depth)):
                os.mkdir("d" * 200, dir_fd=fd)
                below = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
                os.close(fd)
                fd = below
            open("/proc/self/fd/%d/leaf" % fd, "w").write("x")
            '
            """, in: temp.url)
        guard made.status == 0 else { throw XCTSkip("skipped: could not build the deep tree with python3: \(made.stderr)") }
        return temp
    }

    /// The peak memory (KiB) of filetable run with `arguments` in `temp`,
    /// measured by a parent of its own (python3's getrusage of its children).
    private func peakKiB(_ arguments: [String], in temp: TemporaryTree) throws -> Int {
        let list = arguments.map { "\"\($0)\"" }.joined(separator: ", ")
        let result = try CommandRunner.shell(
            """
            python3 -c '
            import os, resource, subprocess
            done = subprocess.run([os.environ["FILETABLE"], \(list)], stdout=subprocess.DEVNULL)
            print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            '
            """, in: temp.url)
        let fields = result.text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(fields.first, 0, "filetable \(arguments) failed: \(result.text) \(result.stderr)")
        return fields.last ?? .max
    }

    func testMemoryGrowsLinearlyWithDepth() throws {
        let temp = try makeDeepTree()
        // Linear: about 20 MB here (more under the sanitizers); quadratic: 400 MB and up.
        for arguments in [["--tree", "deep"], ["-R", "-l", "deep"], ["--du", "--depth", "3000", "deep"]] {
            let peak = try peakKiB(arguments, in: temp)
            print("peak memory of filetable \(arguments.joined(separator: " ")) at \(Self.depth) levels: \(peak / 1024) MB")
            XCTAssertLessThan(peak, 200 * 1024, "\(arguments) took \(peak / 1024) MB")
        }
        // And the output is whole: the leaf file at the bottom is counted.
        let tree = try CommandRunner.run(["--tree", "deep"], in: temp.url)
        XCTAssertTrue(tree.text.hasSuffix("└── leaf\n\n\(Self.depth + 1) directories, 1 file\n"), String(tree.text.suffix(80)))
    }
}
