import FileBrowsing

/// What a level is, beyond its rows: its words (the header's first parts,
/// the breadcrumb, what messages call it, what an empty table says), how
/// marks show in it, and the data of its own it was made with (the plan's
/// marks, the groups of copies). One conformer a kind of table, each in a
/// file of its own here; the code that draws and marks asks the kind
/// instead of testing a tag. What only some kinds can do is a capability
/// of its own (`LevelCapabilities.swift`), asked for with `as?`. Navigation still tests for `ArchiveLevel` in
/// `cd`, `up`, `pwd` and the prompt (see ARCHITECTURE.md, "Adding a kind of table").
protocol LevelKind: AnyObject {
    /// What the rows are, for messages: "a directory", "the deletion plan".
    var rowsDescription: String { get }
    /// The breadcrumb's word for the level (`marks`); nil: the last
    /// component of its path.
    var breadcrumb: String? { get }
    /// The header's first parts: where the level is and what it holds.
    func headerParts(of level: TableLevel) -> [String]
    /// What an empty table says when no filter and no mark hides a row.
    func emptyNote(of level: TableLevel) -> String
    /// How marked rows show in the level.
    var marksShow: LevelMarks { get }
    /// The lines under every page (the plan's totals), worked out when a
    /// page first needs them; nil for a kind without any.
    var summary: (() -> [String])? { get }
}

/// How marked rows show in a level.
enum LevelMarks: Equatable {
    /// A directory: marked rows leave the table, unless `show marked`.
    case leaveTheTable
    /// Gathered rows (matches, copies): marked rows stay, with a `D`.
    case flagged
    /// The plan: every row is a mark.
    case everyRow
}

extension LevelKind {
    var breadcrumb: String? { nil }
    func emptyNote(of level: TableLevel) -> String { "(no matches)" }
    var marksShow: LevelMarks { .flagged }
    var summary: (() -> [String])? { nil }
}
