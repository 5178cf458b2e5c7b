import FileBrowsing
import SystemSeam
import TableKit
import Terminal

/// The left of Miller columns: the level you came from (or, at the first
/// level, the directory holding it), its names only, the row you are in
/// highlighted, the rows around it in view. Drawn from the rows' names
/// and kinds: no `stat`, no table of its own.
struct ParentColumn {
    /// The rows, and which of them is where you are (nil: none of them).
    let rows: any FileRows
    let highlight: Int?
    let width: Int

    /// `height` lines of `width` columns.
    func lines(height: Int) -> [String] {
        let count = rows.rowCount
        // The highlighted row in the middle of the column, as far as the rows allow.
        let first = max(0, min((highlight ?? 0) - height / 2, count - height))
        var lines: [String] = []
        for line in 0..<height {
            let row = first + line
            guard row < count else {
                lines.append(String(repeating: " ", count: width))
                continue
            }
            var name = rows.withName(ofRow: row) { NameEscaping.escape($0) }
            if rows.kind(ofRow: row) == .directory { name += "/" }
            let text = " " + TextWidth.truncatingTail(name, to: max(1, width - 1))
            let padded = text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
            lines.append(row == highlight ? TerminalControl.reversed(padded) : padded)
        }
        return lines
    }
}

extension ScreenView {
    /// The left column of Miller columns: the level below this one, when
    /// this was opened from it (its highlight is where you came from); at
    /// the first level, or one reached by going up, the directory holding
    /// this one, you highlighted in it. Nil at `/` or where there is none.
    func parentColumn(of level: TableLevel, width: Int) -> ParentColumn? {
        let levels = session.stack.levels
        if levels.count >= 2, !level.cameUp {
            let below = levels[levels.count - 2]
            return ParentColumn(rows: below.model, highlight: below.highlight, width: width)
        }
        guard level.kind.breadcrumb == nil, level.path != [0x2F] else { return nil }
        let (holder, name) = PathBytes.split(level.path)
        let path = holder.isEmpty ? [0x2F] : holder
        if parentListing?.path != path {
            var options = ListOptions()
            options.hidden = level.model.options.hidden
            parentListing = (path, try? DirectoryListing(directory: DirectoryHandle.open(resolving: path), options: options))
        }
        guard let rows = parentListing?.rows else { return nil }
        let row = (0..<rows.rowCount).first { rows.withName(ofRow: $0) { $0.elementsEqual(name) } }
        return ParentColumn(rows: rows, highlight: row, width: width)
    }
}
