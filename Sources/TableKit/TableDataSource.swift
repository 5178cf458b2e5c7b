/// Answers the table's questions about its content; the table never owns data.
///
/// The three required answers are the number of sections, the number of rows in
/// a section and a configured cell for an index path. The rest have defaults:
/// no titles, no index. (Marking rows is the REPL's editing mode: the table
/// shows what its data source and cells say, and never changes the data.)
public protocol TableDataSource: AnyObject {
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// Dequeue a cell with `tableView.dequeueReusableCell(withIdentifier:)` and configure it.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> Cell
    /// The cells of a run of rows of one section, appended to `cells` in
    /// order, each dequeued from `tableView` and configured: how the table
    /// fills a page. The default asks `tableView(_:cellForRowAt:)` row by
    /// row; a data source whose rows share a configuration can fill them in
    /// one loop, without a call per row.
    func tableView(_ tableView: TableView, cellsForRows rows: Range<Int>, inSection section: Int, into cells: inout [Cell])

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// The index strip (for example A-Z and #); nil for no index.
    func sectionIndexTitles(for tableView: TableView) -> [String]?
    /// Which section an index title jumps to.
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
}

extension TableDataSource {
    public func tableView(_ tableView: TableView, cellsForRows rows: Range<Int>, inSection section: Int, into cells: inout [Cell]) {
        for row in rows { cells.append(self.tableView(tableView, cellForRowAt: IndexPath(row: row, section: section))) }
    }
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    public func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}
