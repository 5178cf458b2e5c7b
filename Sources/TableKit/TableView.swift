/// A table after UITableView: asks its data source for sections, rows and cells,
/// owns a viewport (first visible row and page height) and a reuse pool.
///
/// Rows are numbered across the whole table from 0 (the "flat row"); callers
/// that show numbers to users add one. Only the cells of the rows on the current
/// page exist outside the pool: when the page moves, its cells go back to the
/// pool and are handed out again for the rows that come into view.
public final class TableView {
    /// Held strongly, unlike UIKit: a weak reference's side table sent every
    /// retain of a list model down Swift's slow path. Data sources never own their table.
    public var dataSource: TableDataSource?

    /// How many rows a page shows (at least 1).
    public var pageHeight: Int {
        didSet {
            pageHeight = max(1, pageHeight)
            // The cells on screen were cut for the old height: back to the pool.
            recycleOnScreenCells()
            scrollToRow(firstVisibleRow)
        }
    }
    /// When set, pages are cut to fit this many lines of text instead of
    /// `pageHeight` rows: each row takes `rowLineCount` lines and every section
    /// header (also one repeated at the top of a page) and footer takes one, so
    /// a page with sections never runs taller than the screen it was cut for.
    public var lineBudget: Int? {
        didSet { if lineBudget != oldValue { relayoutPages() } }
    }
    /// Lines one row takes in a line budget (2 for a subtitle cell).
    public var rowLineCount = 1 {
        didSet { if rowLineCount != oldValue { relayoutPages() } }
    }
    /// The flat number of the first row on the page: a page's start, or
    /// any row once `scrollToShow` scrolled the table row by row.
    public private(set) var firstVisibleRow = 0
    /// The viewport was last moved by `scrollToShow`: it starts at any row
    /// and holds the rows that fit below it, not a page cut beforehand.
    public private(set) var scrollsFreely = false

    let pool = ReusePool()
    /// The styles registered, by identifier: a short list, as a dictionary's
    /// type cost start-up 146K instructions to build.
    private var cellStyles: [(identifier: String, style: CellStyle)] = []
    /// Cells currently on the page; they return to the pool when the page moves.
    private var onScreenCells: [Cell] = []
    /// `sectionStarts[s]` is the flat number of section s's first row; the last
    /// element is the total row count.
    private var sectionStarts: [Int] = [0]
    /// With a line budget: the first flat row of every page, worked out when
    /// first needed after the rows or the budget change.
    private var budgetedPageStarts: [Int]?

    public init(pageHeight: Int = 20) {
        self.pageHeight = max(1, pageHeight)
    }

    // MARK: Cells

    /// Tells the table which style to create cells of for an identifier.
    public func register(style: CellStyle, forCellReuseIdentifier identifier: String) {
        cellStyles.removeAll { $0.identifier == identifier }
        cellStyles.append((identifier, style))
    }

    /// A free cell for this identifier, reset for reuse, or a new one.
    public func dequeueReusableCell(withIdentifier identifier: String) -> Cell {
        pool.dequeue(withIdentifier: identifier) {
            Cell(style: cellStyles.first { $0.identifier == identifier }?.style ?? .default, reuseIdentifier: identifier)
        }
    }

    public var cellsCreated: Int { pool.cellsCreated }
    public var cellsReused: Int { pool.cellsReused }

    // MARK: Layout

    /// Asks the data source for its counts again and keeps the viewport in
    /// range: the page, or (scrolled row by row) the first row where it was.
    public func reloadData() {
        recycleOnScreenCells()
        var starts: [Int] = []
        var total = 0
        if let dataSource {
            let sections = dataSource.numberOfSections(in: self)
            starts.reserveCapacity(sections + 1)
            for section in 0..<sections {
                starts.append(total)
                total += dataSource.tableView(self, numberOfRowsInSection: section)
            }
        }
        starts.append(total)
        sectionStarts = starts
        budgetedPageStarts = nil
        keepViewport()
    }

