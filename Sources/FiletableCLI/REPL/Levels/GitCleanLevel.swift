import FileBrowsing

/// What `git clean` would remove below a directory (`mark ignored`: its
/// `-ndX`, ignored build outputs; `mark untracked`: its `-nd`): a line a
/// path, files and whole directories, all marked into the plan as the
/// level opens, so the plan, not git, decides what goes.
final class GitCleanLevel: LevelKind {
    /// Untracked paths (`git clean -nd`) rather than ignored ones (`-ndX`).
    let untracked: Bool

    init(untracked: Bool) {
        self.untracked = untracked
    }

    var rowsDescription: String { untracked ? "what git clean -nd names" : "what git clean -ndX names" }
    var breadcrumb: String? { untracked ? "git clean -nd" : "git clean -ndX" }

    func headerParts(of level: TableLevel) -> [String] {
        let what = untracked ? "untracked" : "ignored"
        return [NameEscaping.escape(level.path), "git: \(Plural.count(level.model.rowCount, "path")) \(what)"]
    }

    func emptyNote(of level: TableLevel) -> String { "(nothing \(untracked ? "untracked" : "ignored") below)" }
}
