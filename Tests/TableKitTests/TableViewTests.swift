import TableKit
import XCTest

typealias IndexPath = TableKit.IndexPath

/// A data source of numbered rows in sections; rows can be deleted and an
/// emptied section disappears.
final class NumbersDataSource: TableDataSource {
    var sections: [[Int]]
    var titled: Bool

    init(sections: [[Int]], titled: Bool = false) {
        self.sections = sections
        self.titled = titled
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "number")
        XCTAssertEqual(cell.text, "", "a reused cell must come back reset")
        cell.text = String(sections[indexPath.section][indexPath.row])
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { titled ? "S\(section)" : nil }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        titled ? "\(sections[section].count) rows" : nil
    }
    func sectionIndexTitles(for tableView: TableView) -> [String]? { titled ? sections.indices.map { "S\($0)" } : nil }
}

/// Numbers filled a run of rows at a time, counting the calls.
final class BatchNumbersDataSource: TableDataSource {
    let sections: [[Int]]
    var batchCalls: [(section: Int, rows: Range<Int>)] = []

    init(sections: [[Int]]) { self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        XCTFail("a data source that fills runs of rows is not asked row by row")
        return tableView.dequeueReusableCell(withIdentifier: "number")
    }
    func tableView(_ tableView: TableView, cellsForRows rows: Range<Int>, inSection section: Int, into cells: inout [Cell]) {
        batchCalls.append((section, rows))
        for row in rows {
            let cell = tableView.dequeueReusableCell(withIdentifier: "number")
            XCTAssertEqual(cell.text, "", "a reused cell must come back reset")
            cell.text = String(sections[section][row])
            cells.append(cell)
        }
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "S\(section)" }
}

final class TableViewTests: XCTestCase {
    /// A page is filled with one call per section it shows, rows in order,
    /// and the cells still come from the pool.
    func testPagesAreFilledARunOfRowsAtATime() {
        let source = BatchNumbersDataSource(sections: [Array(0..<7), Array(100..<125), Array(200..<203)])
        let table = TableView(pageHeight: 10)
        table.dataSource = source
        table.reloadData()
        var texts: [String] = []
        table.forEachPage { items in
            for case .row(_, _, let cell) in items { texts.append(cell.text) }
        }
        XCTAssertEqual(texts, (Array(0..<7) + Array(100..<125) + Array(200..<203)).map(String.init))
        XCTAssertEqual(source.batchCalls.map(\.section), [0, 1, 1, 1, 1, 2], "one call per section on each page")
        XCTAssertEqual(source.batchCalls.map(\.rows), [0..<7, 0..<3, 3..<13, 13..<23, 23..<25, 0..<3])
        XCTAssertLessThanOrEqual(table.cellsCreated, 10 + 2)
        XCTAssertEqual(table.cellsCreated + table.cellsReused, 35)
    }

    func testReusePoolStaysBoundedWhilePagingAMillionRows() {
        let source = NumbersDataSource(sections: [Array(0..<1_000_000)])
        let table = TableView(pageHeight: 40)
        table.dataSource = source
        table.reloadData()
        var pages = 0
        var lastText = ""
        table.forEachPage { items in
            pages += 1
            if case .row(_, _, let cell)? = items.last { lastText = cell.text }
        }
        XCTAssertEqual(pages, 25_000)
        XCTAssertEqual(lastText, "999999")
        XCTAssertLessThanOrEqual(table.cellsCreated, 40 + 2)
        XCTAssertEqual(table.cellsCreated + table.cellsReused, 1_000_000)
    }

    /// A page drawn, then the page cut smaller (a terminal made smaller, a
    /// style that holds fewer rows): the old page's cells go back to the
    /// pool and the next page holds the new height (this used to trap).
    func testShrinkingAPageAfterDrawingItReusesItsCells() {
        let source = NumbersDataSource(sections: [Array(0..<500)])
        let table = TableView(pageHeight: 200)
        table.register(style: .default, forCellReuseIdentifier: "number")
        table.dataSource = source
        table.reloadData()
        XCTAssertEqual(table.visibleItems().count, 200)
        table.pageHeight = 20
        XCTAssertEqual(table.visibleItems().count, 20)
        table.lineBudget = 10
        XCTAssertEqual(table.visibleItems().count, 10)
        table.pageHeight = 300
        table.lineBudget = nil
        XCTAssertEqual(table.visibleItems().count, 300)
    }

