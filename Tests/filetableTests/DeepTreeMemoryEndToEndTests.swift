import Foundation
import TestSupport
import XCTest

/// A tree thousands of levels deep (paths far past PATH_MAX) costs memory
/// in proportion to its depth: each level keeps its own name, not a copy of
/// the whole path (which made 5,000 levels of 200-byte names take 2.5 GB for
/// `--tree` and 3 GB for `--du --depth`).
final class DeepTreeMemoryEndToEndTests: XCTestCase {
    /// 1,000 levels of 200-byte names: a path of 200 KB at the bottom, so a
    /// copy of the path per level would be 100 MB, and four times the
    /// memory of half the depth (the ratio below catches it). 2,000 levels
    /// showed nothing more and took 20 s of the suite writing 400 MB listings.
    /// Under the sanitizers, whose allocators keep freed memory for a while
    /// (hundreds of MB), 2,000 levels: the path's copies must outweigh that.
    private static let depth = ProcessInfo.processInfo.environment["FILETABLE_CHILD_ASAN_OPTIONS"] != nil ? 2000 : 1000

    /// A tree `depth` levels deep in `folder` of a new temporary tree.
    private func makeDeepTree(depth: Int = DeepTreeMemoryEndToEndTests.depth, in folder: String = "deep") throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            python3 -c '
            import os
            os.mkdir("\(folder)")
            fd = os.open("\(folder)", os.O_RDONLY)
            for i in range(\(depth)):
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

    /// Twice the depth takes at most about twice the memory (a copy of the
    /// path per level takes four times); and, in a build without the
    /// sanitizers (whose allocators keep freed memory for a while), under
    /// 80 MB where a copy per level takes 100 MB and more.
    func testMemoryGrowsLinearlyWithDepth() throws {
        let temp = try makeDeepTree()
        let half = try makeDeepTree(depth: Self.depth / 2)
        let sanitized = ProcessInfo.processInfo.environment["FILETABLE_CHILD_ASAN_OPTIONS"] != nil
        for arguments in [["--tree", "deep"], ["-R", "-l", "deep"], ["--du", "--depth", "3000", "deep"]] {
            let peak = try peakKiB(arguments, in: temp)
            let halfPeak = try peakKiB(arguments, in: half)
            let command = arguments.joined(separator: " ")
            print("peak memory of filetable \(command): \(halfPeak / 1024) MB at \(Self.depth / 2) levels, \(peak / 1024) MB at \(Self.depth)")
            XCTAssertLessThan(Double(peak), 2.5 * Double(halfPeak), "\(command): memory grows faster than the depth")
            if !sanitized { XCTAssertLessThan(peak, 80 * 1024, "\(command) took \(peak / 1024) MB") }
        }
        // And the output is whole: the leaf file at the bottom is counted.
        let tree = try CommandRunner.run(["--tree", "deep"], in: temp.url)
        XCTAssertTrue(tree.text.hasSuffix("└── leaf\n\n\(Self.depth + 1) directories, 1 file\n"), String(tree.text.suffix(80)))
    }
}
