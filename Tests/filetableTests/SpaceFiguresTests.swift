import Foundation
import TestSupport
import XCTest

/// du's figures at the prompt and in the screen, as ncdu's keys switch
/// them: disk use or apparent size (`a`, `figures apparent`), item counts
/// (`c`, `figures counts`), and in every style (`style columns` kept only
/// the header's total).
final class SpaceFiguresTests: XCTestCase {
    /// `a` holds one file of 100,000 bytes; `b` twenty of 2 bytes each.
    private func tree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        try temp.folder("a")
        try temp.folder("b")
        temp.file("big", size: 100_000, in: "a")
        for index in 1...20 { temp.file("f\(index)", contents: "x\n", in: "b") }
        return temp
    }

    func testApparentSizeAndItemCountsAtThePrompt() throws {
        let temp = try tree()
        let disk = try CommandRunner.script("du", in: temp)
        XCTAssertTrue(disk.text.contains("| sort du |"), disk.text)
        let apparent = try CommandRunner.script("du; figures apparent", in: temp).text
        let page = apparent.components(separatedBy: "figures: apparent size (the files' bytes)\n").last ?? ""
        // (A directory's own bytes count too, as du --apparent-size counts them: a few KiB, by file system.)
        XCTAssertTrue(page.contains(" KiB apparent"), page)
        XCTAssertTrue(page.contains("\n1 102K ") && page.contains("] a >\n2 "), "the files' bytes, a first:\n\(page)")
        let counted = try CommandRunner.script("du; figures counts", in: temp).text
        let rows = counted.components(separatedBy: "figures: disk use, item counts\n").last ?? ""
        XCTAssertTrue(rows.contains("]  1 a >") && rows.contains("] 20 b >"), "what each row holds:\n\(rows)")
        let wrong = try CommandRunner.script("figures wide", in: temp)
        XCTAssertTrue(wrong.stderr.contains("figures: 'wide' is not disk, apparent, counts, nocounts, git or nogit"), wrong.stderr)
    }

    func testTheScreensAAndCKeys() throws {
        let temp = try tree()
        var screen = try ScriptedScreen.run(in: temp.path, keys: ["d", "a"], columns: 100)
        XCTAssertTrue(screen.header.contains(" KiB apparent"), screen.header)
        XCTAssertTrue(screen.frame.contains { $0.contains("102K ") && $0.contains(" a >") }, screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: ["d", "a", "a", "c"], columns: 100)
        XCTAssertFalse(screen.header.contains("apparent"), screen.header)
        XCTAssertTrue(screen.frame.contains { $0.contains("] 20") && $0.contains(" b >") }, screen.text)
    }

    func testStyleColumnsKeepsTheFigures() throws {
        let temp = try tree()
        let page = try CommandRunner.script("du; style columns", in: temp).text
        XCTAssertTrue(page.contains("1  104K a") && page.contains("2   84K b"), page)
    }
}
