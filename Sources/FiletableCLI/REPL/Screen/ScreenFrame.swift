import FileBrowsing
import TableKit

/// Writes frames of the full-screen view: each line is compared with the
/// one on screen and only those that changed are written (a Down key
/// rewrites two rows and the status line), in one write per frame.
final class ScreenFrame {
    /// One line of a frame: text (already escaped, with the view's own
    /// style markup) and whether it is drawn in reverse video.
    struct Line: Equatable {
        let text: String
        let inverse: Bool
    }

    private let output: OutputSink
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
            buffer += "\u{1B}[H\u{1B}[2J"
            shown = []
            shownSize = (rows, columns)
        }
        for index in 0..<rows {
            let line = index < lines.count ? lines[index] : Line(text: "", inverse: false)
            if index < shown.count && shown[index] == line { continue }
            buffer += "\u{1B}[\(index + 1);1H"
            buffer += line.inverse ? "\u{1B}[7m" + line.text.padded(to: columns - 1) + "\u{1B}[27m" : line.text
            buffer += "\u{1B}[K"
        }
        // The (hidden) cursor parked at the last line's start: every frame
        // ends the same way, which a script timing the frames waits for.
        buffer += "\u{1B}[\(rows);1H"
        shown = (0..<rows).map { $0 < lines.count ? lines[$0] : Line(text: "", inverse: false) }
        lastFrameBytes = buffer.utf8.count
        output.write(buffer)
        output.flush()
    }
}
