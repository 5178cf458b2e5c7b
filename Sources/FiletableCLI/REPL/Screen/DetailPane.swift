import FileBrowsing
import HexDump
import SystemSeam
import TableKit

/// The full-screen view's detail pane: what the highlighted row holds (a
/// directory's first entries, a text file's first lines with tabs expanded
/// and escapes as the viewer shows them, a hex readout of a binary file)
/// and its `info`. Read only for the row the highlight rests on, and under
/// `HangGuard` where calls can hang: a row that does not answer shows `?`.
struct DetailPane {
    let session: Session
    let width: Int
    let height: Int

    /// The pane's lines, each at most `width` columns.
    func lines(forRow row: Int) -> [String] {
        let level = session.current
        guard row < level.model.rowCount else { return [] }
        let source = Source(row: row, in: level)
        // A directory not on disk (inside an archive): the first rows of the level it opens into.
        if source.kind == .directory, source.parent == nil {
            return laidOut(innerLevelLines(row: row, in: level), information: infoLines(row: row))
        }
        let tabs = session.settings.tabSize
        let reader = Reader(source: source, width: width, height: height, tabs: tabs)
        if let parent = source.parent, parent.isGuarded, let identity = parent.identity {
            // Never a frozen screen: past the deadline the pane says so, and
            // `info` (which would wait on the file system) is not asked.
            guard let read = HangGuard.run(in: identity, { reader.lines() }) else {
                return laidOut(["? not responding (the file system has not answered)"], information: [])
            }
            return laidOut(read, information: infoLines(row: row))
        }
        return laidOut(reader.lines(), information: infoLines(row: row))
    }

    /// The content, a rule, and the facts under it, cut to the pane.
    private func laidOut(_ content: [String], information: [String]) -> [String] {
        let room = max(0, height - information.count - 1)
        let shown = content.count > room ? Array(content.prefix(room)) : content
        let all = shown + (shown.isEmpty ? [] : [String(repeating: "─", count: max(1, width))]) + information
        return all.prefix(height).map { TextWidth.truncatingTail($0, to: width) }
    }

    /// The first names of the level `row` opens into, where its level's kind
    /// opens it (a directory inside an archive, read from the archive's index).
    private func innerLevelLines(row: Int, in level: TableLevel) -> [String] {
        let opening = LevelOpening(level: level, row: row, decoration: session.settings.decoration)
        guard let inner = try? (level.kind as? OpensItsRows)?.level(for: opening) else { return [] }
        return Self.firstNames(of: inner.model, height: height)
    }

    /// The first rows' names (a directory's with its `/`), the last line
    /// saying how many more there are; `(empty)` for none.
    static func firstNames(of rows: any FileRows, height: Int) -> [String] {
        guard rows.rowCount > 0 else { return ["(empty)"] }
        let shown = min(rows.rowCount, height)
        var lines = (0..<shown).map { row in
            NameEscaping.escape(rows.name(ofRow: row)) + (rows.isDirectory(row: row, followSymlinks: true) ? "/" : "")
        }
        if rows.rowCount > shown { lines[shown - 1] = "… \(rows.rowCount - shown + 1) more" }
        return lines
    }

    /// What the pane reads for a row, worked out from the table's (already
    /// read) facts on the caller's thread.
    struct Source: @unchecked Sendable {
        enum Kind { case directory, file, other }
        let kind: Kind
        let name: [UInt8]
        /// The directory holding the row on disk (nil: the row lives elsewhere).
        let parent: DirectoryHandle?
        let path: [UInt8]
        let hidden: HiddenEntries
        /// Opens the row's bytes: its level's source's job (a file on disk, a member inside a file).
        let contents: () throws(FileError) -> any ByteSource

        init(row: Int, in level: TableLevel) {
            let model = level.model
            let location = model.location(ofRow: row)
            name = location?.name ?? model.name(ofRow: row)
            parent = location?.directory
            let path = level.path(ofRow: row)
            self.path = path
            hidden = model.options.hidden
            // Worked out here: the worker that opens it touches no row state.
            contents = model.contentsOpener(ofRow: row, path: path)
            if model.isDirectory(row: row, followSymlinks: true) {
                kind = .directory
            } else if case .success(let target) = model.targetStatus(ofRow: row), target.kind == .file {
                kind = .file
            } else {
                kind = .other
            }
        }
    }

    /// The reads themselves: values only, so they may run on `HangGuard`'s thread.
    struct Reader: Sendable {
        let source: Source
        let width: Int
        let height: Int
        let tabs: Int

        func lines() -> [String] {
            switch source.kind {
            case .directory: return directoryLines()
            case .file: return fileLines()
            case .other: return []
            }
        }

        private func directoryLines() -> [String] {
            guard let parent = source.parent else { return [] }
            do {
                let handle = try DirectoryHandle.open(source.name, in: parent, displayPath: source.path, followSymlink: true)
                var options = ListOptions()
                options.hidden = source.hidden
                return DetailPane.firstNames(of: try DirectoryListing(directory: handle, options: options), height: height)
            } catch {
                return [error.description]
            }
        }

        private func fileLines() -> [String] {
            do {
                var file = try source.contents()
                // Compressed text previews as its first lines (only as many bytes as a pane shows).
                if let text = try? CompressedText.text(of: file, limit: 64 << 10, whole: false) { file = text }
                switch ContentKind.of(file) {
                case .success(.text):
                    var layout = TextLineLayout(width: width + 1, wraps: false)
                    layout.tabs = tabs
                    layout.numbers = false
                    return try TextViewer(file: file, layout: layout, countsLines: false).screen(height: height).rows
                case .success(.binary):
                    return try hexLines(file)
                case .success(.empty):
                    return ["(empty)"]
                case .failure(let error):
                    return [error.description]
                }
            } catch {
                return [error.description]
            }
        }

        /// The first bytes in hex, as many a line as the width holds (xxd's layout).
        private func hexLines(_ file: any ByteSource) throws(FileError) -> [String] {
            let perLine = width >= 67 ? 16 : max(2, (width - 11) * 2 / 7 / 2 * 2)
            let bytes = try file.bytes(at: 0, count: perLine * height)
            var formatter = HexFormatter(format: .xxd(columns: perLine, group: 2, uppercase: false), startOffset: 0, squeezes: false)
            return String(decoding: formatter.format(bytes), as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    /// A few of the row's `info` facts, aligned as `info` aligns them.
    private func infoLines(row: Int) -> [String] {
        let level = session.current
        let wanted = ["type", "size", "permissions", "owner", "modified", "target", "content", "entries", "git"]
        let path = level.path(ofRow: row)
        let git = session.context.git
        let words = git.shows && level.model.location(ofRow: row) != nil ? git.words(ofPath: path) : nil
        let all = DetailView(model: level.model, row: row, path: path, git: words).facts()
        return DetailView.lines(all.filter { wanted.contains($0.label) }, labelWidth: all.map(\.label.count).max() ?? 0)
    }
}
