import FileBrowsing
import TableKit
import Terminal

/// A page of `style columns`: the numbered names laid out down, then across,
/// in as many columns as the screen holds, by `ls -C`'s rule. How many
/// columns a page gets is fixed for the level from its widest name (so every
/// page holds the same number of rows), a name wider than half the screen
/// is cut in its middle; the grid of each page then packs its own names.
/// After `du` each name carries its space before it (`104K a/`), as every
/// other style shows it.
struct ColumnsPage {
    let level: TableLevel
    let width: Int

    /// Columns each page is planned for: as many as the widest cell allows.
    var columns: Int {
        let cell = numberWidth + 1 + spaceWidth + min(level.widestShownName(), nameRoom)
        return max(1, (width - 1 + 2) / (cell + 2))
    }

    /// The row number's width: the largest number's.
    private var numberWidth: Int { String(max(1, level.table.numberOfRows)).count }

    /// The space before each name after `du` (`1023K `), nothing before.
    private var spaceWidth: Int { level.source.decorations.spaceColumns == nil ? 0 : 6 }

    /// The most columns a name takes: half the line, so two fit.
    private var nameRoom: Int { max(4, (width - 1) / 2 - numberWidth - 2) }

    /// Writes the page's rows as a grid narrower than the screen.
    func draw(_ items: [TableItem], styleMarkup: StyleMarkup?, into output: OutputSink) {
        var texts: [String] = []
        var widths: [Int] = []
        for case .row(_, let flatRow, let cell) in items {
            let number = String(flatRow + 1)
            var lead = String(repeating: " ", count: max(0, numberWidth - number.count)) + number + " "
            if let figures = level.source.decorations.spaceColumns?(flatRow), let size = figures.first {
                lead += String(repeating: " ", count: max(0, spaceWidth - 1 - TextWidth.of(size))) + size + " "
            }
            let name = TextWidth.truncatingMiddle(cell.text + cell.textSuffix, to: nameRoom)
            var styled = name
            if let style = cell.textStyle, let styleMarkup, let opening = styleMarkup.opening(style) {
                styled = opening + name + styleMarkup.closing
            }
            texts.append(lead + styled)
            widths.append(TextWidth.of(lead) + TextWidth.of(name))
        }
        let grid = ColumnGrid(widths: widths, lineWidth: width, order: .down)
        let entries = texts.map { Array($0.utf8) }
        for row in 0..<grid.rows { grid.writeRow(row, entries, widths: widths, tabSize: 0, into: &output.buffer) }
    }
}
