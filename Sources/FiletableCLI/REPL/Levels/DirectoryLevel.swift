import FileBrowsing

/// One directory's entries: the first level, every directory opened.
final class DirectoryLevel: LevelKind {
    var rowsDescription: String { "a directory" }

    func headerParts(of level: TableLevel) -> [String] {
        [NameEscaping.escape(level.path), Plural.count(level.model.rowCount, "entry", "entries")]
    }

    /// Where dot files are all there is, says that they are hidden and how to show them.
    func emptyNote(of level: TableLevel) -> String {
        guard let listing = level.listing, listing.options.hidden == .hidden else { return "(empty)" }
        let hidden = (0..<listing.arena.count).reduce(0) { $0 + (listing.arena.firstByte(at: $1) == 0x2E ? 1 : 0) }
        guard hidden > 0 else { return "(empty)" }
        return "(\(Plural.count(hidden, "hidden entry", "hidden entries")); 'hidden on' shows them)"
    }

    var marksShow: LevelMarks { .leaveTheTable }
}
