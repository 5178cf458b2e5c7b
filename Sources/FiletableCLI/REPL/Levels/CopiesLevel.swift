import FileBrowsing

/// Files with identical contents below a level (`dupes`), a group a
/// section. It owns its groups: `reload` searches again and replaces them,
/// and the plan may never take the last copy of one (`DeletionPlan+CopyGuard`).
final class CopiesLevel: LevelKind, GuardsCopyGroups {
    /// The groups the rows show, as last searched.
    var table: CopyTable {
        didSet { markedGainKnown = nil }
    }
    /// How the last search ended (a stopped one is headed partial).
    var end: OperationEnd
    /// What the marked copies free, and the plan's revision and the rows it was summed over.
    private var markedGainKnown: (revision: Int, rows: Int, gain: Int64)?

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
            + end.headerParts
    }

    /// The bytes the marked copies free: each marked file of a group once
    /// (a file's other links are the same bytes). Every row's mark is read:
    /// kept until the plan changes, not read again for each frame's header.
    private func markedGain(in level: TableLevel) -> Int64 {
        let decorations = level.source.decorations
        guard let rows = level.model as? PathRows else { return 0 }
        if let known = markedGainKnown, known.revision == decorations.marksRevision, known.rows == rows.rowCount { return known.gain }
        var files = Set<Int64>()
        var gain: Int64 = 0
        for row in 0..<rows.rowCount where decorations.isMarked(row) {
            let entry = rows.entry(ofRow: row)
            guard entry < table.groupOfEntry.count else { continue }
            let group = table.groupOfEntry[entry]
            if files.insert(Int64(group) << 32 | Int64(table.fileOfEntry[entry])).inserted { gain += table.groups[group].size }
        }
        markedGainKnown = (decorations.marksRevision, rows.rowCount, gain)
        return gain
    }
}
