import FileBrowsing

/// `dupes` (copies below a level, as a level of their own), `mark --keep`,
/// and the rule that the plan never takes the last copy of a group.
extension Session {
    func findCopies(_ request: CopiesRequest) throws(CommandError) {
        let origin = current
        let listing = try origin.directoryListing(for: "dupes")
        var options = CopyFinder.Options()
        options.maximumDepth = request.depth ?? Int.max
        options.smallestSize = request.smallestSize ?? (request.includesEmptyFiles ? 0 : 1)
        options.skipsHidden = listing.options.hidden == .hidden
        options.names = listing.options.filter
        let directory = (try? origin.directoryUnderItsPath()) ?? listing.directory
        // A row's directory, opened by its path (a group's copies live anywhere below).
        func makeTable(of search: CopySearch) -> CopyTable {
            CopyTable(search, below: origin.path) { parent in try? DirectoryHandle.open(resolving: parent) }
        }
        let search = search(for: options, in: directory)
        let table = makeTable(of: search)
        for error in search.errors.prefix(5) { write("dupes: \(error.description)") }
        if search.errors.count > 5 { write("dupes: … and \(search.errors.count - 5) more that could not be read") }
        for path in search.changed.prefix(5) { write("dupes: \(NameEscaping.escape(path)): changed while it was read; left out") }
        let summary = summaryLine(of: search)
        guard !search.groups.isEmpty else {
            throw CommandError(search.cancelled ? "dupes: interrupted before a group was confirmed" : "dupes: no copies here (\(summary))")
        }
        // 'reload' searches again and the level's groups are the new ones
        // (the guard checks those, not every search ever made). Weakly: the
        // session holds the level that holds this.
        let kind = CopiesLevel(table: table)
        let rows = PathRows(table.contents) { [weak self, weak kind] () throws(FileError) -> PathRows.Contents in
            guard let self, let kind else { return table.contents }
            kind.table = makeTable(of: self.search(for: options, in: directory))
            return kind.table.contents
        }
        let level = TableLevel(rows: rows, kind: kind, in: directory, path: origin.path, decoration: settings.decoration)
        deletionPlan.guardCopies(of: kind)
        // Each copy's date and links on its row: what the keep rules go by.
        present(level, style: current.style == .default ? .long : current.style)
        write("dupes: " + summary + (search.cancelled ? "; stopped by Ctrl-C, these groups are partial" : ""))
    }

    /// The search, with a progress line at a terminal and Ctrl-C to stop it.
    private func search(for options: CopyFinder.Options, in directory: DirectoryHandle) -> CopySearch {
        let finder = CopyFinder(options: options)
        var progress = CopyProgress()
        Interruption.clear()
        let search = finder.run([directory]) {
            if Interruption.isRequested { finder.cancel() }
            if settings.interactive, let line = progress.update(finder) {
                writeProgress(line)
            }
        }
        if let erasure = progress.erasure {
            writeProgress(erasure)
        }
        Interruption.clear()
        return search
    }

    private func summaryLine(of search: CopySearch) -> String {
        // Kept short: the line stands under the page, within 80 columns.
        return "\(Plural.count(search.groups.count, "group")), \(Plural.count(search.fileCount, "file")), "
            + "\(HumanSize.withUnit(search.totalGain)) to gain (byte for byte)"
    }

    /// `mark --keep RULE`: every copy but the kept one, in each group of the table.
    func mark(keeping rule: CopyTable.KeepRule) throws(CommandError) {
        let level = current
        guard let table = level.kind.copyGroups, let rows = level.model as? PathRows else {
            throw CommandError("mark --keep: works on a table of copies ('dupes' makes one)")
        }
        let (entries, skipped) = table.entriesToMark(keeping: rule, below: level.path)
        let wanted = Set(entries)
        let selected = (0..<rows.rowCount).filter { wanted.contains(rows.entry(ofRow: $0)) && !isMarked(row: $0, of: level) }
        if skipped > 0 { write("mark --keep: \(Plural.count(skipped, "group")) had no copy the rule keeps; none of theirs marked") }
        guard !selected.isEmpty else { throw CommandError("mark --keep: nothing more to mark") }
        try mark(rows: selected)
    }

