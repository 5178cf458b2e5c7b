import FileBrowsing
import SystemSeam

/// Moving to another level: a directory opened by its path and pushed in
/// the current level's style, any level presented on the page holding a
/// row, and a typed path made absolute. `open`, `up` and `cd` are in their
/// own files.
///
/// Paths are logical, as in a shell's `cd`: the path shown is the path you
/// walked, `up` and `cd ..` take its last component off, and every level is
/// opened by resolving the path it shows. So after `cd link` (a link to
/// `../real/sub`), `up` returns to the directory that holds `link`, and the
/// label, the rows, `info`, marks and exports agree. `pwd` shows where the
/// directory really is when that differs.
extension CommandContext {
    func absolutePath(_ typed: String, for command: String) throws(CommandError) -> [UInt8] {
        var bytes = NameEscaping.typedName(typed)
        if bytes == [0x7E] || bytes.starts(with: Array("~/".utf8)) {
            guard let home = settings.home else { throw CommandError("\(command): HOME is not set") }
            bytes = home + bytes.dropFirst()
        }
        // `..` past an archive file names a member, never the archive's directory.
        return MemberPathRule.normalize(bytes.first == 0x2F ? bytes : PathBytes.join(current.path, bytes))
    }

    /// Opens the directory at `path` and pushes it, keeping the current sort
    /// and visibility settings (a filter or sections belong to the level they
    /// were set on). `opening` names it as an entry of an open directory
    /// (`open N`), which is the same file `path` resolves to; otherwise the
    /// path itself is resolved.
    /// `focus` names a row to show the page of (`up` shows where you came from).
    func push(
        _ path: [UInt8], command: String, opening entry: ([UInt8], DirectoryHandle)? = nil,
        focus: [UInt8]? = nil
    ) throws(CommandError) {
        do {
            let handle =
                if let (name, parent) = entry {
                    try DirectoryHandle.open(name, in: parent, displayPath: path, followSymlink: true)
                } else {
                    try DirectoryHandle.open(resolving: path)
                }
            var options = current.model.options
            options.filter = nil
            options.grouping = .none
            let model = try DirectoryListing(directory: handle, options: options)
            let level = TableLevel(model: model, path: path, decoration: settings.decoration)
            level.cameUp = command == "up"
            present(level, focusing: focus)
        } catch {
            throw CommandError("\(command): \(error.description)")
        }
    }

    /// Pushes `level` in the current level's style (or `style`), with its
    /// marks applied, on the page holding the row named `focus`, and draws
    /// it; returns that row, if there is one.
    @discardableResult
    func present(_ level: TableLevel, focusing focus: [UInt8]? = nil, pointing word: String? = nil, style: EntryStyle? = nil) -> Int? {
        level.style = style ?? current.style
        navigator.push(level)
        prepareDrawing(level)
        let model = level.model
        let row = focus.flatMap { name in (0..<model.rowCount).first { model.withName(ofRow: $0) { $0.elementsEqual(name) } } }
        if let row {
            preparePage()
            level.table.scrollToRow(row)
            // The full-screen view highlights the directory you came from.
            level.moveHighlight(to: row)
            if let word, drawsPages { level.pointed = (row, word) }
        }
        printPage()
        return row
    }
}
