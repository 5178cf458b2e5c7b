import FileBrowsing
import SystemSeam

/// The terminal's size, asked anew for every page so a resize applies to the next one.
enum TerminalSize {
    /// Rows and columns from TIOCGWINSZ on standard output, nil when it is not a terminal.
    static func size() -> (rows: Int, columns: Int)? {
        StandardStream.output.terminalSize
    }

    /// Lines available for a page: the terminal's rows, else `LINES` (when in
    /// the page-size range), else nil.
    static func lines() -> Int? {
        if let size = size() { return size.rows }
        return UserNumber.environment("LINES", in: UserNumber.pageSize)
    }

    /// The width to fit rows to: the terminal's columns, else `COLUMNS`, else nil (unlimited).
    static func columns() -> Int? {
        if let size = size() { return size.columns }
        return UserNumber.environment("COLUMNS", in: UserNumber.columns)
    }
}