    /// Refuses marks that would leave a group of the current table of copies
    /// with every copy in the plan (`rows` about to be marked).
    func keepACopyOfEachGroup(markingAlso rows: [Int]) throws(CommandError) {
        guard let table = current.kind.copyGroups, let model = current.model as? PathRows else { return }
        let marking = Set(rows.map { model.entry(ofRow: $0) })
        let markedDirectories = markedDirectoryPaths()
        var keeps = [Bool](repeating: false, count: table.groups.count)
        for entry in table.groupOfEntry.indices
        where !marking.contains(entry) && !isMarked(entry: entry, of: table, inside: markedDirectories) {
            keeps[table.groupOfEntry[entry]] = true
        }
        if let group = keeps.firstIndex(of: false) {
            let first = table.groups[group].firstPath
            throw CommandError(
                "mark: refused: that would put every copy of \(NameEscaping.escape(CopyTable.relative(first, to: current.path))) "
                    + "(\(CopyTable.title(of: table.groups[group]))) in the plan; keep one")
        }
    }

    /// Whether a table's entry is in the plan: marked itself, or inside one
    /// of the marked directories (`markedDirectoryPaths`, read once a check).
    private func isMarked(entry: Int, of table: CopyTable, inside markedDirectories: Set<[UInt8]>) -> Bool {
        let place = table.contents.places[Int(table.contents.placeOfEntry[entry])].directory
        let location = RowLocation(directory: place, name: table.contents.names.name(at: entry))
        if let key = location.entry, marks.mark(for: key) != nil { return true }
        guard !markedDirectories.isEmpty else { return false }
        // Each directory above the path, looked up in the set.
        let path = table.pathOfEntry[entry]
        var end = path.count
        while let slash = path[..<end].lastIndex(of: 0x2F), slash > 0 {
            if markedDirectories.contains(Array(path[..<slash])) { return true }
            end = slash
        }
        return false
    }

    /// The paths of the marked directories, for `isMarked(entry:of:inside:)`.
    private func markedDirectoryPaths() -> Set<[UInt8]> {
        Set(marks.all.filter { $0.snapshot.kind == .directory }.map(\.path))
    }

    /// Groups of this session's tables whose every copy is in the plan or
    /// no longer what was compared (changed, moved, gone): what `marks` and
    /// `marks verify` warn of. One line a group.
    /// Without `checkingFiles`, only what the plan covers is asked (no `lstat`).
    func lastCopyProblems(checkingFiles: Bool = true) -> [String] {
        guard !marks.isEmpty else { return [] }
        let markedDirectories = markedDirectoryPaths()
        var problems: [String] = []
        var seen = Set<[UInt8]>()
        for table in deletionPlan.copyLevels.map(\.table) {
            var keeps = [Bool](repeating: false, count: table.groups.count)
            var touched = [Bool](repeating: false, count: table.groups.count)
            for entry in table.groupOfEntry.indices {
                let group = table.groupOfEntry[entry]
                if isMarked(entry: entry, of: table, inside: markedDirectories) {
                    touched[group] = true
                } else if !keeps[group],
                    !checkingFiles
                        || isUnchanged(
                            table.groups[group].files[table.fileOfEntry[entry]], at: table.pathOfEntry[entry], size: table.groups[group].size)
                {
                    keeps[group] = true
                }
            }
            for group in table.groups.indices where touched[group] && !keeps[group] {
                let first = table.groups[group].firstPath
                guard seen.insert(first).inserted else { continue }
                let group = "\(NameEscaping.escape(first)) (\(CopyTable.title(of: table.groups[group])))"
                problems.append(
                    checkingFiles
                        ? "the plan takes every copy of \(group): no copy outside it is as it was compared; unmark one"
                        : "that would put every copy of \(group) in the plan; keep one")
            }
        }
        return problems
    }

    /// Whether `path` still leads to the file compared: same identity, size and time.
    private func isUnchanged(_ file: CopyGroup.File, at path: [UInt8], size: Int64) -> Bool {
        guard case .success(let status) = PathResolution.status(of: path) else { return false }
        return status.identity == file.identity && status.size == size && status.modificationTime == file.modified
    }
}
