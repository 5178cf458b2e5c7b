import TableKit

/// Text broken into lines at word boundaries, for help that fits the screen.
enum TextWrapping {
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
