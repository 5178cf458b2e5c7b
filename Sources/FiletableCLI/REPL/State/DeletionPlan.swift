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
    /// The files marks count on staying (`mark same`'s copies here), each
    /// snapshotted when its mark was made (`DeletionPlan+KeptCopies`).
    private(set) var keptCopies: [KeptCopy] = []

    /// Whether any mark counts on a copy outside the plan (a table of
    /// copies, or a kept copy): a mark must then be checked against them.
    var guardsCopies: Bool { !copyLevels.isEmpty || !keptCopies.isEmpty }

    /// Whether the marks changed since they were last written out.
    var hasUnexportedChanges: Bool { !marks.isEmpty && marks.revision != exportedRevision }

    /// The plan as it is now was written out.
    func noteExported() {
        exportedRevision = marks.revision
    }

    /// Keeps `copies` from here on: the marks on their counterparts count on them.
    func keep(_ copies: [KeptCopy]) {
        keptCopies += copies
    }

    /// Drops the last `count` kept copies (their marks were not made).
    func forgetLastKept(_ count: Int) {
        keptCopies.removeLast(min(count, keptCopies.count))
    }

    /// Guards the groups of a new level of copies from here on.
    func guardCopies(of level: CopiesLevel) {
        copyLevels.append(level)
    }
}
