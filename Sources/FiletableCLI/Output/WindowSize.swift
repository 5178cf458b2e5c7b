import Terminal

/// The size the session's pages, notes, help and viewer fit: asked anew each
/// time, so a resize applies to the next page. A session at the process's
/// terminal asks it (`ofTerminal`: the terminal, else `LINES` and
/// `COLUMNS`); a test gives a scripted terminal's.
struct WindowSize {
    /// Rows and columns, when known.
    let size: () -> (rows: Int, columns: Int)?
    /// Whether what is written to an output lands on this window (a
    /// message is then wrapped to it); false for a pipe or a file.
    let shows: (OutputSink) -> Bool

    /// Standard output's terminal, else `LINES` and `COLUMNS`.
    static var ofTerminal: WindowSize {
        WindowSize(
            size: {
                if let size = TerminalSize.size() { return size }
                guard let rows = TerminalSize.lines(), let columns = TerminalSize.columns() else { return nil }
                return (rows, columns)
            },
            shows: { $0.fd == 1 && TerminalSize.size() != nil })
    }

    /// A window of a fixed size that the session draws on (tests).
    static func fixed(rows: Int, columns: Int) -> WindowSize {
        WindowSize(size: { (rows, columns) }, shows: { _ in true })
    }

    /// Rows, when known.
    func lines() -> Int? { size()?.rows }
    /// Columns, when known.
    func columns() -> Int? { size()?.columns }
}
