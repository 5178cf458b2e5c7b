import TableKit

/// Shows a `DirectoryListing` in a table: the data source that answers the
/// table's questions (sections, rows, cells configured by `cellFormatter`,
/// titles, the A-Z index) and hands a committed delete to `onDelete`.
/// The listing stays free of tables and marks; this adapter holds what the
/// cells need to say about marks (`marking`).
public final class DirectoryTableSource {
    public let listing: DirectoryListing
    /// Configures cells; nil shows bare escaped names.
    public var cellFormatter: EntryCellFormatter?
    /// Which rows are marked for deletion, for the `D` column when marked rows are shown.
    public var marking = RowMarking()
    /// Called with the flat row of a delete committed in editing mode: the
    /// owner of the marks decides what it means. No file is ever touched.
    public var onDelete: ((Int) -> Void)?

    public init(listing: DirectoryListing, cellFormatter: EntryCellFormatter? = nil) {
        self.listing = listing
        self.cellFormatter = cellFormatter
    }

    /// The flat row of an index path.
    @inline(__always)
    func flatRow(_ indexPath: IndexPath) -> Int { listing.sectionStarts[indexPath.section] + indexPath.row }

    /// Whether a row is marked (directly, or by a marked ancestor).
    public func isMarked(row: Int) -> Bool {
        marking.coversAll || (!marking.names.isEmpty && marking.names.contains(listing.name(ofRow: row)))
    }
}

/// What the table shows about marks: the names marked in the directory, or
/// all of them when the directory lies inside a marked one, and whether marked
/// rows stay in view (with a `D`) instead of leaving the table.
public struct RowMarking: Equatable, Sendable {
    public var names: Set<[UInt8]> = []
    public var coversAll = false
    public var shown = false

    public init(names: Set<[UInt8]> = [], coversAll: Bool = false, shown: Bool = false) {
        self.names = names
        self.coversAll = coversAll
        self.shown = shown
    }

    /// What the listing leaves out: the marked names, unless they are shown.
    public var exclusion: NameExclusion {
        shown ? .none : NameExclusion(names: names, excludesAll: coversAll)
    }
}

extension DirectoryTableSource: TableDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { listing.sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        listing.sections[section].rows.count
    }

    /// One row's cell: a run of one row of the page path below.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        var cells: [Cell] = []
        self.tableView(tableView, cellsForRows: indexPath.row..<(indexPath.row + 1), inSection: indexPath.section, into: &cells)
        return cells[0]
    }

    /// A page's cells: dequeued together, configured by one call to the formatter.
    public func tableView(_ tableView: TableView, cellsForRows rows: Range<Int>, inSection section: Int, into cells: inout [Cell]) {
        let first = listing.sectionStarts[section] + rows.lowerBound
        let flatRows = first..<(first + rows.count)
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
    public func setEscapedNames(of cells: ArraySlice<Cell>, rows: Range<Int>) {
        listing.withNames(ofRows: rows) { index, name in
            NameEscaping.appendEscaped(name, to: &cells[cells.startIndex + index].textBytes)
        }
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        listing.sections[section].title
    }

    /// "N entries", plus the total size when every row's size is already known
    /// (footers never cause a `stat`).
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        guard listing.sections[section].title != nil else { return nil }
        let rowsInSection = listing.sections[section].rows
        let count = rowsInSection.count
        var text = Plural.count(count, "entry", "entries")
        var total: Int64 = 0
        for row in rowsInSection {
            guard case .success(let status)? = listing.cachedStatus(ofRow: row) else { return text }
            total += status.size
        }
        text += ", " + HumanSize.withUnit(total)
        return text
    }

    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        guard listing.options.grouping != .none else { return nil }
        return listing.sections.compactMap(\.indexTitle)
    }

    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        listing.sections.firstIndex { $0.indexTitle == title } ?? index
    }

    /// Every row but `.` and `..` can be deleted from the table.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        !listing.isDotEntry(row: flatRow(indexPath))
    }

    public func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {
        onDelete?(flatRow(indexPath))
    }
}