    func testPagingAndJumpingKeepTheViewportPageAligned() {
        let source = NumbersDataSource(sections: [Array(0..<95)])
        let table = TableView(pageHeight: 10)
        table.dataSource = source
        table.reloadData()
        XCTAssertEqual(table.pageCount, 10)
        table.scrollToRow(57)
        XCTAssertEqual(table.visibleRows, 50..<60)
        table.scrollToRow(10_000)
        XCTAssertEqual(table.visibleRows, 90..<95)
        XCTAssertFalse(table.nextPage())
        XCTAssertTrue(table.previousPage())
        XCTAssertEqual(table.currentPage, 8)
    }

    func testSectionsMapFlatRowsAndDrawHeadersAndFooters() {
        let source = NumbersDataSource(sections: [[1, 2, 3], [], [4, 5]], titled: true)
        let table = TableView(pageHeight: 4)
        table.dataSource = source
        table.reloadData()
        XCTAssertEqual(table.numberOfRows, 5)
        XCTAssertEqual(table.indexPath(forFlatRow: 3), IndexPath(row: 0, section: 2))
        XCTAssertEqual(table.flatRow(for: IndexPath(row: 1, section: 2)), 4)
        let lines = table.visibleItems().map(describe)
        XCTAssertEqual(lines, ["header S0", "1", "2", "3", "footer 3 rows", "header S2", "4"])
        table.nextPage()
        // The page starts inside section 2: its header is repeated on top.
        XCTAssertEqual(table.visibleItems().map(describe), ["header S2", "5", "footer 2 rows"])
        XCTAssertEqual(table.section(forIndexTitle: "s2"), 2)
        XCTAssertNil(table.section(forIndexTitle: "S9"))
    }

    /// A streamed listing is one scroll, not a series of screens: a section
    /// longer than a page keeps one header.
    func testStreamedPagesDoNotRepeatHeaders() {
        let source = NumbersDataSource(sections: [Array(1...10), [11, 12]], titled: true)
        let table = TableView(pageHeight: 4)
        table.dataSource = source
        table.reloadData()
        var lines: [String] = []
        table.forEachPage { lines += $0.map(describe) }
        XCTAssertEqual(lines, ["header S0"] + (1...10).map(String.init) + ["footer 10 rows", "header S1", "11", "12", "footer 2 rows"])
    }

    private func describe(_ item: TableItem) -> String {
        switch item {
        case .header(_, let title): return "header \(title)"
        case .footer(_, let title): return "footer \(title)"
        case .row(_, _, let cell): return cell.text
        }
    }

    func testPagingArithmeticCannotOverflow() {
        let source = NumbersDataSource(sections: [Array(0..<25)])
        let table = TableView(pageHeight: Int.max)
        table.dataSource = source
        table.reloadData()
        XCTAssertEqual(table.pageCount, 1)
        XCTAssertEqual(table.visibleRows, 0..<25)
        table.pageHeight = 10
        table.scrollToPage(Int.max)
        XCTAssertEqual(table.currentPage, 2)
        XCTAssertEqual(table.visibleRows, 20..<25)
        table.scrollToPage(-5)
        XCTAssertEqual(table.currentPage, 0)
    }

    /// Sections of the given sizes holding the numbers 0, 1, 2, ... in
    /// order, and how many there are.
    private func numbered(_ sizes: [Int]) -> (sections: [[Int]], count: Int) {
        var next = 0
        let sections = sizes.map { size in
            (0..<size).map { _ in
                defer { next += 1 }
                return next
            }
        }
        return (sections, next)
    }

