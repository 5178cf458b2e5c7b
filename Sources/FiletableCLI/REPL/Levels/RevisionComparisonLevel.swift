import FileBrowsing

/// How a level's directory differs from a git revision (`compare --rev
/// REV`): the comparison level's sections (only here, only there, contents
/// differ, not the same type) from git's own answer (`GitChangeRows`). A
/// row on disk is any row (view, info, mark); one only in the revision
/// reads from git; `diff N` shows a changed file's lines against the
/// revision's. `reload` asks git again.
final class RevisionComparisonLevel: LevelKind, SideBySide {
    let rows: GitChangeRows

    init(rows: GitChangeRows) {
        self.rows = rows
    }

    private var revision: String { NameEscaping.escape(rows.revision) }
    var rowsDescription: String { "the differences from \(revision)" }
    var breadcrumb: String? { "compare \(revision)" }

    func headerParts(of level: TableLevel) -> [String] {
        [
            NameEscaping.escape(level.path), "compare with \(revision): \(Plural.count(level.model.rowCount, "difference"))",
            "\(Plural.count(rows.changes.sameFiles, "file")) the same",
        ]
    }

    func emptyNote(of level: TableLevel) -> String { "(no differences: every file is as \(revision) holds it)" }

    /// A file whose contents differ has a file on both sides: here on disk,
    /// there in the revision (read from git).
    func counterpart(ofRow row: Int, in level: TableLevel) -> (here: [UInt8], there: [UInt8])? {
        guard level.model === rows, rows.difference(ofRow: row) == .contentsDiffer else { return nil }
        let path = rows.path(ofRow: row)
        return (path, path)
    }

    func openThere(_ there: [UInt8], row: Int, in level: TableLevel) throws(FileError) -> any ByteSource {
        try rows.thereOpener(path: there)()
    }
}
