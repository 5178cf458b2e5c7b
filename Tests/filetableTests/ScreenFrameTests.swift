import XCTest

@testable import FiletableCLI

/// The full-screen view's frames as a terminal shows them: what the frame
/// writer sends, played on a small VT100 model, must leave the screen
/// holding the frame, whichever lines were written or scrolled; and a
/// frame scrolled by a row writes about a row, not the table.
final class ScreenFrameTests: XCTestCase {
    /// A screen of `rows` lines that understands what `ScreenFrame` writes:
    /// cursor placement, erase to end of line and of screen, a scrolling
    /// region, line feed and reverse index inside it; SGR is ignored.
    private struct TerminalModel {
        var lines: [String]
        var row = 0
        var column = 0
        var top = 0
        var bottom: Int

        init(rows: Int) {
            lines = Array(repeating: "", count: rows)
            bottom = rows - 1
        }

        mutating func play(_ text: String) {
            var characters = Array(text)[...]
            while let character = characters.popFirst() {
                switch character {
                case "\u{1B}":
                    if characters.first == "M" {
                        characters.removeFirst()
                        if row == top { scrollDown() } else { row -= 1 }
                        continue
                    }
                    guard characters.first == "[" else { return XCTFail("unknown escape in \(text.debugDescription)") }
                    characters.removeFirst()
                    var parameters = ""
                    while let next = characters.first, next.isNumber || next == ";" || next == "?" { parameters.append(characters.removeFirst()) }
                    let final = characters.removeFirst()
                    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
                    switch final {
                    case "H":
                        row = ((numbers.first ?? 1) ?? 1) - 1
                        column = ((numbers.count > 1 ? numbers[1] : 1) ?? 1) - 1
                    case "J": lines = Array(repeating: "", count: lines.count)
                    case "K": lines[row] = String(lines[row].prefix(column))
                    case "r":
                        top = ((numbers.first ?? 1) ?? 1) - 1
                        bottom = ((numbers.count > 1 ? numbers[1] : lines.count) ?? lines.count) - 1
                        (row, column) = (0, 0)
                    case "m": break
                    default: XCTFail("unknown sequence \(parameters)\(final)")
                    }
                case "\n":
                    if row == bottom { scrollUp() } else { row += 1 }
                default:
                    let line = lines[row].padding(toLength: column, withPad: " ", startingAt: 0)
                    lines[row] = line + String(character)
                    column += 1
                }
            }
        }

        private mutating func scrollUp() {
            lines.remove(at: top)
            lines.insert("", at: bottom)
        }

        private mutating func scrollDown() {
            lines.remove(at: bottom)
            lines.insert("", at: top)
        }
    }

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
        var terminal = TerminalModel(rows: rows)
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
