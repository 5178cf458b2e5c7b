import TableKit

/// Entries laid out in columns across the width of a line, the way `ls -C`
/// (down, then across) and `ls -x` (across, then down) lay out a terminal
/// listing: as many columns as fit, each as wide as its widest entry and two
/// spaces, the last with none; a line is narrower than `lineWidth`.
struct ColumnGrid {
    /// Which way entries fill the grid.
    public enum Order: Sendable {
        /// Down each column, then across (`ls -C`).
        case down
        /// Across each row, then down (`ls -x`).
        case across
    }

    /// The columns chosen and the width of each (separator included, but
    /// not for the last).
    public let columnWidths: [Int]
    public let rows: Int
    public let order: Order
    let count: Int

    /// The narrowest column ls allows: one character and two spaces.
    static let minimumColumnWidth = 3

    /// The most columns `widths` fit in `lineWidth` (0: no limit), by ls's rule.
    public init(widths: [Int], lineWidth: Int, order: Order) {
        self.order = order
        count = widths.count
        guard !widths.isEmpty else {
            columnWidths = []
            rows = 0
            return
        }
        if lineWidth <= 0 {
            columnWidths = widths.indices.map { widths[$0] + ($0 == widths.count - 1 ? 0 : 2) }
            rows = 1
            return
        }
        let maxColumns = min(widths.count, max(1, lineWidth / Self.minimumColumnWidth + (lineWidth % Self.minimumColumnWidth != 0 ? 1 : 0)))
        // For each candidate number of columns: its widths, its line, whether it still fits.
        var candidates = (1...maxColumns).map { columns in
            (widths: [Int](repeating: Self.minimumColumnWidth, count: columns), line: columns * Self.minimumColumnWidth, fits: true)
        }
        for (index, width) in widths.enumerated() {
            for c in candidates.indices where candidates[c].fits {
                let columns = c + 1
                let column = order == .down ? index / ((widths.count + c) / columns) : index % columns
                let needed = width + (column == c ? 0 : 2)
                if candidates[c].widths[column] < needed {
                    candidates[c].line += needed - candidates[c].widths[column]
                    candidates[c].widths[column] = needed
                    candidates[c].fits = candidates[c].line < lineWidth
                }
            }
        }
        var chosen = maxColumns
        while chosen > 1 && !candidates[chosen - 1].fits { chosen -= 1 }
        columnWidths = candidates[chosen - 1].widths
        rows = (widths.count + chosen - 1) / chosen
    }

    /// The entry shown at a row and column of the grid, if any.
    public func entry(row: Int, column: Int) -> Int? {
        let index = order == .down ? column * rows + row : row * columnWidths.count + column
        return index < count && column < columnWidths.count ? index : nil
    }

    /// Writes one line of the grid: `entries[i]` is the bytes of entry i and
    /// `widths[i]` the columns it takes on screen. Gaps are filled with tabs
    /// where a tab stop (every `tabSize` columns; 0 for spaces only) lands,
    /// as ls does.
    func writeRow(_ row: Int, _ entries: [[UInt8]], widths: [Int], tabSize: Int, lineEnd: UInt8 = 0x0A, into output: inout ByteBuffer) {
        var position = 0
        var column = 0
        while let index = entry(row: row, column: column) {
            output.append(entries[index])
            if entry(row: row, column: column + 1) == nil { break }
            Self.indent(from: position + widths[index], to: position + columnWidths[column], tabSize: tabSize, into: &output)
            position += columnWidths[column]
            column += 1
        }
        output.append(lineEnd)
    }

    /// Spaces, or tabs where one reaches a tab stop no further than `to`.
    static func indent(from: Int, to: Int, tabSize: Int, into output: inout ByteBuffer) {
        var from = from
        while from < to {
            if tabSize != 0 && to / tabSize > (from + 1) / tabSize {
                output.append(0x09)
                from += tabSize - from % tabSize
            } else {
                output.append(0x20)
                from += 1
            }
        }
    }
}
