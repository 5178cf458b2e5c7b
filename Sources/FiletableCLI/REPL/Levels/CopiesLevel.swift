import FileBrowsing

/// Files with identical contents below a level (`dupes`), a group a
/// section. It owns its groups: `reload` searches again and replaces them,
/// and the plan may never take the last copy of one (`DeletionPlan+CopyGuard`).
final class CopiesLevel: LevelKind, GuardsCopyGroups {
    /// The groups the rows show, as last searched.
    var table: CopyTable
    /// How the last search ended (a stopped one is headed partial).
    var end: OperationEnd

    init(table: CopyTable, end: OperationEnd = .complete) {
        self.table = table
        self.end = end
    }

    var rowsDescription: String { "copies" }
    var breadcrumb: String? { "dupes" }
    var copyGroups: CopyTable { table }

    func headerParts(of level: TableLevel) -> [String] {
        let groups = table.groups
        // What is left to gain falls as copies are marked.
        let marked = markedGain(in: level)
        let gain =
            "\(HumanSize.withUnit(max(0, groups.totalGain - marked))) to gain"
            + (marked > 0 ? " (\(HumanSize.withUnit(marked)) in the plan)" : "")
        return [NameEscaping.escape(level.path), "dupes: \(Plural.count(groups.count, "group")), " + gain]
            + (end.headerNote.map { [$0] } ?? [])
    }

    /// The bytes the marked copies free: each marked file of a group once
    /// (a file's other links are the same bytes).
    private func markedGain(in level: TableLevel) -> Int64 {
        guard let rows = level.model as? PathRows else { return 0 }
        let isMarked = level.source.decorations.isMarked
        var files = Set<[Int]>()
        var gain: Int64 = 0
        for row in 0..<rows.rowCount where isMarked(row) {
            let entry = rows.entry(ofRow: row)
            guard entry < table.groupOfEntry.count else { continue }
            let group = table.groupOfEntry[entry]
            if files.insert([group, table.fileOfEntry[entry]]).inserted { gain += table.groups[group].size }
        }
        return gain
    }
}
