import FileBrowsing

/// Navigation commands: open, back, up, cd, pwd.
///
/// Paths are logical, as in a shell's `cd`: the path shown is the path you
/// walked, `up` and `cd ..` take its last component off, and every level is
/// opened by resolving the path it shows. So after `cd link` (a link to
/// `../real/sub`), `up` returns to the directory that holds `link`, and the
/// label, the rows, `info`, marks and exports agree. `pwd` shows where the
/// directory really is when that differs.
extension Session {
    /// A directory (or a link to one) is pushed as a new level, and so is a
    /// row its level or a registered kind opens (`LevelOpeners`: an
    /// archive's members); any other file shows its details. The `..` row
    /// goes up, as `cd ..` does.
    func open(_ reference: RowReference) throws(CommandError) {
        let row = try row(reference, for: "open")
        let model = current.model
        let opening = LevelOpening(level: current, row: row, decoration: settings.decoration)
        if let level = try current.kind.level(for: opening) {
            present(level)
            return
        }
        guard model.isDirectory(row: row, followSymlinks: true) else {
            for opener in LevelOpeners.all {
                if let level = try opener.level(for: opening) {
                    present(level)
                    return
                }
            }
            try info(.number(row + 1))
            return
        }
        if model.isDotEntry(row: row) {
            try push(DisplayPath.normalize(current.path(ofRow: row)), command: "open")
            return
        }
        guard let location = model.location(ofRow: row) else {
            throw CommandError("open: \(NameEscaping.escape(current.path(ofRow: row))) is not a directory on disk")
        }
        try push(current.path(ofRow: row), command: "open", opening: (location.name, location.directory))
    }

    /// The parent, on the page that holds the directory you came from.
    func up() throws(CommandError) {
        // The root has no parent: another '/' on the stack would only hide the first.
        guard current.path != [0x2F] else { throw CommandError("up: already at /, which has no parent") }
        let child = PathBytes.split(current.path).name
        try push(DisplayPath.normalize(current.path + Array("/..".utf8)), command: "up", focus: child)
    }

    /// `cd PATH`: absolute, relative to the current level, `~` or `~/x`; names
    /// may be typed as they are shown (with escapes). `..` is taken off the
    /// path as text, then the path is opened. `cd N` opens row N, `cd -` the
    /// directory shown before the last move, `cd` alone the home directory.
    func changeDirectory(_ typed: String?) throws(CommandError) {
        guard let text = typed else {
            guard let home = settings.home else { throw CommandError("cd: HOME is not set") }
            return try push(home, command: "cd")
        }
        if text == "-" {
            guard let previous = navigator.previousPath else { throw CommandError("cd: no previous directory yet") }
            write(NameEscaping.escape(previous))
            return try push(previous, command: "cd")
        }
        if let number = Int(text), text.allSatisfy({ $0.isASCII && $0.isNumber }),
            number >= 1, number <= current.model.rowCount
        {
            guard current.model.isDirectory(row: number - 1, followSymlinks: true) else {
                throw CommandError("cd: row \(number) (\(NameEscaping.escape(current.model.name(ofRow: number - 1)))) is not a directory")
            }
            return try open(.number(number))
        }
        let absolute = try absolutePath(text, for: "cd")
        do {
            try push(absolute, command: "cd")
        } catch {
            // A path that goes on inside an archive (`cd backup.tgz/etc`); not
            // looked for where calls can hang (the error says what did not answer).
            guard !HangProneFileSystems.mayHang(path: absolute),
                let level = try ArchiveLevel.level(throughArchiveAt: absolute, decoration: settings.decoration)
            else { throw error }
            present(level)
        }
    }

    func absolutePath(_ typed: String, for command: String) throws(CommandError) -> [UInt8] {
        var bytes = NameEscaping.typedName(typed)
        if bytes == [0x7E] || bytes.starts(with: Array("~/".utf8)) {
            guard let home = settings.home else { throw CommandError("\(command): HOME is not set") }
            bytes = home + bytes.dropFirst()
        }
        return DisplayPath.normalize(bytes.first == 0x2F ? bytes : PathBytes.join(current.path, bytes))
    }

    func show(_ level: TableLevel) {
        present(level)
    }

    /// Opens the directory at `path` and pushes it, keeping the current sort
    /// and visibility settings (a filter or sections belong to the level they
    /// were set on). `opening` names it as an entry of an open directory
    /// (`open N`), which is the same file `path` resolves to; otherwise the
    /// path itself is resolved.
    /// `focus` names a row to show the page of (`up` shows where you came from).
    private func push(
        _ path: [UInt8], command: String, opening entry: ([UInt8], DirectoryHandle)? = nil,
        focus: [UInt8]? = nil
    ) throws(CommandError) {
        Interruption.clear()
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
    func present(_ level: TableLevel, focusing focus: [UInt8]? = nil, style: EntryStyle? = nil) -> Int? {
        level.style = style ?? current.style
        navigator.push(level)
        prepareDrawing(level)
        let model = level.model
        let row = focus.flatMap { name in (0..<model.rowCount).first { model.withName(ofRow: $0) { $0.elementsEqual(name) } } }
        if let row {
            preparePage()
            level.table.scrollToRow(row)
            // The full-screen view highlights the directory you came from.
            level.highlight = row
        }
        printPage()
        return row
    }
}
