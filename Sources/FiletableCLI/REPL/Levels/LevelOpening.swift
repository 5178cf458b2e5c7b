import FileBrowsing

/// What a level is opened with: the level `open` was typed on, and the
/// session's fixed settings a new level is drawn with.
struct LevelOpening {
    /// The level the row is in.
    let level: TableLevel
    /// The row `open` names (0-based).
    let row: Int
    /// How names are decorated in the new level.
    let decoration: NameDecoration
    /// Where a long opening says it waits (the prompt's conversation); nil: silent.
    var say: ((String) -> Void)?
    /// Where a stop of a long opening comes from.
    var stop = StopSource.ctrlC

    /// The row's path as the level shows it (for headers and messages).
    var path: [UInt8] { level.path(ofRow: row) }
}

/// A kind of table that a file row opens into (an archive's members):
/// `open` on a row that is neither a directory nor a row its own level
/// opens asks each opener in `LevelOpeners.all`, in turn.
protocol RowOpener {
    /// The level `opening.row` opens into, or nil when this kind does not
    /// take that row (the next opener is asked; at the end, `open` shows
    /// the row's details). Throws what the user should read when the row
    /// is this kind's but cannot be opened (a damaged archive).
    static func level(for opening: LevelOpening) throws(CommandError) -> TableLevel?
    /// Whether `opening.row` is this kind's, judged quickly (an archive's
    /// first bytes): the full-screen view's Enter opens such a row as a
    /// level rather than in the viewer.
    static func recognises(_ opening: LevelOpening) -> Bool
}

/// The kinds of table a row may open into: a new one is a file in
/// `Levels/` and a line here.
enum LevelOpeners {
    static var all: [any RowOpener.Type] { [ArchiveLevel.self] }

    /// Whether some kind opens `opening.row` as a level.
    static func recognise(_ opening: LevelOpening) -> Bool {
        all.contains { $0.recognises(opening) }
    }
}
