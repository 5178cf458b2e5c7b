import FileBrowsing
import SystemSeam

/// A file the plan keeps because a mark counts on it: `mark same` in a
/// comparison marks the other tree's copy of a file only because this
/// tree's copy stays. The plan owns that promise as it owns a table of
/// copies' groups: the kept file is snapshotted when the mark is made,
/// marking it (or a directory holding it) is refused, and `marks`,
/// `marks verify` and `marks export` refuse a plan whose kept copy has
/// changed, moved or gone while the mark that counts on it is still in.
struct KeptCopy: Sendable {
    /// The file kept, by the path the comparison showed.
    let path: [UInt8]
    /// Its identity, size and time when the mark was made.
    let identity: FileIdentity
    let size: Int64
    let modified: Timestamp
    /// The mark that counts on it (the other tree's copy).
    let markedCopy: [UInt8]
}

extension DeletionPlan {
    /// The kept copies whose mark is still in the plan and that are in the
    /// plan themselves, or (with `checkingFiles`) no longer the file that
    /// was compared: one line each, as `lastCopyProblems` gives them
    /// (`markedDirectories`: its `markedDirectoryPaths`, read once).
    func keptCopyProblems(checkingFiles: Bool, markedDirectories: Set<[UInt8]>) -> [String] {
        guard !keptCopies.isEmpty, !marks.isEmpty else { return [] }
        let markedPaths = Set(marks.all.map(\.path))
        var problems: [String] = []
        for kept in keptCopies where markedPaths.contains(kept.markedCopy) {
            let pair = "\(NameEscaping.escape(kept.path)) (the copy kept for \(NameEscaping.escape(kept.markedCopy)))"
            if markedPaths.contains(kept.path) || Self.isInside(kept.path, anyOf: markedDirectories) {
                problems.append("that would put \(pair) in the plan with its copy; keep one")
            } else if checkingFiles,
                !Self.isUnchanged(kept.path, identity: kept.identity, size: kept.size, modified: kept.modified, followingLink: true)
            {
                problems.append("the plan takes the last copy of \(pair): it changed or is gone since it was compared; unmark its copy")
            }
        }
        return problems
    }
}

extension KeptCopy {
    /// The copy at `path` as it is now (the file a link there leads to: its
    /// bytes are what stays), kept for `markedCopy`; nil when it cannot be
    /// read (then the mark is not made: nothing would keep it).
    static func snapshot(of path: [UInt8], keptFor markedCopy: [UInt8]) -> KeptCopy? {
        guard case .success(let status) = PathResolution.status(of: path, followingLastLink: true), status.kind == .file else { return nil }
        return KeptCopy(path: path, identity: status.identity, size: status.size, modified: status.modificationTime, markedCopy: markedCopy)
    }
}
