import TableKit

/// Cells for the interactive table in any of the four cell styles:
/// default (the name, a disclosure `>` on directories), subtitle (size and
/// time under the name), value1 (size at the right edge) and value2 (a short
/// kind label, then the name). Only subtitle and value1 need `stat`.
public final class StyledCellFormatter: EntryCellFormatter {
    public var style: CellStyle
    public var decoration: NameDecoration
    /// In editing mode every editable row shows a delete control, `(-)`.
    public var showsDeleteControls = false
    private let times = TimeFormat()

    public init(style: CellStyle = .default, decoration: NameDecoration = NameDecoration()) {
        self.style = style
        var decoration = decoration
        decoration.disclosesDirectories = true
        self.decoration = decoration
    }

    public var reuseIdentifier: String { "styled." + style.rawValue }

    public func configure(_ cell: Cell, row: Int, in source: DirectoryTableSource) {
        let model = source.listing
        decoration.decorate(cell, row: row, in: model)
        // The control column: `D` on a marked row (when marked rows are shown),
        // `(-)` on an editable row in editing mode, blank on `.` and `..`.
        if showsDeleteControls || source.marking.shown {
            if source.marking.shown && source.isMarked(row: row) {
                cell.columns.append("D")
            } else {
                cell.columns.append(showsDeleteControls && !model.isDotEntry(row: row) ? "(-)" : "")
            }
        }
        switch style {
        case .default:
            break
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
