import XCTest

@testable import FiletableCLI
@testable import Terminal

/// The full-screen view's frames as a terminal shows them: what the frame
/// writer sends, played on a small VT100 model, must leave the screen
/// holding the frame, whichever lines were written or scrolled; and a
/// frame scrolled by a row writes about a row, not the table.
final class ScreenFrameTests: XCTestCase {
    private func frame(header: String, rows range: ClosedRange<Int>, highlight: Int, rows: Int) -> [ScreenFrame.Line] {
        var lines = [ScreenFrame.Line(text: header, inverse: false)]
        lines += range.map { ScreenFrame.Line(text: "row \($0)" + ($0 == highlight ? " <" : ""), inverse: false) }
        while lines.count < rows - 1 { lines.append(ScreenFrame.Line(text: "", inverse: false)) }
        return lines + [ScreenFrame.Line(text: "status \(highlight)", inverse: false)]
    }

    func testFramesScrolledOrRewrittenLeaveTheScreenHoldingTheFrame() {
        let rows = 24
        let sink = OutputSink(fd: -1)
        let writer = ScreenFrame(output: sink)
        var terminal = VT100Model(rows: rows)
        // Down a row at a time past the bottom, then up past the top, then a jump.
        var steps: [(first: Int, highlight: Int)] = (0...21).map { (0, $0) }
        steps += (22...40).map { ($0 - 21, $0) }
        steps += (0...19).reversed().map { ($0, $0) }
        steps += [(300, 310), (296, 300), (0, 0)]
        for (first, highlight) in steps {
            let lines = frame(header: "header", rows: first...(first + 21), highlight: highlight, rows: rows)
            sink.startCapturing()
            writer.show(lines, rows: rows, columns: 80)
            let written = sink.stopCapturing()
            terminal.play(written)
            XCTAssertEqual(terminal.lines, lines.map(\.text), "after showing rows from \(first), the highlight on \(highlight)")
            // One row scrolled in, the highlight moved from one row to the next, the status: 3 lines.
            if first > 0 && first < 22 && highlight == first + 21 {
                XCTAssertLessThan(writer.lastFrameBytes, 120, "a Down past the last row: \(written.debugDescription)")
            }
        }
    }
}