    /// Cuts the pages again for a changed budget, keeping the first visible row in view.
    private func relayoutPages() {
        budgetedPageStarts = nil
        recycleOnScreenCells()
        keepViewport()
    }

    /// After the rows or the layout changed: a table scrolled row by row
    /// keeps its first row (a live change does not move the screen), one
    /// turned by pages goes to the page holding it.
    private func keepViewport() {
        if scrollsFreely {
            scrollToShow(firstVisibleRow)
            // Rows that left at the end are not blank space: the rows above come down.
            let total = numberOfRows
            let kept = firstVisibleRow
            while firstVisibleRow > 0 && rowsFitting(from: firstVisibleRow - 1) == total { firstVisibleRow -= 1 }
            if firstVisibleRow != kept { recycleOnScreenCells() }
        } else {
            scrollToRow(firstVisibleRow)
        }
    }

    public var numberOfSections: Int { sectionStarts.count - 1 }
    public var numberOfRows: Int { sectionStarts[sectionStarts.count - 1] }

    public func numberOfRows(inSection section: Int) -> Int {
        sectionStarts[section + 1] - sectionStarts[section]
    }

    /// The index path of a flat row number.
    public func indexPath(forFlatRow flatRow: Int) -> IndexPath {
        precondition(flatRow >= 0 && flatRow < numberOfRows, "row \(flatRow) outside the table")
        // The last section whose start is <= flatRow (empty sections share starts).
        var low = 0
        var high = numberOfSections - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= flatRow { low = mid } else { high = mid - 1 }
        }
        return IndexPath(row: flatRow - sectionStarts[low], section: low)
    }

    /// The flat row number of an index path.
    public func flatRow(for indexPath: IndexPath) -> Int {
        sectionStarts[indexPath.section] + indexPath.row
    }

    /// The flat number of the first row of a section.
    public func firstFlatRow(ofSection section: Int) -> Int { sectionStarts[section] }

    // MARK: Paging

    /// Pages in the table (at least 1), computed without overflow for any
    /// page height and row count.
    public var pageCount: Int {
        if lineBudget != nil { return pageStarts().count }
        return numberOfRows == 0 ? 1 : (numberOfRows - 1) / pageHeight + 1
    }
    /// The current page, counted from 0.
    public var currentPage: Int {
        lineBudget != nil ? page(holding: firstVisibleRow) : firstVisibleRow / pageHeight
    }
    /// The flat rows on the current page.
    public var visibleRows: Range<Int> {
        if scrollsFreely { return firstVisibleRow..<max(firstVisibleRow, rowsFitting(from: firstVisibleRow)) }
        if lineBudget != nil {
            let starts = pageStarts()
            let page = page(holding: firstVisibleRow)
            let end = page + 1 < starts.count ? starts[page + 1] : numberOfRows
            return firstVisibleRow..<max(firstVisibleRow, end)
        }
        return firstVisibleRow..<(firstVisibleRow + min(max(0, numberOfRows - firstVisibleRow), pageHeight))
    }

    /// Moves the viewport to the page holding `flatRow` (clamped to the table).
    public func scrollToRow(_ flatRow: Int) {
        let last = max(0, numberOfRows - 1)
        let row = min(max(0, flatRow), last)
        // The first row starts the first page: no need to cut the pages for it.
        let first = row == 0 ? 0 : lineBudget != nil ? pageStarts()[page(holding: row)] : (row / pageHeight) * pageHeight
        if first != firstVisibleRow { recycleOnScreenCells() }
        firstVisibleRow = first
        scrollsFreely = false
        checkInvariants()
    }

    /// Moves the viewport the least that brings `flatRow` (clamped to the
    /// table) into view, as a scrolling list does: a row past the bottom
    /// scrolls the rows up by one, it does not turn a page. Headers and
    /// footers are fitted as `lineBudget` says, a header repeated at the top.
    public func scrollToShow(_ flatRow: Int) {
        let total = numberOfRows
        guard total > 0 else {
            scrollToRow(0)
            scrollsFreely = true
            return
        }
        let row = min(max(0, flatRow), total - 1)
        var first = min(firstVisibleRow, total - 1)
        if row < first {
            first = row
        } else if row >= rowsFitting(from: first) {
            // The highest first row whose page still reaches `row`: a page's worth of steps back at most.
            first = row
            while first > 0 && rowsFitting(from: first - 1) > row { first -= 1 }
        }
        if first != firstVisibleRow { recycleOnScreenCells() }
        firstVisibleRow = first
        scrollsFreely = true
        checkInvariants()
    }

    /// The end (exclusive) of the rows that fit a screen whose first row is
    /// `first`: `pageHeight` rows, or with a line budget the rows, headers
    /// and footers that fit it, cut as pages are (`rowsFilling`).
    private func rowsFitting(from first: Int) -> Int {
        let total = numberOfRows
        guard first < total else { return total }
        guard lineBudget != nil else { return min(total, first + pageHeight) }
        var section = indexPath(forFlatRow: first).section
        return rowsFilling(
            from: first, section: &section,
            hasHeader: { [self] in dataSource?.tableView(self, titleForHeaderInSection: $0) != nil },
            hasFooter: { [self] in dataSource?.tableView(self, titleForFooterInSection: $0) != nil })
    }

    /// The end (exclusive) of the rows of a screen that starts at `first`
    /// (below the table's end), filled under the line budget: rows fill it
    /// until the next would not fit with the header drawn above it (where
    /// its section starts, or repeated at the screen's top) and the footer
    /// drawn after its section's last row. A section's last row moves to
    /// the next screen rather than leave its footer hanging below the
    /// budget. Every screen holds at least one row, however small the budget.
    /// `section` is one at or before `first`'s (the caller's hint, moved on
    /// to the section the screen ends in: pages are cut without a search).
    private func rowsFilling(from first: Int, section: inout Int, hasHeader: (Int) -> Bool, hasFooter: (Int) -> Bool) -> Int {
        let budget = max(1, lineBudget ?? pageHeight)
        let rowLines = max(1, rowLineCount)
        let total = numberOfRows
        var lines = 0
        var rowsOnPage = 0
        var row = first
        while row < total {
            while sectionStarts[section + 1] <= row { section += 1 }
            let end = sectionStarts[section + 1]
            let remaining = end - row
            let header = hasHeader(section) && (row == sectionStarts[section] || rowsOnPage == 0) ? 1 : 0
            let footer = hasFooter(section) ? 1 : 0
            let room = budget - lines - header
            var placed = min(max(0, room / rowLines), remaining)
            if placed == remaining && room - placed * rowLines < footer {
                placed = remaining - 1  // the last row goes over with its footer
            }
            if placed == 0 {
                guard rowsOnPage == 0 else { break }
                placed = 1  // a screen always shows a row, even past a tiny budget
            }
            lines += header + placed * rowLines + (placed == remaining ? footer : 0)
            row += placed
            rowsOnPage += placed
            if row < end { break }
        }
        return row
    }

    /// Moves the viewport to page `page` (from 0; clamped to the table).
    public func scrollToPage(_ page: Int) {
        if lineBudget != nil {
            let starts = pageStarts()
            scrollToRow(starts[min(max(0, page), starts.count - 1)])
            return
        }
        let (row, overflow) = max(0, page).multipliedReportingOverflow(by: pageHeight)
        scrollToRow(overflow ? .max : row)
    }
    /// Returns false when already on the last page.
    @discardableResult public func nextPage() -> Bool {
        guard currentPage + 1 < pageCount else { return false }
        scrollToPage(currentPage + 1)
        return true
    }
    /// Returns false when already on the first page.
    @discardableResult public func previousPage() -> Bool {
        guard currentPage > 0 else { return false }
        scrollToPage(currentPage - 1)
        return true
    }

    /// The page (from 0) whose rows include `flatRow`, with a line budget.
    private func page(holding flatRow: Int) -> Int {
        let starts = pageStarts()
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= flatRow { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The first row of each page under the line budget, cut once per
    /// change, each page filled as `rowsFilling` says.
    private func pageStarts() -> [Int] {
        if let known = budgetedPageStarts { return known }
        let sections = numberOfSections
        var hasHeader = [Bool](repeating: false, count: sections)
        var hasFooter = [Bool](repeating: false, count: sections)
        if let dataSource {
            for section in 0..<sections where numberOfRows(inSection: section) > 0 {
                hasHeader[section] = dataSource.tableView(self, titleForHeaderInSection: section) != nil
                hasFooter[section] = dataSource.tableView(self, titleForFooterInSection: section) != nil
            }
        }
        var starts = [0]
        var row = 0
        var section = 0
        let total = numberOfRows
        while row < total {
            row = rowsFilling(from: row, section: &section, hasHeader: { hasHeader[$0] }, hasFooter: { hasFooter[$0] })
            if row < total { starts.append(row) }
        }
        budgetedPageStarts = starts
        return starts
    }

    // MARK: Drawing

    /// The items of the current page in order: section headers, configured
    /// cells and section footers. A section whose first row is above the page
    /// still gets its header at the top (a "sticky" header).
    public func visibleItems() -> [TableItem] {
        var items: [TableItem] = []
        fillVisibleItems(into: &items)
        return items
    }

    /// The items of the current page, written into `items` (emptied first, its
    /// storage kept): lets a listing stream pages through one buffer.
    /// With `stickyHeaders` off, a header is drawn only where its section
    /// starts: a stream of pages reads as one listing.
    public func fillVisibleItems(into items: inout [TableItem], stickyHeaders: Bool = true) {
        recycleOnScreenCells()
        items.removeAll(keepingCapacity: true)
        guard let dataSource else { return }
        let rows = visibleRows
        guard !rows.isEmpty else { return }
        items.reserveCapacity(rows.count + 2)
        var section = indexPath(forFlatRow: rows.lowerBound).section
        var flat = rows.lowerBound
        while flat < rows.upperBound {
            while sectionStarts[section + 1] <= flat { section += 1 }
            let sectionStart = sectionStarts[section]
            let sectionEnd = sectionStarts[section + 1]
            if flat == sectionStart || (stickyHeaders && flat == rows.lowerBound),
                let title = dataSource.tableView(self, titleForHeaderInSection: section)
            {
                items.append(.header(section: section, title: title))
            }
            let stop = min(sectionEnd, rows.upperBound)
            let firstCell = onScreenCells.count
            dataSource.tableView(self, cellsForRows: (flat - sectionStart)..<(stop - sectionStart), inSection: section, into: &onScreenCells)
            precondition(onScreenCells.count - firstCell == stop - flat, "the data source gave a cell for each row")
            for cell in onScreenCells[firstCell...] {
                items.append(.row(IndexPath(row: flat - sectionStart, section: section), flatRow: flat, cell: cell))
                flat += 1
            }
            if stop == sectionEnd, let title = dataSource.tableView(self, titleForFooterInSection: section) {
                items.append(.footer(section: section, title: title))
            }
        }
        checkInvariants()
    }

    /// Calls `body` with each page's items from the current page to the end:
    /// how a non-interactive listing streams a table of any size. Headers are
    /// not repeated at page tops (only the first page gets a sticky one).
    public func forEachPage(_ body: ([TableItem]) throws -> Void) rethrows {
        var items: [TableItem] = []
        var first = true
        while true {
            fillVisibleItems(into: &items, stickyHeaders: first)
            first = false
            try body(items)
            if !nextPage() { break }
        }
        items.removeAll()
        recycleOnScreenCells()
    }

    private func recycleOnScreenCells() {
        pool.enqueue(contentsOf: &onScreenCells)
    }

    /// The invariants checked in debug builds: the page within the table and the
    /// number of live cells within a page plus the pool's slack.
    private func checkInvariants() {
        assert(firstVisibleRow >= 0 && (firstVisibleRow < max(1, numberOfRows)), "viewport outside the table")
        if lineBudget == nil {
            assert(scrollsFreely || firstVisibleRow % pageHeight == 0, "viewport not page-aligned")
            assert(onScreenCells.count <= pageHeight, "more cells on screen than rows on a page")
        }
    }
}
