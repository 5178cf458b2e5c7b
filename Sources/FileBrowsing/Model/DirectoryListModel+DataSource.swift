import TableKit

/// The model answers the table's questions: sections, rows, cells (configured
/// by `cellFormatter`), titles, the A-Z index and simulated deletion.
extension DirectoryListModel: TableDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].rows.count
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> Cell {
        let row = flatRow(indexPath)
        guard let formatter = cellFormatter else {
            let cell = tableView.dequeueReusableCell(withIdentifier: "name")
            withName(ofRow: row) { NameEscaping.appendEscaped($0, to: &cell.textBytes) }
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: formatter.reuseIdentifier)
        formatter.configure(cell, row: row, in: self)
        return cell
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }

    /// "N entries", plus the total size when every row's size is already known
    /// (footers never cause a `stat`).
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        guard sections[section].title != nil else { return nil }
        let rowsInSection = sections[section].rows
        let count = rowsInSection.count
        var text = count == 1 ? "1 entry" : "\(count) entries"
        var total: Int64 = 0
        for row in rowsInSection {
            guard case .success(let status)? = statCache.lookup(entryIndex(ofRow: row)) else { return text }
            total += status.size
        }
        text += ", " + HumanSize.format(total)
        return text
    }

    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        guard options.grouping != .none else { return nil }
        return sections.compactMap(\.indexTitle)
    }

    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        sections.firstIndex { $0.indexTitle == title } ?? index
    }

    /// Every row but `.` and `..` can be deleted from the table.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        !isDotEntry(row: flatRow(indexPath))
    }

    public func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {
        deleteRow(flatRow(indexPath))
    }
}
