import FileBrowsing
import SystemSeam

/// The plan's guard over copies: it never takes the last copy of a group
/// a table of copies (`dupes`) found this session.
extension DeletionPlan {
    /// Refuses marks that would leave a group of `level` (a table of
    /// copies) with every copy in the plan (`rows` about to be marked).
    func keepACopyOfEachGroup(of level: TableLevel, markingAlso rows: [Int]) throws(CommandError) {
        guard let table = (level.kind as? GuardsCopyGroups)?.copyGroups, let model = level.model as? PathRows else { return }
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
                "mark: refused: that would put every copy of \(NameEscaping.escape(CopyTable.relative(first, to: level.path))) "
                    + "(\(CopyTable.title(of: table.groups[group]))) in the plan; keep one")
        }
    }

    /// Whether a table's entry is in the plan: marked itself, or inside one
    /// of the marked directories (`markedDirectoryPaths`, read once a check).
    private func isMarked(entry: Int, of table: CopyTable, inside markedDirectories: Set<[UInt8]>) -> Bool {
        let place = table.contents.places[Int(table.contents.placeOfEntry[entry])].directory
        let location = RowLocation(directory: place, name: table.contents.names.name(at: entry))
        if let key = location.entry, marks.mark(for: key) != nil { return true }
        return Self.isInside(table.pathOfEntry[entry], anyOf: markedDirectories)
    }

    /// Whether `path` lies below one of `directories` (each directory above
    /// it looked up in the set): a mark on a directory covers what it holds.
    static func isInside(_ path: [UInt8], anyOf directories: Set<[UInt8]>) -> Bool {
        guard !directories.isEmpty else { return false }
        var end = path.count
        while let slash = path[..<end].lastIndex(of: 0x2F), slash > 0 {
            if directories.contains(Array(path[..<slash])) { return true }
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
    /// `marks verify` warn of, and kept copies likewise (`keptCopyProblems`). One line a group.
    /// Without `checkingFiles`, only what the plan covers is asked (no `lstat`).
    func lastCopyProblems(checkingFiles: Bool = true) -> [String] {
        // With no table of copies and no kept copy there is nothing to
        // guard: a million marks are not made into paths to find that out.
        guard !marks.isEmpty, !copyLevels.isEmpty || !keptCopies.isEmpty else { return [] }
        let markedDirectories = markedDirectoryPaths()
        var problems = keptCopyProblems(checkingFiles: checkingFiles, markedDirectories: markedDirectories)
        var seen = Set<[UInt8]>()
        for table in copyLevels.map(\.table) {
            var keeps = [Bool](repeating: false, count: table.groups.count)
            var touched = [Bool](repeating: false, count: table.groups.count)
            for entry in table.groupOfEntry.indices {
                let group = table.groupOfEntry[entry]
                if isMarked(entry: entry, of: table, inside: markedDirectories) {
                    touched[group] = true
                } else if !keeps[group], !checkingFiles || isUnchanged(entry, of: table) {
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

    /// Whether a table's entry still leads to the file its group compared.
    private func isUnchanged(_ entry: Int, of table: CopyTable) -> Bool {
        let group = table.groups[table.groupOfEntry[entry]]
        let file = group.files[table.fileOfEntry[entry]]
        return Self.isUnchanged(table.pathOfEntry[entry], identity: file.identity, size: group.size, modified: file.modified)
    }

    /// Whether `path` still leads to the file compared: same identity, size
    /// and time (through a last link when `followingLink`: a kept copy's bytes).
    static func isUnchanged(
        _ path: [UInt8], identity: FileIdentity, size: Int64, modified: Timestamp, followingLink: Bool = false
    ) -> Bool {
        guard case .success(let status) = PathResolution.status(of: path, followingLastLink: followingLink) else { return false }
        return status.identity == identity && status.size == size && status.modificationTime == modified
    }
}
