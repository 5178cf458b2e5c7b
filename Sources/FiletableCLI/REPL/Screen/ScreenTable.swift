import FileBrowsing
import TableKit
import Terminal

/// The table part of a full-screen frame: the page the highlighted row is
/// on, drawn by the table engine (its reuse pool holds a screen of cells),
/// every line padded to the pane's width, the highlighted row in reverse
/// video and the rest in the listing's colours.
struct ScreenTable {
    let level: TableLevel
    let settings: Session.Settings
    let width: Int

    /// `height` lines (blank ones below a short page).
    func lines(height: Int) -> [String] {
        let table = level.table
        let items = table.visibleItems()
        let styled = render(items, markup: settings.useColor ? TerminalStyle.markup : nil)
        let plain = render(items, markup: nil)
        // Which line the highlighted row starts on: headers and footers take one, a row `rowLineCount`.
        var highlighted: Range<Int>?
        var line = 0
        for item in items {
            switch item {
            case .header, .footer: line += 1
            case .row(_, let flatRow, _):
                if flatRow == level.highlight { highlighted = line..<line + table.rowLineCount }
                line += table.rowLineCount
            }
        }
        var lines: [String] = []
        for index in 0..<height {
            guard index < plain.count else {
                lines.append(String(repeating: " ", count: width))
                if index == 0 && items.isEmpty { lines[0] = emptyNote.padded(to: width) }
                continue
            }
            let shown = TextWidth.of(plain[index])
            // The renderer keeps rows to the width; a row that still runs
            // past it (a header longer than the pane) is cut, uncoloured.
            let overflows = shown > width
            let text = overflows ? TextWidth.truncatingTail(plain[index], to: width) : plain[index]
            let pad = String(repeating: " ", count: max(0, width - TextWidth.of(text)))
            if highlighted?.contains(index) == true {
                lines.append(TerminalControl.reversed(text + pad))
            } else {
                lines.append((overflows ? text : styled[index]) + pad)
            }
        }
        return lines
    }

    private var emptyNote: String {
        if level.model.options.filter != nil { return "(nothing matches the filter; / then Esc clears it)" }
        return level.kind.marksShow == .everyRow ? "(no marks)" : "(empty)"
    }

    /// The items as the prompt draws them, cut to the width, one string a line.
    private func render(_ items: [TableItem], markup: StyleMarkup?) -> [String] {
        var options = RenderOptions()
        options.showsRowNumbers = true
        options.rowNumberWidth = String(max(1, level.table.numberOfRows)).count
        options.styleMarkup = markup
        options.columnAlignments = level.formatter.columnAlignments(for: level.source.decorations)
        options.width = width
        options.truncatesText = true
        // Beside the detail pane the long style's columns would leave no
        // room for names: the pane shows those facts, the table the names.
        options.minimumTextRoom = 12
        var out = ByteBuffer()
        TextRenderer(options: options).render(items, into: &out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(String.init)
    }
}
