import FileBrowsing

/// A directory as a git revision holds it (`rev REV`), opened like an
/// archive: its entries from the revision's tree, a directory opening into
/// its own, `view`, `hex` and `info` reading from git; nothing is a file on
/// disk, so marks, the pager and the editor say so.
final class RevisionLevel: LevelKind, OpensItsRows {
    let rows: GitTreeRows

    init(rows: GitTreeRows) {
        self.rows = rows
    }

    private var revision: String { NameEscaping.escape(rows.revision) }
    var rowsDescription: String { "the entries of \(revision)" }
    var breadcrumb: String? { "rev \(revision)" }

    func headerParts(of level: TableLevel) -> [String] {
        [NameEscaping.escape(level.path), "at \(revision)", Plural.count(level.model.rowCount, "entry", "entries")]
    }

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
