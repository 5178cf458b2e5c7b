import TableKit

/// Text broken into lines at word boundaries, for help that fits the screen.
enum TextWrapping {
    /// A line as a terminal of `columns` shows it whole: as it is when it
    /// fits (or no terminal is there: nil), else broken between words,
    /// never inside one as the terminal would break it.
    static func rows(of line: String, columns: Int?) -> [String] {
        guard let columns, TextWidth.of(line) > columns - 1 else { return [line] }
        return wrap(line, width: columns - 1)
    }

    /// `text` as lines of at most `width` columns, the first starting with
    /// `first`, the others with `rest`. A word longer than a line is cut.
    static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let needed = TextWidth.of(line) + (lineHasWord ? 1 : 0) + TextWidth.of(word)
            if lineHasWord && needed > width {
                lines.append(line)
                line = rest
                lineHasWord = false
            }
            var piece = word
            while TextWidth.of(line) + TextWidth.of(piece) > width && TextWidth.of(line) < width - 1 && !lineHasWord {
                // A word wider than the line: as much as fits, then the rest below.
                var head = ""
                for character in piece {
                    if TextWidth.of(line) + TextWidth.of(head + String(character)) > width { break }
                    head.append(character)
                }
                guard !head.isEmpty else { break }
                lines.append(line + head)
                piece.removeFirst(head.count)
                line = rest
            }
            line += (lineHasWord ? " " : "") + piece
            lineHasWord = true
        }
        if lineHasWord || lines.isEmpty { lines.append(line) }
        return lines
    }
}
