import FileBrowsing

/// What a level is, beyond its rows: its words (the header's first parts,
/// the breadcrumb, what messages call it, what an empty table says), how
/// marks show in it, and the data of its own it was made with (the plan's
/// marks, the groups of copies). One conformer a kind of table, each in a
/// file of its own here; the code that draws and marks asks the kind
/// instead of testing a tag. Navigation still tests for `ArchiveLevel` in
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
    /// The mark a row stands for (on the plan's level, every row is one).
    func mark(ofRow row: Int, in model: any FileRows) -> Mark?
    /// Groups of copies of which the plan may never take the last copy.
    var copyGroups: CopyTable? { get }
    /// The lines under every page (the plan's totals), worked out when a
    /// page first needs them; nil for a kind without any.
    var summary: (() -> [String])? { get }
    /// Whether the rows must be read again before the next page: what they
    /// were read from has changed since (the plan, after an unmark or undo).
    func isStale(marksRevision: Int) -> Bool
    /// The level a row of this kind's opens into (a directory inside an
    /// archive); nil to open it as rows on disk are opened.
    func level(for opening: LevelOpening) throws(CommandError) -> TableLevel?
    /// `find TEXT --all` in a level whose rows are not a directory on disk
    /// (an archive's members): the level of the matches below it, searched
    /// the kind's own way; nil where the directory search applies.
    func matches(of text: String, maxDepth: Int?, in level: TableLevel, decoration: NameDecoration) throws(CommandError) -> TableLevel?
    /// `find TEXT` (a match at a time) in a level whose rows are not a
    /// directory on disk, searched the kind's own way; nil where the
    /// directory search applies (or no search does).
    func search(for text: String, maxDepth: Int?, in level: TableLevel) -> SubtreeSearch?
    /// The rows a word of the kind's own names for `mark` (`mark same` in a
    /// comparison), and how many it left out to keep a copy; nil for a
    /// word the kind does not know.
    func rows(for word: String, in level: TableLevel, marks: MarkStore) -> (rows: [Int], kept: Int)?
    /// Figures of the kind's own before each row's name, in du's three
    /// columns (a size, a number, a word); nil: du's when the level was sized.
    func columns(of level: TableLevel) -> ((Int) -> [String])?
    /// A row's file on each side of a comparison, as absolute paths (`diff
    /// N` compares them); nil for a kind that compares nothing, or a row
    /// with no file on one side.
    func counterpart(ofRow row: Int, in level: TableLevel) -> (here: [UInt8], there: [UInt8])?
    /// `sort WORD` with an order of the kind's own (`sort shrink` in a
    /// space change): puts it in that order; false for a word it has not.
    func order(by word: String, descending: Bool?, in level: TableLevel) -> Bool
    /// The header's word for the order the level is in, when it is one of
    /// the kind's own (`shrink`); nil: the sort key's.
    func orderWord(of level: TableLevel) -> String?
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
    func mark(ofRow row: Int, in model: any FileRows) -> Mark? { nil }
    var copyGroups: CopyTable? { nil }
    var summary: (() -> [String])? { nil }
    func isStale(marksRevision: Int) -> Bool { false }
    func level(for opening: LevelOpening) throws(CommandError) -> TableLevel? { nil }
    func matches(of text: String, maxDepth: Int?, in level: TableLevel, decoration: NameDecoration) throws(CommandError) -> TableLevel? {
        nil
    }
    func search(for text: String, maxDepth: Int?, in level: TableLevel) -> SubtreeSearch? { nil }
    func rows(for word: String, in level: TableLevel, marks: MarkStore) -> (rows: [Int], kept: Int)? { nil }
    func columns(of level: TableLevel) -> ((Int) -> [String])? { nil }
    func counterpart(ofRow row: Int, in level: TableLevel) -> (here: [UInt8], there: [UInt8])? { nil }
    func order(by word: String, descending: Bool?, in level: TableLevel) -> Bool { false }
    func orderWord(of level: TableLevel) -> String? { nil }
}