    /// A page cut to a line budget never draws more lines than the budget
    /// (headers, footers and two-line rows counted), shows every row once in
    /// order, and lands on the page holding a row when scrolled to it.
    func testPagesCutToALineBudgetNeverOverflowAndCoverEveryRowOnce() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<300 {
            let sectionSizes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...15, using: &generator) }
            let (sections, next) = numbered(sectionSizes)
            let source = NumbersDataSource(sections: sections, titled: trial % 3 != 0)
            let table = TableView()
            table.dataSource = source
            table.reloadData()
            let budget = Int.random(in: 1...12, using: &generator)
            let rowLines = Int.random(in: 1...2, using: &generator)
            table.lineBudget = budget
            table.rowLineCount = rowLines
            var seen: [Int] = []
            for page in 0..<table.pageCount {
                table.scrollToPage(page)
                XCTAssertEqual(table.currentPage, page)
                let items = table.visibleItems()
                let lines = items.reduce(0) { total, item in
                    if case .row = item { return total + rowLines }
                    return total + 1
                }
                let rows = items.compactMap { item -> Int? in
                    if case .row(_, let flat, _) = item { return flat }
                    return nil
                }
                XCTAssertFalse(rows.isEmpty && next > 0, "an empty page")
                // Only a page of one row may pass the budget (a budget smaller than a row).
                if rows.count > 1 { XCTAssertLessThanOrEqual(lines, budget, "page \(page) of \(sectionSizes), budget \(budget)") }
                seen += rows
            }
            XCTAssertEqual(seen, Array(0..<next))
            if next > 0 {
                let row = Int.random(in: 0..<next, using: &generator)
                table.scrollToRow(row)
                XCTAssertTrue(table.visibleRows.contains(row))
            }
        }
    }

    /// Scrolling row by row (the full-screen view): each row moved to comes
    /// into view, the viewport moves only when that row was out of view,
    /// a screen never passes its line budget, and a step down past the
    /// bottom moves the first row by a row or a section's header, not a page.
    func testScrollingRowByRowShowsEachRowAndMovesTheLeast() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let sectionSizes = (0..<Int.random(in: 1...8, using: &generator)).map { _ in Int.random(in: 0...30, using: &generator) }
            let (sections, next) = numbered(sectionSizes)
            guard next > 0 else { continue }
            let source = NumbersDataSource(sections: sections, titled: trial % 2 == 0)
            let table = TableView()
            table.dataSource = source
            table.reloadData()
            let budget = Int.random(in: 4...12, using: &generator)
            table.lineBudget = budget
            func check(_ row: Int, from before: (first: Int, rows: Range<Int>)) {
                XCTAssertTrue(table.visibleRows.contains(row), "row \(row) of \(sectionSizes), budget \(budget)")
                if before.rows.contains(row) { XCTAssertEqual(table.firstVisibleRow, before.first, "moved with row \(row) in view") }
                let items = table.visibleItems()
                let rows = items.filter { if case .row = $0 { return true } else { return false } }.count
                if rows > 1 { XCTAssertLessThanOrEqual(items.count, budget, "row \(row) of \(sectionSizes), budget \(budget)") }
            }
            for row in 0..<next {
                let before = (table.firstVisibleRow, table.visibleRows)
                table.scrollToShow(row)
                check(row, from: before)
                // A step down moves the first row by a few rows at most (a footer and a header), never a page.
                if row > 0 && !before.1.contains(row) { XCTAssertLessThanOrEqual(table.firstVisibleRow - before.0, 3) }
            }
            for row in (0..<next).reversed() {
                let before = (table.firstVisibleRow, table.visibleRows)
                table.scrollToShow(row)
                check(row, from: before)
                if !before.1.contains(row) { XCTAssertEqual(table.firstVisibleRow, row) }
            }
            XCTAssertTrue(table.scrollsFreely)
            // A reload (a live change) keeps a table scrolled row by row where it was.
            if next > 3 {
                table.scrollToShow(next - 1)
                let first = table.firstVisibleRow
                table.reloadData()
                XCTAssertEqual(table.firstVisibleRow, first)
                XCTAssertTrue(table.scrollsFreely)
                source.sections = sections.map { Array($0.prefix(1)) }
                table.reloadData()
                XCTAssertLessThan(table.firstVisibleRow, max(1, table.numberOfRows), "kept inside a table that shrank")
                if table.firstVisibleRow > 0 {
                    XCTAssertGreaterThan(table.visibleItems().count, budget - 3, "a shrunk table fills the screen from above")
                }
                source.sections = sections
                table.reloadData()
            }
            table.scrollToRow(next - 1)
            XCTAssertFalse(table.scrollsFreely, "turning pages again")
            XCTAssertTrue(table.visibleRows.contains(next - 1))
        }
    }
}
