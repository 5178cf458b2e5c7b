import FileBrowsing
import SystemSeam

/// What changed in a directory since a saved scan (`du --since FILE`): a
/// row a changed entry, largest growth first, with the change on disk, the
/// files gained or gone and the state before each name; the totals in the
/// header. `mark new` marks what appeared since.
final class SpaceChangeLevel: LevelKind, OpensItsRows, HasItsOwnColumns, HasItsOwnOrder, NamesRowsForMarks {
    let rows: ScanChangeRows
    /// The saved scan's file, as typed, and when it was saved.
    let file: String
    let savedAt: Int64
    /// The directory's change on disk.
    let change: Int64
    /// Every change the scan found, at every depth below the scans' root,
    /// kept for the directories below (`open` shows what changed inside
    /// one); the paths of this level's rows are below `place`.
    private let allChanges: [ScanChange]
    private let place: [UInt8]

    /// The changes `rows` shows, of the directory at `place` below the
    /// scans' root (the root itself: empty), which changed by `change`;
    /// `allChanges` are the scan's, at every depth.
    init(rows: ScanChangeRows, file: String, savedAt: Int64, allChanges: [ScanChange], place: [UInt8] = [], change: Int64) {
        self.rows = rows
        self.file = file
        self.allChanges = allChanges
        self.place = place
        self.change = change
        self.savedAt = savedAt
    }

    /// `open` on a directory that changed: what changed inside it, as a
    /// level of its own; a directory removed since shows what it held, from
    /// the scan (every row removed).
    func level(for opening: LevelOpening) throws(CommandError) -> TableLevel? {
        let change = rows.change(ofRow: opening.row)
        guard change.kind == .directory else { return nil }
        let inside = place.isEmpty ? change.path : place + [0x2F] + change.path
        let path = opening.path
        let directory: DirectoryHandle
        if change.now == nil {
            directory = opening.level.directory
        } else {
            do {
                directory = try DirectoryHandle.open(resolving: path)
            } catch {
                throw CommandError("open: \(error.description)")
            }
        }
        var order = ListOptions()
        order.sortKey = .space
        let rows = ScanChangeRows(
            ScanChange.changes(allChanges, inside: inside), in: directory, shownPath: change.now == nil ? path : nil, options: order)
        let kind = SpaceChangeLevel(rows: rows, file: file, savedAt: savedAt, allChanges: allChanges, place: inside, change: change.diskChange)
        return TableLevel(rows: rows, kind: kind, in: directory, path: path, decoration: opening.decoration)
    }

    var rowsDescription: String { "what changed since \(file)" }
    var breadcrumb: String? { "since" }

    func headerParts(of level: TableLevel) -> [String] {
        let when = TimeFormat().format(Timestamp(seconds: savedAt), style: .longISO)
        let sign = change < 0 ? "-" : "+"
        return [
            NameEscaping.escape(level.path), "since \(when): \(Plural.count(level.model.rowCount, "change"))",
            "\(sign)\(HumanSize.withUnit(change.magnitude > Int64.max ? Int64.max : Int64(change.magnitude))) in all",
        ]
    }

    func emptyNote(of level: TableLevel) -> String { "(nothing changed since the scan)" }

    /// The change on disk, the files gained or gone, and the state, before each name.
    func columns(of level: TableLevel) -> ((Int) -> [String])? {
        let rows = rows
        return { row in
            let change = rows.change(ofRow: row)
            let bytes = change.diskChange
            let size = (bytes < 0 ? "-" : "+") + HumanSize.format(bytes.magnitude > Int64.max ? Int64.max : Int64(bytes.magnitude))
            return [size, (change.filesChange < 0 ? "" : "+") + String(change.filesChange), change.state.rawValue]
        }
    }

    /// `sort growth|shrink|now|then`: the changes by growth (the default),
    /// by shrink, or by what each takes now or took then; largest first
    /// unless `asc`.
    func order(by word: String, descending: Bool?, in level: TableLevel) -> Bool {
        guard let order = ScanChangeRows.ChangeOrder(rawValue: word) else { return false }
        rows.changeOrder = order
        level.update {
            $0.sortKey = .space
            $0.reversed = descending == false
        }
        return true
    }

    /// Not by name: the changes' own order (`sort growth` by default).
    func orderWord(of level: TableLevel) -> String? {
        level.model.options.sortKey == .name ? nil : rows.changeOrder.rawValue
    }

    /// `mark new`: what appeared since the scan.
    func rows(for word: String, in level: TableLevel, marks: MarkStore) -> (rows: [Int], kept: Int)? {
        guard word == "new" else { return nil }
        return ((0..<rows.rowCount).filter { rows.change(ofRow: $0).state == .new }, 0)
    }
}
