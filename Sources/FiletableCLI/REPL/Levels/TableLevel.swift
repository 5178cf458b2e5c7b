import FileBrowsing
import SystemSeam
import TableKit

/// One level of the navigation stack: rows (any `FileRows`: a directory's
/// listing, the matches of `find --all`, the plan's marked files), the table
/// that shows them (which keeps the page) and the cell style. Back returns
/// to the level below as it was.
///
/// A directory level's `path` is the path walked to it (a shell's logical
/// `pwd`), and the directory was opened by resolving exactly that path, so
/// the label, the rows and every path built from them name the same files.
/// A level of gathered rows has the path it was gathered from (a search's
/// origin) and reaches each row through the row's own directory.
final class TableLevel {
    /// What the level is (a directory, matches, the plan, copies): its
    /// words, how marks show in it, and its own data (`Levels/`).
    let kind: any LevelKind
    let model: any FileRows
    /// The directory the level is in: a directory level's own, a search's
    /// origin, the level the plan was opened from. `!` runs there.
    let directory: DirectoryHandle
    let source: FileTableSource
    let table: TableView
    let formatter: StyledCellFormatter
    /// The directory's absolute path as bytes (for the prompt and headers);
    /// for gathered rows, where they were gathered from.
    let path: [UInt8]
    /// After `du`: the level's space and what the plan frees, for the header.
    var space: LevelSpace?
    /// After `du` on rows that know their space without a scan (an
    /// archive's members): their figures, which the level alone shows.
    var knownSpace: [FileIdentity: Int64]?
    /// Lines drawn under every page, above the footer (the plan's totals).
    var summary: [String] = []
    /// Works the summary out when a page first needs it: after the page's
    /// rows are out, so a long count never holds them back.
    var pendingSummary: (() -> [String])?

    /// Works out the summary if it is pending; whether it was.
    @discardableResult
    func settleSummary() -> Bool {
        guard let pending = pendingSummary else { return false }
        summary = pending()
        pendingSummary = nil
        return true
    }

    /// A directory's level.
    convenience init(model: DirectoryListing, path: [UInt8], decoration: NameDecoration) {
        self.init(rows: model, kind: DirectoryLevel(), in: model.directory, path: path, decoration: decoration)
    }

    /// A level of `rows` of some `kind`, in `directory` (at `path`).
    init(rows: any FileRows, kind: any LevelKind, in directory: DirectoryHandle, path: [UInt8], decoration: NameDecoration) {
        self.kind = kind
        self.model = rows
        self.directory = directory
        self.path = path
        formatter = StyledCellFormatter(decoration: decoration)
        source = FileTableSource(rows: rows, cellFormatter: formatter)
        table = TableView(pageHeight: 20)
        for style in EntryStyle.allCases {
            table.register(style: style.cellStyle, forCellReuseIdentifier: StyledCellFormatter.reuseIdentifier(for: style))
        }
        table.dataSource = source
        table.reloadData()
        // A kind's lines under every page (the plan's totals, an archive's damage).
        pendingSummary = kind.summary
    }

    /// The directory's listing, when the level is one directory.
    var listing: DirectoryListing? { model as? DirectoryListing }

    /// The listing, or an error saying `command` works on a directory level only.
    func directoryListing(for command: String) throws(CommandError) -> DirectoryListing {
        guard let listing else {
            throw CommandError("\(command): works on a directory's table; this one lists \(kindDescription) ('back' returns)")
        }
        return listing
    }

    /// The level's directory opened again under the level's own (absolute)
    /// path, which the paths of rows gathered below it are built on (a
    /// search's matches, copies, a comparison, a space change).
    func directoryUnderItsPath() throws(FileError) -> DirectoryHandle {
        try DirectoryHandle.open([0x2E], in: directory, displayPath: path, followSymlink: false)
    }

    /// The word after `row`'s name when a `find` pointed at it (`found`).
    func pointedWord(ofRow row: Int) -> String? {
        pointed.flatMap { $0.row == row ? $0.word : nil }
    }

    /// What the rows are, for messages.
    var kindDescription: String { kind.rowsDescription }

    /// The highlighted row (a flat row number): the level's one cursor,
    /// which the screen draws, `find` and `goto` point, and the prompt's
    /// page after the screen holds. Kept with the level, so going back lands
    /// on the row you came from; moved only through the functions below,
    /// which keep it inside the rows.
    private(set) var highlight = 0

    /// Puts the highlight on `row`, kept inside the rows (0 when none).
    func moveHighlight(to row: Int) {
        highlight = min(max(0, row), max(0, model.rowCount - 1))
    }

