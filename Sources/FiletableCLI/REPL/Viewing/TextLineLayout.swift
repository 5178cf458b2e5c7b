import FileBrowsing
import TableKit
import Terminal

/// How the viewer lays a line of text out on the screen: a six-column line
/// number and two spaces (when numbers are on), then the text with tabs
/// expanded to the next stop and control bytes and invalid UTF-8 shown as
/// escapes, matches of the search in reverse video. With a known width the
/// text is cut with `…` at the screen's edge, or with `wraps` continued on
/// rows indented under the text; without one (a script) a line is one row.
/// No row is ever wider than `width - 1` columns, so none wraps.
struct TextLineLayout {
    var width: Int?
    var wraps: Bool
    var tabs = 8
    var numbers = true
    /// Wraps highlighted text in the terminal's markup; nil shows it plain.
    var highlight: ((String) -> String)?

    init(width: Int?, wraps: Bool) {
        self.width = width
        self.wraps = wraps
    }

    /// The layout the session's settings give: their tab stops, matches in
    /// reverse video when colour is on.
    init(width: Int?, wraps: Bool, settings: Session.Settings) {
        self.init(width: width, wraps: wraps)
        tabs = settings.tabSize
        if settings.useColor { highlight = TerminalControl.reversed }
    }

    /// Columns before the text when numbers are on: the number and its two spaces.
    static let gutter = 8

    /// Numbers are shown when on and the screen leaves room for a column
    /// of text beside them.
    private var showsNumbers: Bool { numbers && (width.map { $0 - 1 > Self.gutter } ?? true) }

    private var gutterWidth: Int { showsNumbers ? Self.gutter : 0 }

    /// The rows a line (or a piece of one) takes. `number` nil leaves the
    /// gutter blank (a line whose number is not counted yet).
    func rows(_ bytes: [UInt8], number: Int?, matches: [Range<Int>] = []) -> [String] {
        let spans = self.spans(bytes, matches: matches)
        let lead: String
        if showsNumbers {
            let label = number.map(String.init) ?? ""
            lead = String(repeating: " ", count: max(0, Self.gutter - 2 - label.count)) + label + "  "
        } else {
            lead = ""
        }
        guard let width else { return [lead + render(spans)] }
        let room = max(1, width - 1 - gutterWidth)
        let total = spans.reduce(0) { $0 + $1.columns }
        guard total > room else { return [lead + render(spans)] }
        guard wraps else { return [lead + render(cut(spans, to: room - 1)) + "…"] }
        let indent = String(repeating: " ", count: gutterWidth)
        return split(spans, room: room).enumerated().map { index, row in (index == 0 ? lead : indent) + render(row) }
    }

    /// A run of text shown one way.
    private struct Span {
        var text: String
        var columns: Int
        var highlighted: Bool
    }

    /// The line as spans: escaped text, tabs as spaces to the next stop,
    /// a new span wherever a match starts or ends.
    private func spans(_ bytes: [UInt8], matches: [Range<Int>]) -> [Span] {
        var cuts = Set<Int>()
        for match in matches {
            cuts.insert(match.lowerBound)
            cuts.insert(match.upperBound)
        }
        var spans: [Span] = []
        var column = 0
        var start = 0
        var matchIndex = 0
        func isHighlighted(_ index: Int) -> Bool {
            while matchIndex < matches.count && matches[matchIndex].upperBound <= index { matchIndex += 1 }
            return matchIndex < matches.count && matches[matchIndex].contains(index)
        }
        func flush(upTo end: Int) {
            guard end > start else { return }
            let text = NameEscaping.escapeText(Array(bytes[start..<end]))
            let columns = TextWidth.of(text)
            append(Span(text: text, columns: columns, highlighted: isHighlighted(start)))
            column += columns
        }
        func append(_ span: Span) {
            if let last = spans.last, last.highlighted == span.highlighted {
                spans[spans.count - 1].text += span.text
                spans[spans.count - 1].columns += span.columns
            } else {
                spans.append(span)
            }
        }
        for index in bytes.indices {
            if bytes[index] == 0x09 {
                flush(upTo: index)
                let stop = max(1, tabs)
                let count = stop - column % stop
                append(Span(text: String(repeating: " ", count: count), columns: count, highlighted: isHighlighted(index)))
                column += count
                start = index + 1
            } else if cuts.contains(index) {
                flush(upTo: index)
                start = index
            }
        }
        flush(upTo: bytes.count)
        return spans
    }

    /// The spans cut to `room` columns, between characters.
    private func cut(_ spans: [Span], to room: Int) -> [Span] {
        var kept: [Span] = []
        var used = 0
        for span in spans {
            if used + span.columns <= room {
                kept.append(span)
                used += span.columns
                continue
            }
            var piece = Span(text: "", columns: 0, highlighted: span.highlighted)
            for character in span.text {
                let columns = TextWidth.of(String(character))
                if used + columns > room { break }
                piece.text.append(character)
                piece.columns += columns
                used += columns
            }
            kept.append(piece)
            break
        }
        return kept
    }

    /// The spans split into rows of at most `room` columns.
    private func split(_ spans: [Span], room: Int) -> [[Span]] {
        var rows: [[Span]] = []
        var row: [Span] = []
        var used = 0
        for span in spans {
            var piece = Span(text: "", columns: 0, highlighted: span.highlighted)
            for var character in span.text {
                var columns = TextWidth.of(String(character))
                // A character wider than a whole row (a wide one in one column) shows as '…'.
                if columns > room {
                    character = "…"
                    columns = 1
                }
                if used + columns > room && used > 0 {
                    if !piece.text.isEmpty { row.append(piece) }
                    rows.append(row)
                    row = []
                    used = 0
                    piece = Span(text: "", columns: 0, highlighted: span.highlighted)
                }
                piece.text.append(character)
                piece.columns += columns
                used += columns
            }
            if !piece.text.isEmpty { row.append(piece) }
        }
        rows.append(row)
        return rows
    }

    private func render(_ spans: [Span]) -> String {
        spans.map { span in span.highlighted ? (highlight?(span.text) ?? span.text) : span.text }.joined()
    }
}
