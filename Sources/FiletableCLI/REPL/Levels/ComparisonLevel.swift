import FileBrowsing
import SystemSeam

/// How a level's directory differs from another tree (`compare PATH`): a
/// section for what is only in each, the files whose contents differ, and
/// the names that are not the same kind of thing on both sides; each row
/// named by its path below the tops and found on the side that has it (the
/// level's own for those in both), so `view`, `hex`, `info` and `mark` take
/// it as any row. `reload` compares again.
final class ComparisonLevel: LevelKind, NamesRowsForMarks, SideBySide {
    /// The other tree, as an absolute path.
    let other: [UInt8]
    /// What the last comparison found beside the differences.
    fileprivate(set) var totals: TreeComparison.Totals
    /// Each file there that is the same as its file here: the two entries,
    /// by directory identity and name (what marks are keyed by).
    fileprivate(set) var counterparts: [EntryKey: EntryKey]

    init(other: [UInt8], totals: TreeComparison.Totals, counterparts: [EntryKey: EntryKey]) {
        self.other = other
        self.totals = totals
        self.counterparts = counterparts
    }

    var rowsDescription: String { "the differences from \(NameEscaping.escape(other))" }
    var breadcrumb: String? { "compare" }

    /// How many entries the last comparison could not read (their pairs were never compared).
    fileprivate(set) var unreadCount = 0

    /// Why the last comparison is not the whole answer, if it is not: a
    /// stopped or unreadable comparison never claims "the same" for pairs
    /// it did not read.
    var partialBecause: String? { end.headerNote }

    /// How the last comparison ended.
    var end: OperationEnd {
        if totals.interrupted { return .stopped(again: "'reload' compares again") }
        return unreadCount > 0 ? .unreadable(count: unreadCount) : .complete
    }

    func headerParts(of level: TableLevel) -> [String] {
        // Counted as the rows show them: the same files a hidden name, a
        // filter or a mark leaves out are said to be out of view.
        let same = level.model.sections.first(where: { $0.title == Self.titles[4] })?.rows.count ?? 0
        let outOfView = max(0, totals.sameFiles - same)
        return [
            NameEscaping.escape(level.path),
            "compare with \(NameEscaping.escape(other)): \(Plural.count(level.model.rowCount - same, "difference"))",
            "\(Plural.count(same, "file")) the same" + (outOfView > 0 ? " (\(outOfView) more not shown)" : ""),
        ] + end.headerParts
    }

    func emptyNote(of level: TableLevel) -> String {
        guard let partialBecause else { return "(no differences: every file is the same on both sides)" }
        return "(no differences in what was compared; \(partialBecause))"
    }

    /// The sections, in the order they show.
    private static let titles = ["only here", "only there", "contents differ", "not the same type", "the same, there"]

    /// `mark same`: the files there whose bytes are here too, as rows. A
    /// file is left out when its copy here is marked, or is itself one of
    /// them (trees that overlap): the plan never takes the last copy.
    func rows(for word: String, in level: TableLevel, marks: MarkStore) -> (rows: [Int], kept: Int)? {
        guard word == "same", let section = level.model.sections.first(where: { $0.title == Self.titles[4] }) else {
            return word == "same" ? ([], 0) : nil
        }
        let model = level.model
        var keys: [Int: EntryKey] = [:]
        for row in section.rows {
            guard let location = model.location(ofRow: row), let directory = location.directory.identity else { continue }
            keys[row] = EntryKey(directory: directory, name: location.name)
        }
        let batch = Set(keys.values)
        var rows: [Int] = []
        var kept = 0
        for row in section.rows {
            guard let key = keys[row], let here = counterparts[key] else { continue }
            let hereMarked = here.name.withUnsafeBufferPointer { marks.isMarked(directory: here.directory, name: $0) }
            if hereMarked || batch.contains(here) {
                kept += 1
                continue
            }
            rows.append(row)
        }
        return (rows, kept)
    }

    /// A file whose contents differ (or are the same) has a file on both
    /// sides: this tree's and the other's, by the row's path below the tops.
    func counterpart(ofRow row: Int, in level: TableLevel) -> (here: [UInt8], there: [UInt8])? {
        let bothSides = [Self.titles[2], Self.titles[4]]
        guard level.model.sections.contains(where: { ($0.title.map(bothSides.contains) ?? false) && $0.rows.contains(row) }) else { return nil }
        let relative = level.model.name(ofRow: row)
        return (PathBytes.join(level.path, relative), PathBytes.join(other, relative))
    }

