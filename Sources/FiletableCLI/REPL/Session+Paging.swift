import FileBrowsing

/// Paging commands: list, next, prev, top, end, page, goto, find.
extension Session {
    func printPage() {
        syncMarks(current)
        PageView(level: current, settings: settings).draw(into: output)
    }

    func nextPage() throws(CommandError) {
        preparePage()
        guard current.table.nextPage() else { throw CommandError("next: already on the last page") }
        printPage()
    }

    func previousPage() throws(CommandError) {
        preparePage()
        guard current.table.previousPage() else { throw CommandError("prev: already on the first page") }
        printPage()
    }

    func showPage(_ page: Int) throws(CommandError) {
        preparePage()
        let count = current.table.pageCount
        guard page <= count else { throw CommandError("page: no page \(page) (pages are 1-\(count))") }
        current.table.scrollToPage(page - 1)
        printPage()
    }

    func goto(_ reference: RowReference) throws(CommandError) {
        let row = try row(reference, for: "goto")
        preparePage()
        current.table.scrollToRow(row)
        printPage()
    }

    /// The next row after the last one found (or the top of the page) whose
    /// name contains `text`, ignoring ASCII case; wraps around once.
    func find(_ text: String) throws(CommandError) {
        let model = current.model
        let needle = Array(text.utf8).map(Self.foldCase)
        guard model.rowCount > 0 else { throw CommandError("find: the table is empty") }
        preparePage()
        let start = (current.findCursor ?? (current.table.firstVisibleRow - 1)) + 1
        for step in 0..<model.rowCount {
            if step % 4096 == 0 && Interruption.isRequested { throw CommandError("find: interrupted") }
            let row = (start + step) % model.rowCount
            let matches = model.withName(ofRow: row) { name in Self.contains(name, needle) }
            if matches {
                current.findCursor = row
                current.table.scrollToRow(row)
                printPage()
                write("find: row \(row + 1)")
                return
            }
        }
        throw CommandError("find: no name contains '\(text)'")
    }

    /// Sets the page height for the terminal as it is now (it may have been resized).
    func preparePage() {
        current.table.pageHeight = PageView(level: current, settings: settings).pageHeight()
    }

    /// ASCII lowercase, for searches that ignore case.
    static func foldCase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `name` holds `needle` (already lowercased), ignoring ASCII case.
    static func contains(_ name: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard name.count >= needle.count else { return false }
        outer: for start in 0...(name.count - needle.count) {
            for k in 0..<needle.count where foldCase(name[start + k]) != needle[k] { continue outer }
            return true
        }
        return false
    }
}
