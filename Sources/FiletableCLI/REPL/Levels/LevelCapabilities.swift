import FileBrowsing

// What only some kinds of table can do, each a protocol a kind opts into;
// the code that needs one asks the level's kind for it (`level.kind as?
// SearchesItsOwnWay`) and does the directory's thing when the kind has not.

/// Rows of its own that open into levels (a directory inside an archive,
/// what changed inside a directory that changed).
protocol OpensItsRows: LevelKind {
    /// The level `opening.row` opens into; nil to open it as rows on disk are opened.
    func level(for opening: LevelOpening) throws(CommandError) -> TableLevel?
}

/// Rows that are not a directory on disk, searched the kind's own way (an
/// archive's members).
protocol SearchesItsOwnWay: LevelKind {
    /// `find TEXT --all`: the level of the matches below the level; nil
    /// where the directory search applies.
    func matches(of text: String, maxDepth: Int?, in level: TableLevel, decoration: NameDecoration) throws(CommandError) -> TableLevel?
    /// `find TEXT` a match at a time; nil where the directory search applies (or none does).
    func search(for text: String, maxDepth: Int?, in level: TableLevel) -> SubtreeSearch?
}

/// A table whose every row is a mark (the plan).
protocol RowsAreMarks: LevelKind {
    /// The mark a row stands for.
    func mark(ofRow row: Int, in model: any FileRows) -> Mark?
    /// Whether the rows must be read again before the next page: the marks
    /// changed since (an unmark, an undo).
    func isStale(marksRevision: Int) -> Bool
}

/// Groups of copies of which the plan may never take the last copy.
protocol GuardsCopyGroups: LevelKind {
    var copyGroups: CopyTable { get }
}

/// Words of its own for `mark` (`mark same` in a comparison, `mark new` in
/// a space change).
protocol NamesRowsForMarks: LevelKind {
    /// The rows `word` names, and how many it left out to keep a copy; nil
    /// for a word the kind does not know.
    func rows(for word: String, in level: TableLevel, marks: MarkStore) -> (rows: [Int], kept: Int)?
}

/// Figures of its own before each row's name, in du's three columns (a
/// space change's growth).
protocol HasItsOwnColumns: LevelKind {
    /// The figures of a row; nil: du's when the level was sized.
    func columns(of level: TableLevel) -> ((Int) -> [String])?
}

/// Two sides, a file on each (a comparison of two trees).
protocol SideBySide: LevelKind {
    /// A row's file on each side, as absolute paths (`diff N`, `=`, `view
    /// --there`); nil for a row with no file on one side.
    func counterpart(ofRow row: Int, in level: TableLevel) -> (here: [UInt8], there: [UInt8])?
    /// How to open the file `there` names: on disk (the default), unless
    /// the other side is not (a git revision).
    func openThere(_ there: [UInt8], row: Int, in level: TableLevel) throws(FileError) -> any ByteSource
}

extension SideBySide {
    func openThere(_ there: [UInt8], row: Int, in level: TableLevel) throws(FileError) -> any ByteSource { try ViewedFile(path: there) }
}

/// Rows that are git work trees (`du --git`): `mark ignored` there marks
/// the build outputs of every one at once.
protocol ListsWorkTrees: LevelKind {
    /// The work trees the level's rows are, as paths below the level's path.
    func workTrees(in level: TableLevel) -> [[UInt8]]
}

/// Orders of its own (`sort shrink` in a space change).
protocol HasItsOwnOrder: LevelKind {
    /// Puts the level in the order `word` names; false for a word it has not.
    func order(by word: String, descending: Bool?, in level: TableLevel) -> Bool
    /// The header's word for the order the level is in, when it is one of
    /// the kind's own; nil: the sort key's.
    func orderWord(of level: TableLevel) -> String?
}

/// Rows inside a file rather than a directory on disk (an archive's
/// members): the file's path and the place inside it as the header and the
/// prompt write it (`site.zip:/css`), and moves through the file's own
/// tree, never through a path's text (a member named `..` is a row).
protocol InsideAFile: LevelKind {
    /// The file the rows are inside (`/srv/site.zip`).
    var containerPath: [UInt8] { get }
    /// The place inside it, as written after its path (`:/css`).
    var placeInside: String { get }
    /// `up`: the parent place inside, or the file's own directory from its
    /// top; false when this level does not move itself (a level of matches).
    func up(in context: CommandContext) throws(CommandError) -> Bool
    /// `cd` with a relative path typed inside; false when it is not this
    /// level's to walk (an absolute path, `~`).
    func changeDirectory(_ typed: [UInt8], in context: CommandContext) throws(CommandError) -> Bool
}
