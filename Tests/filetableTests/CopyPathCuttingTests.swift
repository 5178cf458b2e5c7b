import FileBrowsing
import Foundation
import TableKit
import TestSupport
import XCTest

/// A copy's long path cut to fit keeps the part that tells it from the
/// other copies of its group (it was cut in the middle, often there).
final class CopyPathCuttingTests: XCTestCase {
    func testTheDifferingComponentsAreFound() {
        let here = "photos/2019/summer-trip-to-the-coast/IMG_0001.jpg"
        let there = "photos/2020/summer-trip-to-the-coast/IMG_0001.jpg"
        let range = PathDifference.differingRange(of: here, among: [there])
        XCTAssertEqual(range.map { String(Array(here)[$0]) }, "2019")
        let backup = "backup/photos/2019/summer-trip-to-the-coast/IMG_0001.jpg"
        XCTAssertEqual(PathDifference.differingRange(of: backup, among: [here]).map { String(Array(backup)[$0]) }, "backup")
        XCTAssertNil(PathDifference.differingRange(of: here, among: []))
    }

    func testACutKeepsThePartAndTheName() {
        let here = "photos/2019/summer-trip-to-the-coast/IMG_0001.jpg"
        let range = PathDifference.differingRange(of: here, among: ["photos/2020/summer-trip-to-the-coast/IMG_0001.jpg"])!
        let cut = TextWidth.truncating(here, to: 30, keeping: range)
        XCTAssertTrue(cut.contains("2019") && cut.hasSuffix("/IMG_0001.jpg"), cut)
        XCTAssertLessThanOrEqual(TextWidth.of(cut), 30)
        let longer = "my-photo-collection/archive/2019/summer-trip-to-the-coast-with-everyone/IMG_0001.jpg"
        XCTAssertFalse(TextWidth.truncatingMiddle(longer, to: 24).contains("2019"), "the middle cut loses it")
        let kept = PathDifference.differingRange(
            of: longer, among: ["my-photo-collection/archive/2020/summer-trip-to-the-coast-with-everyone/IMG_0001.jpg"])!
        XCTAssertTrue(TextWidth.truncating(longer, to: 24, keeping: kept).contains("2019"))
        XCTAssertEqual(TextWidth.truncating("short", to: 30, keeping: 0..<2), "short")
    }

    /// In a table of copies at 80 columns (the long style's columns take
    /// half) each row still says which copy it is, and its name.
    func testCopiesAtANarrowTerminalShowWhereEachIs() throws {
        let temp = try TemporaryTree()
        let deep = "summer-trip-to-the-coast-with-everyone/day-one"
        for year in ["2019", "2020"] {
            try temp.folder("photos/\(year)/\(deep)")
            temp.file("IMG_0001.jpg", contents: String(repeating: "x", count: 5000), in: "photos/\(year)/\(deep)")
        }
        let page = try ScriptedPrompt.run(in: temp.path, keys: [ScriptedPrompt.line("dupes")], columns: 80)
        page.assertNothingWraps()
        XCTAssertTrue(page.lines.contains { $0.contains("2019") && $0.hasSuffix("IMG_0001.jpg") }, page.text)
        XCTAssertTrue(page.lines.contains { $0.contains("2020") && $0.hasSuffix("IMG_0001.jpg") }, page.text)
    }
}
