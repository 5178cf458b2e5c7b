import FileBrowsing

/// What changed in a directory since a saved scan (`du --since FILE`): a
/// row a changed entry, largest growth first, with the change on disk, the
/// files gained or gone and the state before each name; the totals in the
/// header. `mark new` marks what appeared since.
final class SpaceChangeLevel: LevelKind {
    let rows: ScanChangeRows
    /// The saved scan's file, as typed, and when it was saved.
    let file: String
    let savedAt: Int64
    /// The whole tree's change on disk.
    let change: Int64

    init(rows: ScanChangeRows, file: String, savedAt: Int64, change: Int64) {
        self.rows = rows
        self.file = file
        self.savedAt = savedAt
        self.change = change
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

    /// `mark new`: what appeared since the scan.
    func rows(for word: String, in level: TableLevel, marks: MarkStore) -> (rows: [Int], kept: Int)? {
        guard word == "new" else { return nil }
        return ((0..<rows.rowCount).filter { rows.change(ofRow: $0).state == .new }, 0)
    }
}
