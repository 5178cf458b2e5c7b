import Foundation
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import Terminal

/// A long operation's progress: typed reports, one throttle for all of
/// them, and each front end drawing them where it draws (the screen on its
/// status line, never over the table or past the width).
final class OperationProgressTests: XCTestCase {
    /// The throttle on a clock the test steps: the first report at once,
    /// then at most one a tenth of a second, and the line taken away once
    /// at the end (never when nothing was drawn).
    func testReportsAreDrawnATenthOfASecondApartAndTakenAwayOnce() {
        var now = 100.0
        var drawn: [String?] = []
        var line = ProgressLine(draw: { drawn.append($0?.text) }, clock: { now })
        line.update(.counting(entries: 1))
        now += 0.05
        line.update(.counting(entries: 2))
        now += 0.06
        line.update(.counting(entries: 3))
        line.finish()
        line.finish()
        XCTAssertEqual(drawn, ["counting: 1 entry (Ctrl-C stops)", "counting: 3 entries (Ctrl-C stops)", nil])

        var silent = ProgressLine(draw: { drawn.append($0?.text) }, clock: { now })
        drawn = []
        silent.finish()
        XCTAssertEqual(drawn, [])
    }

    /// The words of each report, escaped: a name with a control byte never
    /// reaches the terminal raw.
    func testReportsSayWhatTheyCountWithNamesEscaped() {
        XCTAssertEqual(
            OperationProgress.scanning(place: Array("/tmp/a\u{1B}b".utf8), files: 2, bytes: 8192).text,
            "scanning /tmp/a\\x1Bb: 2 files, 8.0 KiB (Ctrl-C stops)")
        XCTAssertEqual(
            OperationProgress.comparing(directories: 1, sameFiles: 3, bytes: 12).text,
            "compare: 1 directory, 3 files the same, 12 bytes read (Ctrl-C stops)")
        XCTAssertEqual(OperationProgress.copiesMet(files: 1).text, "dupes: 1 file met (Ctrl-C stops)")
    }

    /// In the full-screen view a command's progress is drawn on the status
    /// line, cut to the width (it went to standard error, wherever the
    /// cursor stood, and a long one wrapped over the table).
    func testTheScreenDrawsProgressOnItsStatusLine() throws {
        let temp = try TemporaryTree()
        let long = String(repeating: "d", count: 120)
        try temp.folder(long)
        temp.file("\(long)/f.txt", contents: "x\n")
        let screen = try ScriptedScreen.run(in: temp.path + "/" + long, keys: [":", "du", ScriptedScreen.Key.enter], rows: 24, columns: 80)
        let statusRow = "\u{1B}[24;1H"
        let drawn = try XCTUnwrap(
            screen.written.range(of: statusRow + "scanning "), "no progress on the status line: \(screen.written.debugDescription)")
        let lineEnd = try XCTUnwrap(screen.written[drawn.upperBound...].range(of: "\u{1B}[K"))
        let text = String(screen.written[drawn.lowerBound..<lineEnd.lowerBound].dropFirst(statusRow.count))
        XCTAssertLessThanOrEqual(text.count, 79, text)
        XCTAssertTrue(screen.status.hasPrefix("du: "), screen.status)
    }
}
