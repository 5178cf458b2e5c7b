/// The section index (UITableView's `sectionIndexTitles`): letters to jump
/// to a section by, as the data source gives them.
extension TableView {
    public var sectionIndexTitles: [String] { dataSource?.sectionIndexTitles(for: self) ?? [] }

    /// The section an index title jumps to, or nil if there is no such title.
    public func section(forIndexTitle title: String) -> Int? {
        let titles = sectionIndexTitles
        guard let position = titles.firstIndex(where: { $0.lowercased() == title.lowercased() }) else { return nil }
        return dataSource?.tableView(self, sectionForSectionIndexTitle: titles[position], at: position)
    }
}
