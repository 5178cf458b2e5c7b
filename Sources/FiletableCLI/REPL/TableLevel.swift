import FileBrowsing
import TableKit

/// One level of the navigation stack: a directory's model, its table (which
/// keeps the page) and its cell style. Back returns to the level below as it was.
final class TableLevel {
    let model: DirectoryListModel
    let table: TableView
    let formatter: StyledCellFormatter
    /// The directory's absolute path as bytes (for the prompt and headers).
    let path: [UInt8]
    /// The last row `find` stopped at, so the next `find` goes on after it.
    var findCursor: Int?

    init(model: DirectoryListModel, path: [UInt8], decoration: NameDecoration) {
        self.model = model
        self.path = path
        formatter = StyledCellFormatter(decoration: decoration)
        table = TableView(pageHeight: 20)
        for style in CellStyle.allCases {
            table.register(style: style, forCellReuseIdentifier: "styled." + style.rawValue)
        }
        model.cellFormatter = formatter
        table.dataSource = model
        table.reloadData()
    }

    var style: CellStyle {
        get { formatter.style }
        set { formatter.style = newValue }
    }

    /// Applies changed view settings and returns to the first page.
    func update(_ change: (inout ListOptions) -> Void) {
        var options = model.options
        change(&options)
        model.options = options
        findCursor = nil
        table.reloadData()
        table.scrollToRow(0)
    }

    /// The absolute path of a row (for messages, marks and viewers).
    func path(ofRow row: Int) -> [UInt8] {
        DisplayPath.normalize(PathBytes.join(path, model.name(ofRow: row)))
    }

    /// The last component of the path, for the breadcrumb.
    var title: String {
        let parts = path.split(separator: 0x2F)
        return parts.last.map { NameEscaping.escape(Array($0)) } ?? "/"
    }
}
