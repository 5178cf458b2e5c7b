import FileBrowsing

/// A directory as a git revision holds it (`rev REV`), opened like an
/// archive: its entries from the revision's tree, a directory opening into
/// its own, `view`, `hex` and `info` reading from git; nothing is a file on
/// disk, so marks, the pager and the editor say so.
final class RevisionLevel: LevelKind, OpensItsRows, SearchesItsOwnWay {
    let rows: GitTreeRows

    init(rows: GitTreeRows) {
        self.rows = rows
    }

    private var revision: String { NameEscaping.escape(rows.revision) }
    var rowsDescription: String { "the entries of \(revision)" }
    var breadcrumb: String? { "rev \(revision)" }

    func headerParts(of level: TableLevel) -> [String] {
        if let searched {
            return [
                NameEscaping.escape(level.path), "at \(revision)", "find '\(searched)': \(Plural.count(level.model.rowCount, "match", "matches"))",
            ]
        }
        return [NameEscaping.escape(level.path), "at \(revision)", Plural.count(level.model.rowCount, "entry", "entries")]
    }

    /// The text a level of matches was searched for (`find TEXT --all`).
    private(set) var searched: String?

    /// Every entry of the revision below this directory whose name holds
    /// `text`, from one `git ls-tree -r`: a level of their paths.
    func matches(of text: String, maxDepth: Int?, in level: TableLevel, decoration: NameDecoration) throws(CommandError) -> TableLevel? {
        var options = rows.options
        options.filter = nil
        let tree: GitRevisionTree
        switch GitRevisionTree.read(rows.directory, at: rows.revision, stop: rows.stop) {
        case .success(let read): tree = read
        case .failure(let error): throw CommandError("find: \(error.description)")
        }
        let found = tree.rows(matching: Array(text.utf8), maxDepth: maxDepth, options: options)
        guard found.rowCount > 0 else { throw CommandError("find: no name in \(NameEscaping.escape(level.path)) at \(revision) contains '\(text)'") }
        let kind = RevisionLevel(rows: found)
        kind.searched = text
        return TableLevel(rows: found, kind: kind, in: level.directory, path: level.path, decoration: decoration)
    }

    /// `find TEXT` a match at a time is the directory search's; in a
    /// revision, `find TEXT --all` lists the matches.
    func search(for text: String, maxDepth: Int?, in level: TableLevel) -> SubtreeSearch? { nil }

    func emptyNote(of level: TableLevel) -> String { "(an empty tree)" }

    /// A directory of the revision opens as a level of its own.
    func level(for opening: LevelOpening) throws(CommandError) -> TableLevel? {
        guard opening.level.model === rows, rows.kind(ofRow: opening.row) == .directory else { return nil }
        switch GitTreeRows.read(rows.path(ofRow: opening.row), at: rows.revision, options: rows.options, stop: rows.stop) {
        case .success(let inner):
            return TableLevel(
                rows: inner, kind: RevisionLevel(rows: inner), in: opening.level.directory, path: opening.path, decoration: opening.decoration)
        case .failure(let error):
            throw CommandError("open: \(error.description)")
        }
    }
}
