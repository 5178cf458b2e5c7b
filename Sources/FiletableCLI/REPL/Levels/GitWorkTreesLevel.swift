import FileBrowsing

/// The git work trees below a directory with what their ignored files take
/// (`du --git`), largest first: kondo's and npkill's list, by git's own
/// ignore rules. A row is the work tree's directory on disk: it opens as
/// any directory, where `mark ignored` marks its build outputs into the plan.
final class GitWorkTreesLevel: LevelKind {
    var rowsDescription: String { "the git work trees below" }
    var breadcrumb: String? { "du --git" }

    func headerParts(of level: TableLevel) -> [String] {
        [NameEscaping.escape(level.path), "git: \(Plural.count(level.model.rowCount, "work tree")), by what their ignored files take"]
    }

    func emptyNote(of level: TableLevel) -> String { "(no git work tree below)" }
}