    /// The level of how `origin`'s directory differs from the tree at
    /// `other`, with the line that sums it up; `progress` hears the totals
    /// now and then, and a stop (`stop`: Ctrl-C) ends it (what was found stays).
    static func level(
        comparing origin: TableLevel, with other: [UInt8], progress: (TreeComparison.Totals) -> Void, stop: StopSource = .ctrlC
    ) throws(CommandError) -> (level: TableLevel, summary: String, troubles: [FileError]) {
        let first: DirectoryHandle
        let second: DirectoryHandle
        do {
            first = try origin.directoryUnderItsPath()
            second = try DirectoryHandle.open(resolving: other)
        } catch {
            throw CommandError("compare: \(error.description)")
        }
        // The first comparison runs on a thread of its own: Ctrl-C stops it
        // at its next entry, or, stuck on a file system that stopped
        // answering, leaves it (a reload compares on this thread, as ever).
        let token = OperationToken<TreeComparison.Totals>()
        let compared = AbandonableOperation.run(
            token: token,
            { token in
                Self.compare(first, second) { totals in
                    token.report(totals)
                    return token.isStopped
                }
            },
            waiting: { totals in if let totals { progress(totals) } }, stopAsked: stop.isRequested)
        guard let compared else {
            stop.forget()
            throw CommandError(
                "compare: stopped (Ctrl-C) while \(NameEscaping.escape(other)) did not answer; nothing to show, since no pair was compared whole")
        }
        progress(compared.totals)
        var kind: ComparisonLevel?
        let rows = PathRows(compared.contents) { () throws(FileError) -> PathRows.Contents in
            // A reload compares again: the kind learns what it found.
            let again = Self.compare(first, second) { _ in stop.isRequested() }
            kind?.totals = again.totals
            kind?.counterparts = again.counterparts
            kind?.unreadCount = again.troubles.count
            return again.contents
        }
        let (contents, totals, troubles) = (compared.contents, compared.totals, compared.troubles)
        let made = ComparisonLevel(other: other, totals: totals, counterparts: compared.counterparts)
        made.unreadCount = troubles.count
        kind = made
        let level = TableLevel(rows: rows, kind: made, in: first, path: origin.path, decoration: origin.formatter.decoration)
        let same = contents.sectionOfEntry.filter { $0 == 4 }.count
        // Kept short: the line stands under the page, within 80 columns (the sections count the rest).
        var summary = "compare: \(Plural.count(contents.names.count - same, "difference")), \(Plural.count(totals.sameFiles, "file")) the same"
        if !troubles.isEmpty { summary += "; \(troubles.count) could not be read" }
        summary += made.end.summaryNote
        return (level, summary, troubles)
    }

    /// What one comparison found: the rows, which file there is the same as
    /// which here, the totals, and what could not be read.
    private struct Compared {
        var contents: PathRows.Contents
        var counterparts: [EntryKey: EntryKey]
        var totals: TreeComparison.Totals
        var troubles: [FileError]
    }

    /// Compares the trees at `first` and `second`; `isCancelled` is asked
    /// between entries with the totals so far.
    private static func compare(
        _ first: DirectoryHandle, _ second: DirectoryHandle, isCancelled: @escaping (TreeComparison.Totals) -> Bool
    ) -> Compared {
        var sink = ComparisonRows()
        var troubles: [FileError] = []
        let comparison = TreeComparison(isCancelled: isCancelled)
        comparison.reportsSameFiles = true
        comparison.run(first: first, second: second, report: { sink.add($0, first: $1, second: $2) }, trouble: { troubles.append($0) })
        return Compared(contents: sink.contents, counterparts: sink.counterparts, totals: comparison.totals, troubles: troubles)
    }

    /// The rows a comparison finds, gathered as it reports them.
    private struct ComparisonRows {
        var contents = PathRows.Contents()
        var counterparts: [EntryKey: EntryKey] = [:]
        private var placeOf: [ObjectIdentifier: Int] = [:]

        init() {
            contents.sectionTitles = ComparisonLevel.titles
            contents.shownNames = NameArena()
        }

        mutating func add(_ difference: TreeDifference, first: DirectoryHandle, second: DirectoryHandle) {
            let there = difference.kind == .onlyInSecond || difference.kind == .same
            let directory = there ? second : first
            if difference.kind == .same, let a = first.identity, let b = second.identity {
                counterparts[EntryKey(directory: b, name: difference.name)] = EntryKey(directory: a, name: difference.name)
            }
            let section: UInt32
            switch difference.kind {
            case .onlyInFirst: section = 0
            case .onlyInSecond: section = 1
            case .contentsDiffer, .changedWhileCompared: section = 2
            case .typesDiffer: section = 3
            case .same: section = 4
            }
            let place =
                placeOf[ObjectIdentifier(directory)]
                ?? {
                    let index = contents.addPlace(directory, title: NameEscaping.escape(directory.path))
                    placeOf[ObjectIdentifier(directory)] = index
                    return index
                }()
            difference.name.withUnsafeBufferPointer { contents.append($0, kind: .unknown, inode: 0, place: place) }
            contents.shownNames?.append(difference.path, kind: .unknown)
            contents.sectionOfEntry.append(section)
        }
    }
}
