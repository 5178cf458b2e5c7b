import TableKit

/// Shows any `FileRows` in a table: the data source that answers the
/// table's questions (sections, rows, cells configured by `cellFormatter`,
/// titles, the A-Z index). What a page shows beside the rows' own facts
/// (delete controls, marked rows, du figures) comes in `decorations`, which
/// whoever draws the page sets from its state just before drawing.
public final class FileTableSource {
    public let rows: any FileRows
    /// The rows as a directory's listing, when they are one: formatters
    /// take the listing's own type for speed (a call through the protocol
    /// costs a million-row `-l` about 9%).
    public let listing: DirectoryListing?
    /// Configures cells; nil shows bare escaped names.
    public var cellFormatter: EntryCellFormatter?
    /// The page's decorations; set by the drawer of each page.
    public var decorations = RowDecorations()

    public init(rows: any FileRows, cellFormatter: EntryCellFormatter? = nil) {
        self.rows = rows
        listing = rows as? DirectoryListing
        self.cellFormatter = cellFormatter
    }

    /// The flat row of an index path.
    @inline(__always)
    func flatRow(_ indexPath: IndexPath) -> Int { rows.sectionStarts[indexPath.section] + indexPath.row }
}

/// What a page shows about each row beyond the row's file, worked out from
/// the session's state when the page is drawn: the control column (a delete
/// control in editing mode, `D` on a marked row while marked rows are shown)
/// and, after `du`, the space columns.
public struct RowDecorations {
    /// Editing mode: `(-)` on every row that can be marked.
    public var deleteControls = false
    /// Marked rows are in view: they carry `D`.
    public var marksShown = false
    /// Whether a flat row is marked (asked only while `marksShown`).
    public var isMarked: (Int) -> Bool = { _ in false }
    /// The plan's revision `isMarked` was worked out at: what reads every
    /// row's mark (a sum of what the marked copies free) keeps its answer
    /// until it changes.
    public var marksRevision = 0
    /// A row's space with everything below it, its share and a bar
    /// (`1.2G  34.5%  [###       ]`), before the style's columns.
    public var spaceColumns: ((Int) -> [String])?
    /// How those columns align: the space, the share, the bar, and (with
    /// item counts shown, ncdu's `c`) how many items each row holds.
    public var spaceColumnAlignments: [ColumnAlignment] = [.trailing, .trailing, .leading]
    /// A remark after a row's name (`vanished`), shown in parentheses.
    public var note: ((Int) -> String?)?
    /// Choosing files: whether a row is selected to pick (it carries `+`).
    public var isSelected: ((Int) -> Bool)?
    /// The stretch of a row's shown text to keep when it is cut (the part of
    /// a copy's path that differs from its group's other paths).
    public var keptWhenCut: ((Int) -> Range<Int>?)?
    /// git's two letters for a row (`git on`), in a column before its name;
    /// an ignored row (`I`) is dimmed.
    public var gitLetters: ((Int) -> String)?

    public init() {}

    /// Whether rows carry the control column.
    public var showsControlColumn: Bool { deleteControls || marksShown || isSelected != nil }
}

extension FileTableSource: TableDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { rows.sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        rows.sections[section].rows.count
    }

    /// One row's cell: a run of one row of the page path below.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        var cells: [Cell] = []
        self.tableView(tableView, cellsForRows: indexPath.row..<(indexPath.row + 1), inSection: indexPath.section, into: &cells)
        return cells[0]
    }

    /// A page's cells: dequeued together, configured by one call to the formatter.
    public func tableView(_ tableView: TableView, cellsForRows range: Range<Int>, inSection section: Int, into cells: inout [Cell]) {
        let first = rows.sectionStarts[section] + range.lowerBound
        let flatRows = first..<(first + range.count)
        let identifier = cellFormatter?.reuseIdentifier ?? "name"
        let start = cells.count
        for _ in flatRows { cells.append(tableView.dequeueReusableCell(withIdentifier: identifier)) }
        guard let formatter = cellFormatter else {
            setEscapedNames(of: cells[start...], rows: flatRows)
            return
        }
        formatter.configure(cells[start...], rows: flatRows, in: self)
    }

    /// Gives each cell its row's escaped name, in one pass over the names:
    /// the whole configuration of a bare-name cell.
    public func setEscapedNames(of cells: ArraySlice<Cell>, rows range: Range<Int>) {
        rows.withNames(ofRows: range) { index, name in
            NameEscaping.appendEscaped(name, to: &cells[cells.startIndex + index].textBytes)
        }
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        rows.sections[section].title
    }

    /// "N entries", plus the total size when every row's size is already known
    /// (footers never cause a `stat`).
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        guard rows.sections[section].title != nil else { return nil }
        let rowsInSection = rows.sections[section].rows
        var text = Plural.count(rowsInSection.count, "entry", "entries")
        var total: Int64 = 0
        for row in rowsInSection {
            guard case .success(let status)? = rows.cachedStatus(ofRow: row) else { return text }
            total += status.size
        }
        text += ", " + HumanSize.withUnit(total)
        return text
    }

    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        guard rows.options.grouping != .none else { return nil }
        return rows.sections.compactMap(\.indexTitle)
    }

    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        rows.sections.firstIndex { $0.indexTitle == title } ?? index
    }

}
