import FileBrowsing

/// The marked files of the deletion plan (`marks`): each row a mark, checked
/// again as it is drawn, with the plan's totals under every page.
final class PlanLevel: LevelKind, RowsAreMarks {
    /// The marks the rows were read from.
    let plan: PlanRows
    /// The lines under every page: what vanished or was replaced, the totals.
    let summary: (() -> [String])?

    /// A plan level over `plan`, `summary` working out its totals.
    init(plan: PlanRows, summary: @escaping () -> [String]) {
        self.plan = plan
        self.summary = summary
    }

    var rowsDescription: String { "the deletion plan" }
    var breadcrumb: String? { "marks" }

    func headerParts(of level: TableLevel) -> [String] {
        ["marks", Plural.count(level.model.rowCount, "marked path")]
    }

    func emptyNote(of level: TableLevel) -> String { "(no marks)" }
    var marksShow: LevelMarks { .everyRow }
    func isStale(marksRevision: Int) -> Bool { plan.revision != marksRevision }

    func mark(ofRow row: Int, in model: any FileRows) -> Mark? {
        guard let rows = model as? PathRows else { return nil }
        return plan.mark(atEntry: rows.entry(ofRow: row))
    }
}
