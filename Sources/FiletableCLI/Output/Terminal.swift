import Glibc

/// The terminal's size, asked anew for every page so a resize applies to the next one.
enum Terminal {
    /// Rows and columns from TIOCGWINSZ on standard output, nil when it is not a terminal.
    static func size() -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Lines available for a page: the terminal's rows, else `LINES`, else nil.
    static func lines() -> Int? {
        if let size = size() { return size.rows }
        if let text = Platform.environment("LINES"), let lines = Int(text), lines > 0 { return lines }
        return nil
    }

    /// The width to fit rows to: the terminal's columns, else `COLUMNS`, else nil (unlimited).
    static func columns() -> Int? {
        if let size = size() { return size.columns }
        if let text = Platform.environment("COLUMNS"), let columns = Int(text), columns > 0 { return columns }
        return nil
    }
}
