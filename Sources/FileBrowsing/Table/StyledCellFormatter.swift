import SystemSeam
import TableKit

/// Cells for the interactive table in any of its styles: default (the name,
/// a disclosure `>` on directories, `@` on links), subtitle (size and time
/// under the name), value1 (size at the right edge), value2 (a short kind
/// label, then the name) and long (`ls -l`'s columns, ` -> target` on links).
/// Only subtitle, value1 and long need `stat`.
public final class StyledCellFormatter: EntryCellFormatter {
    public var entryStyle: EntryStyle
    public var style: CellStyle { entryStyle.cellStyle }
    public var decoration: NameDecoration
    private var times = TimeFormat()
    /// Makes the long style's columns (and keeps its user and group names);
    /// with `-F`, a link's target carries its mark as in `filetable -lF`.
    private let longColumns: LongCellFormatter

    public init(style: EntryStyle = .default, decoration: NameDecoration = NameDecoration()) {
        self.entryStyle = style
        var decoration = decoration
        decoration.disclosesDirectories = true
        decoration.marksSymlinks = true
        self.decoration = decoration
        longColumns = LongCellFormatter(decoration: decoration)
    }

    public var reuseIdentifier: String { Self.reuseIdentifier(for: entryStyle) }

    /// Takes the time now as the present that dates are written against
    /// (`Nov 23 19:30` within six months, the year beyond), as `ls` does
    /// each time it runs: a page drawn later than its level was opened
    /// shows a file changed since with its time, not its year.
    public func resetClock() {
        times = TimeFormat()
        longColumns.resetClock()
    }

    /// How the long style writes sizes: bytes, as `ls -l`, or `.human` (`ls -lh`).
    public var longSizeUnit: SizeUnit {
        get { longColumns.sizeUnit }
        set { longColumns.sizeUnit = newValue }
    }

    /// The reuse identifier of a style's cells, for registering them with a table.
    public static func reuseIdentifier(for style: EntryStyle) -> String { "styled." + style.rawValue }

    /// The alignment of each leading column the rows carry: the control
    /// column (in editing mode, or with marked rows shown), the space
    /// columns after `du`, then the long style's columns.
    public func columnAlignments(for decorations: RowDecorations) -> [ColumnAlignment] {
        let control: [ColumnAlignment] = decorations.showsControlColumn ? [.leading] : []
        let space: [ColumnAlignment] = decorations.spaceColumns == nil ? [] : decorations.spaceColumnAlignments
        let git: [ColumnAlignment] = decorations.gitLetters == nil ? [] : [.leading]
        return control + space + (entryStyle == .long ? LongCellFormatter.alignments : []) + git
    }

    public func configure(_ cell: Cell, row: Int, in source: FileTableSource) {
        let model = source.rows
        if let listing = source.listing {
            decoration.decorate(cell, row: row, rows: listing)
        } else {
            decoration.decorate(cell, row: row, rows: model)
        }
        // The control column: `+` on a row selected to pick (choosing files), `D` on a marked row (when marked rows are shown),
        // `(-)` on an editable row in editing mode, blank on `.` and `..`.
        let decorations = source.decorations
        if decorations.showsControlColumn {
            if let isSelected = decorations.isSelected {
                cell.columns.append(isSelected(row) ? "+" : "")
            } else if decorations.marksShown && decorations.isMarked(row) {
                cell.columns.append("D")
            } else {
                cell.columns.append(decorations.deleteControls && !model.isDotEntry(row: row) ? "(-)" : "")
            }
        }
        if let spaceColumns = decorations.spaceColumns { cell.columns.append(contentsOf: spaceColumns(row)) }
        if let kept = decorations.keptWhenCut?(row) { cell.keptWhenCut = kept }
        defer { if let note = decorations.note?(row) { cell.textSuffix += "  (" + note + ")" } }
        switch entryStyle {
        case .default, .columns:
            break
        case .long:
            _ = longColumns.appendColumns(to: cell, row: row, in: model)
        case .subtitle:
            if case .success(let status) = model.status(ofRow: row) {
                cell.detailText = sizeText(status) + "  " + times.lsStyle(status.modificationTime)
            } else {
                cell.detailText = "?"
            }
        case .value1:
            if case .success(let status) = model.status(ofRow: row) {
                cell.detailText = sizeText(status)
            } else {
                cell.detailText = "?"
            }
        case .value2:
            cell.detailText = cell.text + cell.textSuffix
            cell.text = Self.label(model.kind(ofRow: row))
            cell.textSuffix = ""
        }
        if let gitLetters = decorations.gitLetters {
            let letters = gitLetters(row)
            cell.columns.append(letters)
            if letters.hasSuffix("I") { cell.textStyle = .dimmed }
        }
    }

    private func sizeText(_ status: FileStatus) -> String {
        status.kind == .directory ? "dir" : HumanSize.format(status.size)
    }

    /// A short word for a kind, for the value2 style's label.
    public static func label(_ kind: FileKind) -> String {
        switch kind {
        case .directory: return "dir"
        case .file: return "file"
        case .symlink: return "link"
        case .fifo: return "fifo"
        case .socket: return "sock"
        case .characterDevice: return "char"
        case .blockDevice: return "block"
        case .unknown: return "?"
        }
    }
}
