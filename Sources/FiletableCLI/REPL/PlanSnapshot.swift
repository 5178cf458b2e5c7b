import FileBrowsing

/// The marks a plan level shows, in its rows' entry order (`PathRows`
/// entry i is `marks[i]`), and the marks' revision they were read at: the
/// level reads them again when a page is drawn after the plan changed.
final class PlanSnapshot {
    private(set) var marks: [Mark]
    private(set) var revision: Int

    init(_ store: MarkStore) {
        marks = store.all
        revision = store.revision
    }

    /// Reads the store again; returns the rows' contents.
    func refresh(from store: MarkStore) -> PathRows.Contents {
        marks = store.all
        revision = store.revision
        return PlanRows.contents(of: marks)
    }
}
