import TableKit

/// How the interactive table draws a row: the four cell styles of the table
/// engine; `long`, a default cell carrying the columns of `ls -l`
/// (permissions, links, owner, group, size, time) and a link's target; and
/// `columns`, default cells that the page lays out in columns across the
/// screen, as `ls -C` does.
public enum EntryStyle: String, CaseIterable, Sendable {
    case `default`, subtitle, value1, value2, long, columns

    /// The table engine's cell style that draws it.
    public var cellStyle: CellStyle {
        switch self {
        case .default, .long, .columns: return .default
        case .subtitle: return .subtitle
        case .value1: return .value1
        case .value2: return .value2
        }
    }
}
