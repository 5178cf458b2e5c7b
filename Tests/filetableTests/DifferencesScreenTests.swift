import Foundation
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import Terminal

/// The levels of differences in the full-screen view, in-process: `:compare
/// PATH` and `:du --since FILE` typed on the status line open their levels,
/// whose rows Enter and h take as any row's, within 80 columns.
final class DifferencesScreenTests: XCTestCase {
    private typealias Key = ScriptedScreen.Key

    private func twoTrees() throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            "mkdir -p a/sub b/sub && echo one > a/same && echo one > b/same && echo x > a/sub/f && echo y > b/sub/f && echo q > a/only",
            in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        return temp
    }

    func testCompareOpensALevelOfTheDifferences() throws {
        let temp = try twoTrees()
        let a = temp.path + "/a"
        let wide = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter], rows: 24, columns: 200)
        XCTAssertTrue(wide.header.contains("compare with \(temp.path)/b: 2 differences"), wide.text)
        var screen = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter])
        XCTAssertTrue(screen.text.contains("== only here =="), screen.text)
        XCTAssertTrue(screen.text.contains("== contents differ =="), screen.text)
        XCTAssertTrue(screen.text.contains("== the same, there =="), screen.text)
        XCTAssertTrue(screen.status.hasPrefix("compare: 2 differences"), screen.status)
        XCTAssertTrue(screen.frame.allSatisfy { $0.count <= 80 }, screen.text)
        // Enter on a row that differs shows this side's file; q and h come back.
        screen = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter, Key.down, Key.enter])
        XCTAssertTrue(screen.header.hasPrefix("sub/f  lines 1-1 of 1"), screen.text)
        screen = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter, "h"])
        XCTAssertTrue(screen.header.contains("/a | 3 entries"), screen.header)
    }

    func testSinceOpensALevelOfWhatChanged() throws {
        let temp = try twoTrees()
        let a = temp.path + "/a"
        _ = try CommandRunner.run(["--du", "--save", "scan", "a"], in: temp.url)
        _ = try CommandRunner.shell("head -c 200000 /dev/zero > a/sub/big && rm a/only", in: temp.url)
        let screen = try ScriptedScreen.run(in: a, keys: [":", "du --since \(temp.path)/scan", Key.enter], rows: 24, columns: 120)
        XCTAssertTrue(screen.header.contains(" | since ") && screen.header.contains(": 2 changes"), screen.text)
        XCTAssertTrue(screen.frame[1].contains("+1 grown   sub >"), screen.text)
        XCTAssertTrue(screen.frame[2].contains("-1 removed only "), screen.text)
    }

    /// `=` on a file whose contents differ: diff -u of the two, full width,
    /// the hunk's lines as diff writes them; `n` goes to the next hunk; on a
    /// row only here the status line says why there is none; q comes back.
    func testEqualsShowsTheDiffOfARowThatDiffers() throws {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            "mkdir -p a b && seq 1 40 > a/n && seq 1 40 | sed 's/^5$/five/; s/^30$/thirty/' > b/n && echo q > a/only", in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        let a = temp.path + "/a"
        // Rows: only here (only), contents differ (n).
        var screen = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter, "G", "="])
        XCTAssertTrue(screen.header.hasPrefix("diff -u \(a)/n /"), screen.header)
        XCTAssertTrue(screen.frame[1].contains("--- \(a)/n "), screen.text)
        XCTAssertTrue(screen.frame[2].contains("+++ \(temp.path)/b/n "), screen.text)
        XCTAssertTrue(screen.frame[3].contains("@@ -2,7 +2,7 @@"), screen.text)
        XCTAssertTrue(screen.frame.contains { $0.hasSuffix("-5") } && screen.frame.contains { $0.hasSuffix("+five") }, screen.text)
        XCTAssertTrue(screen.status.hasPrefix("2 hunks, 2 removed, 2 added"), screen.status)
        XCTAssertTrue(screen.frame.allSatisfy { $0.count <= 80 }, screen.text)
        // As in less: the first n brings the first hunk to the top, the next the second.
        screen = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter, "G", "=", "n", "n"])
        XCTAssertTrue(screen.frame[1].contains("@@ -27,7 +27,7 @@"), screen.text)
        screen = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter, "g", "="])
        XCTAssertTrue(screen.status.hasPrefix("diff: only has no file on another side"), screen.status)
        screen = try ScriptedScreen.run(in: a, keys: [":", "compare ../b", Key.enter, "G", "=", "q"])
        XCTAssertTrue(screen.header.contains("compare with"), screen.header)
    }
}
