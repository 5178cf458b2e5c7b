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
        return [
            NameEscaping.escape(level.path),
            "dupes: \(Plural.count(groups.count, "group")), \(HumanSize.withUnit(groups.totalGain)) to gain",
        ] + (end.headerNote.map { [$0] } ?? [])
    }
}
