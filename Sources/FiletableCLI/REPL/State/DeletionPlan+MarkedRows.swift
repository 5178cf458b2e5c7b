import FileBrowsing
import SystemSeam
import TableKit

/// Which rows of a level the plan holds: marked themselves, or inside a
/// marked directory: the plan's answer, asked as a page is drawn, before a
/// mark, and by du.
extension DeletionPlan {
    /// A directory level's marked names as the marks' own question (no
    /// set of names), or every name when a marked directory holds it.
    func markedRows(of level: TableLevel) -> NameExclusion {
        markedNames(in: level.identity, ancestry: { level.ancestry })
    }

    /// The names marked in the directory with `identity`, or all of them
    /// when its `ancestry` holds a marked directory.
    func markedNames(in identity: FileIdentity?, ancestry: () -> [FileIdentity]) -> NameExclusion {
        guard !marks.isEmpty, let identity else { return .none }
        let coversAll = marks.coveringMark(ofAncestry: ancestry()) != nil
        guard marks.markCount(inDirectory: identity) > 0 else { return coversAll ? NameExclusion(excludesAll: true) : .none }
        return NameExclusion(version: marks.revision, excludesAll: coversAll) { [marks] name in marks.isMarked(directory: identity, name: name) }
    }

    /// Whether a row of the current level is marked (directly, or inside a marked directory).
    func isMarked(row: Int, of level: TableLevel) -> Bool {
        guard !marks.isEmpty else { return false }
        if level.listing != nil, let identity = level.identity {
            if level.model.withName(ofRow: row, { marks.isMarked(directory: identity, name: $0) }) { return true }
            return marks.coveringMark(ofAncestry: level.ancestry) != nil
        }
        guard let entry = level.entry(ofRow: row) else { return false }
        return marks.mark(for: entry) != nil
    }
}
