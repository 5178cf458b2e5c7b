import FileBrowsing

/// The session's plan: its marks, the revision last exported (quitting
/// with another would lose work, so a person is asked), and the tables of
/// copies whose last copy no mark may take. The one owner of each.
final class DeletionPlan {
    let marks = MarkStore()
    /// The marks' revision when they were last exported.
    private(set) var exportedRevision = 0
    /// The levels of copies `dupes` made this session, each with its groups
    /// as last searched (`DeletionPlan+CopyGuard` checks each group).
    private(set) var copyLevels: [CopiesLevel] = []

    /// Whether the marks changed since they were last written out.
    var hasUnexportedChanges: Bool { !marks.isEmpty && marks.revision != exportedRevision }

    /// The plan as it is now was written out.
    func noteExported() {
        exportedRevision = marks.revision
    }

    /// Guards the groups of a new level of copies from here on.
    func guardCopies(of level: CopiesLevel) {
        copyLevels.append(level)
    }
}
