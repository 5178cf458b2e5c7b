import FileBrowsing

/// The order and sections of the current level: sort, index, jump.
extension Session {
    /// `sort KEY [asc|desc]`: size and time list largest and newest first
    /// unless `asc`; the others ascend unless `desc`.
    func sort(_ key: SortKey, descending: Bool?) {
        let naturallyDescending = key == .size || key == .time
        let reversed = descending.map { $0 != naturallyDescending } ?? false
        current.update {
            $0.sortKey = key
            $0.reversed = reversed
        }
        printPage()
    }

    func printIndex() throws(CommandError) {
        let titles = current.table.sectionIndexTitles
        guard !titles.isEmpty else { throw CommandError("index: no sections (try 'group letter' or 'group kind')") }
        write(titles.joined(separator: " "))
    }

    func jump(_ title: String) throws(CommandError) {
        guard !current.table.sectionIndexTitles.isEmpty else {
            throw CommandError("jump: no sections (try 'group letter' or 'group kind')")
        }
        guard let section = current.table.section(forIndexTitle: title) else {
            throw CommandError("jump: no section '\(title)' (index: \(current.table.sectionIndexTitles.joined(separator: " ")))")
        }
        preparePage()
        current.table.scrollToRow(current.table.firstFlatRow(ofSection: section))
        printPage()
    }
}
