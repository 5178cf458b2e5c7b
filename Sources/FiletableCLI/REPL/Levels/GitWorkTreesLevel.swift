import FileBrowsing

/// The git work trees below a directory with what their ignored files take
/// (`du --git`), largest first: kondo's and npkill's list, by git's own
/// ignore rules. A row is the work tree's directory on disk: it opens as
/// any directory, where `mark ignored` marks its build outputs into the
/// plan; `mark ignored` here marks those of every work tree shown.
final class GitWorkTreesLevel: LevelKind, ListsWorkTrees {
    var rowsDescription: String { "the git work trees below" }
    var breadcrumb: String? { "du --git" }

    func headerParts(of level: TableLevel) -> [String] {
        [NameEscaping.escape(level.path), "git: \(Plural.count(level.model.rowCount, "work tree")), by what their ignored files take"]
    }

    func emptyNote(of level: TableLevel) -> String { "(no git work tree below)" }

    /// The rows shown (a filter narrows them), by their paths below the level.
    func workTrees(in level: TableLevel) -> [[UInt8]] {
        (0..<level.model.rowCount).map { level.model.name(ofRow: $0) }
    }
}
