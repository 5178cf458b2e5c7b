import FileBrowsing
import TableKit

/// One level of the navigation stack: a directory's listing, the table that
/// shows it (which keeps the page) and its cell style. Back returns to the
/// level below as it was.
///
/// `path` is the path walked to the directory (a shell's logical `pwd`), and
/// the directory was opened by resolving exactly that path, so the label,
/// the rows and every path built from them name the same files.
final class TableLevel {
    let model: DirectoryListing
    let source: DirectoryTableSource
    let table: TableView
    let formatter: StyledCellFormatter
    /// The directory's absolute path as bytes (for the prompt and headers).
    let path: [UInt8]
    /// After `du`: the level's space and what the plan frees, for the header.
    var spaceNote: String?

    init(model: DirectoryListing, path: [UInt8], decoration: NameDecoration) {
        self.model = model
        self.path = path
        formatter = StyledCellFormatter(decoration: decoration)
        source = DirectoryTableSource(listing: model, cellFormatter: formatter)
        table = TableView(pageHeight: 20)
        for style in EntryStyle.allCases {
            table.register(style: style.cellStyle, forCellReuseIdentifier: StyledCellFormatter.reuseIdentifier(for: style))
        }
        table.dataSource = source
        table.reloadData()
    }

    var style: EntryStyle {
        get { formatter.entryStyle }
        set { formatter.entryStyle = newValue }
    }

    /// The directory's device and inode: marks inside it are keyed by this.
    var identity: FileIdentity? { model.directory.identity }

    /// The identities of this directory and every one above it on disk,
    /// worked out when first needed and again after a reload (a directory
    /// above may have moved): a marked directory among them covers this level.
    var ancestry: [FileIdentity] {
        if let known = knownAncestry { return known }
        let found = model.directory.physicalAncestry()
        knownAncestry = found
        return found
    }
    private var knownAncestry: [FileIdentity]?

    /// Forgets the ancestry, for a reload.
    func forgetAncestry() { knownAncestry = nil }

    /// Reads the directory again, keeping the page (`reload`, and `watch on`);
    /// returns what joined and left.
    @discardableResult
    func reread() throws(FileError) -> (added: Int, removed: Int) {
        let first = table.firstVisibleRow
        let change = try model.reload()
        forgetAncestry()
        table.reloadData()
        table.scrollToRow(first)
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

    /// Shows the marks: which rows carry a `D`, and which leave the table.
    /// Keeps the page in place; returns whether anything changed.
    @discardableResult
    func apply(_ marking: RowMarking) -> Bool {
        guard marking != source.marking else { return false }
        source.marking = marking
        model.exclusion = marking.exclusion
        let first = table.firstVisibleRow
        table.reloadData()
        table.scrollToRow(first)
        return true
    }

    /// The entry a row stands for: this directory's identity and the row's name.
    func entry(ofRow row: Int) -> EntryKey? {
        identity.map { EntryKey(directory: $0, name: model.name(ofRow: row)) }
    }

    /// The absolute path of a row (for messages, marks and viewers). The
    /// `.` and `..` rows keep their name (`/a/link/..`): the kernel resolves
    /// that to the directory the row shows, which may not be the logical parent.
    func path(ofRow row: Int) -> [UInt8] {
        let joined = PathBytes.join(path, model.name(ofRow: row))
        return model.isDotEntry(row: row) ? joined : DisplayPath.normalize(joined)
    }

    /// The last component of the path, for the breadcrumb.
    var title: String {
        let parts = path.split(separator: 0x2F)
        return parts.last.map { NameEscaping.escape(Array($0)) } ?? "/"
    }
}
