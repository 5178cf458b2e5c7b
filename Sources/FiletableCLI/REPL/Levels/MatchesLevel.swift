import FileBrowsing

/// Every name holding a text below a level (`find TEXT --all`), a line a match.
final class MatchesLevel: LevelKind {
    /// The text searched for, as typed.
    let text: String
    /// How the last search ended (a stopped one is headed partial).
    var end: OperationEnd

    init(text: String, end: OperationEnd = .complete) {
        self.text = text
        self.end = end
    }

    var rowsDescription: String { "the names holding '\(text)'" }
    var breadcrumb: String? { "find '\(NameEscaping.terminalSafe(text))'" }

    func headerParts(of level: TableLevel) -> [String] {
        [NameEscaping.escape(level.path), "find '\(text)': \(Plural.count(level.model.rowCount, "match", "matches"))"]
            + end.headerParts
    }
}
