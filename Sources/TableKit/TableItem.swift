/// One line-level item of a drawn page.
public enum TableItem {
    case header(section: Int, title: String)
    case row(IndexPath, flatRow: Int, cell: Cell)
    case footer(section: Int, title: String)
}
