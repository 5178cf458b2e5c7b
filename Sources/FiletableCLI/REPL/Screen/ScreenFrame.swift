import FileBrowsing
import TableKit
import Terminal

/// Writes frames of the full-screen view: each line is compared with the
/// one on screen and only those that changed are written (a Down key
/// rewrites two rows and the status line), in one write per frame. When
/// the table scrolled by a few rows, the terminal moves the lines between
/// the header and the status line itself (a scrolling region, then line
/// feeds or reverse index, which every VT100 descendant knows), so a Down
/// past the last row writes the new row, not the whole table.
final class ScreenFrame {
    /// One line of a frame: text (already escaped, with the view's own
    /// style markup) and whether it is drawn in reverse video.
    struct Line: Equatable {
        let text: String
        let inverse: Bool
    }

    /// Where frames go (the view writes the odd control sequence there too).
    let output: OutputSink
    private var shown: [Line] = []
    private var shownSize = (rows: 0, columns: 0)
    /// Bytes written for the last frame (the benchmark reads it via `stats`).
    private(set) var lastFrameBytes = 0

    init(output: OutputSink) { self.output = output }

    /// Everything is drawn again at the next frame (a resize, Ctrl-L, back from `fg`).
    func invalidate() {
        shown = []
        shownSize = (0, 0)
    }

    func show(_ lines: [Line], rows: Int, columns: Int) {
        var buffer = ""
        if shownSize.rows != rows || shownSize.columns != columns {
            buffer += TerminalControl.clearScreen
            shown = []
            shownSize = (rows, columns)
        }
        if shown.count == rows { buffer += scrollIfShifted(lines, rows: rows) }
        for index in 0..<rows {
            let line = index < lines.count ? lines[index] : Line(text: "", inverse: false)
            if index < shown.count && shown[index] == line { continue }
            buffer += TerminalControl.moveTo(row: index + 1)
            buffer += line.inverse ? TerminalControl.reversed(line.text.padded(to: columns - 1)) : line.text
            // A plain line as wide as the screen (a page of `help`) fills its
            // row: erasing after it would erase its last character instead.
            let fillsTheRow = !line.inverse && !line.text.contains(TerminalControl.escape) && TextWidth.of(line.text) >= columns
            if !fillsTheRow { buffer += TerminalControl.eraseToEndOfLine }
        }
        // The (hidden) cursor parked at the last line's start: every frame
        // ends the same way, which a script timing the frames waits for.
        buffer += TerminalControl.moveTo(row: rows)
        shown = (0..<rows).map { $0 < lines.count ? lines[$0] : Line(text: "", inverse: false) }
        lastFrameBytes = buffer.utf8.count
        output.write(buffer)
        output.flush()
    }

    /// Redraws the last line alone (a progress line while a command runs),
    /// cut to the width; the next frame knows it is there.
    func showLastLine(_ text: String, rows: Int, columns: Int) {
        guard rows > 0 else { return }
        let line = Line(text: TextWidth.truncatingTail(text, to: max(0, columns - 1)), inverse: false)
        if shownSize.rows == rows, shownSize.columns == columns, shown.count == rows {
            guard shown[rows - 1] != line else { return }
            shown[rows - 1] = line
        }
        output.write(TerminalControl.moveTo(row: rows) + line.text + TerminalControl.eraseToEndOfLine + TerminalControl.moveTo(row: rows))
        output.flush()
    }

    /// The scroll that brings the lines on screen closest to `lines` (the
    /// region between the first and the last line: the header and status
    /// stay), written as control sequences, with `shown` moved to match;
    /// empty when no shift of up to half the region saves lines.
    private func scrollIfShifted(_ lines: [Line], rows: Int) -> String {
        let top = 1
        let bottom = rows - 2
        guard bottom - top >= 3 else { return "" }
        func line(_ index: Int) -> Line { index < lines.count ? lines[index] : Line(text: "", inverse: false) }
        let unchanged = (top...bottom).reduce(0) { $0 + (line($1) == shown[$1] ? 1 : 0) }
        // A shift keeps at most all but one line: with that many unchanged
        // already (a Down inside the screen), none is worth looking for.
        guard unchanged + 2 < bottom - top + 1 else { return "" }
        var best = (shift: 0, matches: unchanged)
        for shift in 1...((bottom - top + 1) / 2) {
            // Content moved up by `shift` (scrolling down the table), or down.
            let up = (top...(bottom - shift)).reduce(0) { $0 + (line($1) == shown[$1 + shift] ? 1 : 0) }
            let down = ((top + shift)...bottom).reduce(0) { $0 + (line($1) == shown[$1 - shift] ? 1 : 0) }
            if up > best.matches { best = (shift, up) }
            if down > best.matches { best = (-shift, down) }
        }
        // Worth it only when it saves more than the few bytes it costs.
        guard best.shift != 0, best.matches > unchanged + 1 else { return "" }
        let blank = Line(text: "", inverse: false)
        var sequence = TerminalControl.resetAttributes + TerminalControl.scrollRegion(top: top + 1, bottom: bottom + 1)
        if best.shift > 0 {
            sequence += TerminalControl.moveTo(row: bottom + 1) + String(repeating: "\n", count: best.shift)
            shown.replaceSubrange(top...bottom, with: shown[(top + best.shift)...bottom] + Array(repeating: blank, count: best.shift))
        } else {
            sequence += TerminalControl.moveTo(row: top + 1) + String(repeating: TerminalControl.reverseIndex, count: -best.shift)
            shown.replaceSubrange(top...bottom, with: Array(repeating: blank, count: -best.shift) + shown[top...(bottom + best.shift)])
        }
        // Setting the region homes the cursor; every line is placed anew after it.
        return sequence + TerminalControl.wholeScreenScrolls
    }
}