    /// Moves the highlight `rows` down (up when negative), inside the rows.
    func moveHighlight(by rows: Int) {
        moveHighlight(to: highlight + rows)
    }

    /// Keeps the highlight inside the rows after they changed (a filter, a
    /// reload, marks hiding rows).
    func keepHighlightInside() {
        moveHighlight(to: highlight)
    }
    /// The row a `find` (or a start on a FILE) pointed at, and the word that
    /// says so after its name on the prompt's next page (`found`); the page
    /// drawn, it is forgotten.
    var pointed: (row: Int, word: String)?
    /// Pushed by `up` (the parent of the level below it), not opened from
    /// it: the full-screen view's h goes on up from here, rather than back down.
    var cameUp = false

    var style: EntryStyle {
        get { formatter.entryStyle }
        set { formatter.entryStyle = newValue }
    }

    /// The columns the widest name takes as a row shows it (escaped, with
    /// its `/` or `@`), for `style columns`; measured once for a number of
    /// rows (again when the rows change), over at most 100,000 of them.
    func widestShownName() -> Int {
        if let known = widestName, known.rows == model.rowCount { return known.width }
        var widest = 1
        for row in 0..<min(model.rowCount, 100_000) {
            widest = max(widest, model.withName(ofRow: row) { TextWidth.of(NameEscaping.escape($0)) } + 1)
        }
        widestName = (model.rowCount, widest)
        return widest
    }
    private var widestName: (rows: Int, width: Int)?

    /// The directory's device and inode (a directory level): marks inside it are keyed by this.
    var identity: FileIdentity? { listing?.directory.identity }

    /// The identities of this directory and every one above it on disk,
    /// worked out when first needed and again after a reload (a directory
    /// above may have moved): a marked directory among them covers this level.
    var ancestry: [FileIdentity] {
        if let known = knownAncestry { return known }
        let found = listing?.directory.physicalAncestry() ?? []
        knownAncestry = found
        return found
    }
    private var knownAncestry: [FileIdentity]?

    /// Reads the rows again, keeping the page (`reload`, and `watch on`);
    /// returns what joined and left.
    @discardableResult
    func reread() throws(FileError) -> (added: Int, removed: Int) {
        let change = try model.reload()
        knownAncestry = nil
        // (The table keeps its viewport across a reload.)
        table.reloadData()
        return change
    }

    /// Applies changed view settings and returns to the first page.
    func update(_ change: (inout ListOptions) -> Void) {
        var options = model.options
        change(&options)
        model.options = options
        table.reloadData()
        table.scrollToRow(0)
    }

    /// Leaves `exclusion` out of a directory level's rows (the marked names
    /// while marked rows are hidden), keeping the page in place; returns
    /// whether the rows changed.
    @discardableResult
    func exclude(_ exclusion: NameExclusion) -> Bool {
        guard let listing, listing.exclusion != exclusion else { return false }
        listing.exclusion = exclusion
        table.reloadData()
        return true
    }

    /// The entry a row stands for: its directory's identity and its name
    /// there (on the plan's level, the mark's own entry).
    func entry(ofRow row: Int) -> EntryKey? {
        if let mark = mark(ofRow: row) { return mark.entry }
        return model.location(ofRow: row)?.entry
    }

    /// On the plan's level, the mark a row shows.
    func mark(ofRow row: Int) -> Mark? { (kind as? RowsAreMarks)?.mark(ofRow: row, in: model) }

    /// The absolute path of a row (for messages, marks and viewers): the
    /// marked path on the plan's level; below the level's path for a row
    /// that is not on disk (a member, under its archive's path). In a
    /// directory the `.` and `..` rows keep their name (`/a/link/..`): the
    /// kernel resolves that to the directory the row shows, which may not
    /// be the logical parent.
    func path(ofRow row: Int) -> [UInt8] {
        if let mark = mark(ofRow: row) { return mark.path }
        guard listing != nil else { return model.location(ofRow: row)?.path ?? PathBytes.join(path, model.name(ofRow: row)) }
        let joined = PathBytes.join(path, model.name(ofRow: row))
        return model.isDotEntry(row: row) ? joined : DisplayPath.normalize(joined)
    }

    /// The breadcrumb's word: the kind's, or the last component of the path.
    var title: String {
        if let word = kind.breadcrumb { return word }
        let parts = path.split(separator: 0x2F)
        return parts.last.map { NameEscaping.escape(Array($0)) } ?? "/"
    }
}
