import Foundation
import TestSupport
import XCTest

/// `--time=birth` (and `creation`) as ls 9 reads it: the time each file was
/// made, shown by `-l` and ordered by `-t`, a `?` where the file system
/// keeps none; compared with GNU ls where it knows the word.
final class BirthTimeEndToEndTests: XCTestCase {
    private var temp: TemporaryTree!

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        // Made in one order, modified in another: sorting by birth and by modification differ.
        let script = """
            for n in charlie alpha delta bravo; do touch $n; sleep 0.02; done
            touch -d '2020-01-01' charlie; touch -d '2021-01-01' alpha; touch -d '2019-01-01' delta
            """
        XCTAssertEqual(try CommandRunner.shell(script, in: temp.url).status, 0)
    }

    override func tearDown() { temp = nil }

    private static let lsKnowsBirth = CommandRunner.lsAccepts("--time=birth")

    func testBirthTimesMatchLs() throws {
        let cases: [[String]] = [
            ["--time=birth"], ["-t", "--time=birth"], ["-lt", "--time=birth"], ["-ltr", "--time=creation", "--full-time"],
            ["-l", "--time=birth", "--time-style=long-iso"], ["-lu", "--time=birth"], ["--time=birth", "-lc"],
        ]
        for arguments in cases {
            let ours = try CommandRunner.run(arguments + ["."], in: temp.url)
            XCTAssertEqual(ours.status, 0, "\(arguments): \(ours.stderr)")
            guard Self.lsKnowsBirth else { continue }
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(quoted) .", in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "\(arguments)")
        }
        if !Self.lsKnowsBirth { print("skipped the comparison with ls: this ls has no --time=birth") }
    }

    /// The order made, newest first, whatever the modification times say.
    func testSortsByWhenEachFileWasMade() throws {
        let ours = try CommandRunner.run(["-1t", "--time=birth", "."], in: temp.url)
        XCTAssertEqual(ours.text, "bravo\ndelta\nalpha\ncharlie\n")
        let byModification = try CommandRunner.run(["-1t", "."], in: temp.url)
        XCTAssertEqual(byModification.text, "bravo\nalpha\ncharlie\ndelta\n")
    }
}
