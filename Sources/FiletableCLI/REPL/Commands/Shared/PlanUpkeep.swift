import FileBrowsing
import SystemSeam

/// The plan's way out and its upkeep: `marks export`, `verify`, `prune`
/// and `clear`. Nothing here deletes anything: an export is a file the user
/// names, a plan to review and run.
extension CommandContext {
    /// Writes the plan. A mark whose path now leads to a different file stops
    /// the export: the plan would name something that was never shown. A
    /// marked file or directory that changed since (a directory that gained
    /// files, say) stops it too unless `allowChanged`: what it would delete
    /// is not what was reviewed.
    func exportMarks(to path: String, format: PlanExport.Format, force: Bool, allowChanged: Bool) throws(CommandError) {
        guard !marks.isEmpty else { throw CommandError("marks export: no marks to export") }
        let all = marks.all
        let problems = PlanVerification.check(all)
        let broken = problems.filter { $0.problem.breaksIdentity }
        if !broken.isEmpty {
            for (mark, problem) in broken { write(NameEscaping.escape(mark.path) + ": " + problem.description) }
            throw CommandError(
                "marks export: \(Plural.count(broken.count, "marked path")) no longer lead\(broken.count == 1 ? "s" : "") to the marked file; nothing written ('marks prune' drops them)"
            )
        }
        // The last copy of anything is never in a written plan, --changed or not.
        let copyProblems = deletionPlan.lastCopyProblems()
        if !copyProblems.isEmpty {
            for problem in copyProblems { write("marks export: " + problem) }
            throw CommandError(
                "marks export: the plan takes the last copy of \(Plural.count(copyProblems.count, "file or group", "files or groups")); nothing written"
            )
        }
        let changed = problems.filter { if case .changed = $0.problem { return true } else { return false } }
        if !changed.isEmpty {
            for (mark, problem) in changed { write(NameEscaping.escape(mark.path) + ": " + problem.description) }
            if !allowChanged {
                throw CommandError(
                    "marks export: \(Plural.count(changed.count, "marked path")) changed since marking; nothing written (review them, then add --changed to export anyway)"
                )
            }
        }
        let bytes = NameEscaping.typedName(path)
        // Relative to where filetable started, not the level shown: said whole.
        let absolute = DisplayPath.absolute(bytes)
        let written: Result<Void, FileError>
        if HangGuard.enabled, HangProneFileSystems.mayHang(path: absolute) {
            written = try exportWaiting(all, as: format, to: bytes, replace: force)
        } else {
            written = Result { () throws(FileError) in try PlanExport.write(all, as: format, to: bytes, replace: force) }
        }
        if case .failure(let error) = written { throw CommandError("marks export: \(error.description)") }
        deletionPlan.noteExported()
        write("exported \(Plural.count(all.count, "marked path")) to \(NameEscaping.escape(absolute))")
        let vanished = problems.filter { $0.problem == .vanished }.count
        if vanished > 0 { write("note: \(Plural.count(vanished, "exported path")) no longer exist\(vanished == 1 ? "s" : "") ('marks verify')") }
    }

    /// An export onto a file system that can stop answering, written on a
    /// thread of its own: past the deadline the prompt says so, and Ctrl-C
    /// gives it back (the write finishes, whole, if the file system answers).
    private func exportWaiting(
        _ marks: [Mark], as format: PlanExport.Format, to path: [UInt8], replace: Bool
    ) throws(CommandError) -> Result<Void, FileError> {
        let key = FileIdentity(device: .max - 1, inode: UInt64(truncatingIfNeeded: path.hashValue))
        return try awaitResult(
            "marks export", path: path, key: key,
            gaveUp: "gave up waiting; the plan appears there whole if the file system answers, or not at all"
        ) {
            Result { () throws(FileError) in try PlanExport.write(marks, as: format, to: path, replace: replace) }
        }
    }

    func verifyMarks() throws(CommandError) {
        let all = marks.all
        let problems = PlanVerification.check(all)
        let copyProblems = deletionPlan.lastCopyProblems()
        for problem in copyProblems { write("verify: " + problem) }
        guard !problems.isEmpty else {
            if !copyProblems.isEmpty {
                throw CommandError("marks verify: the plan takes the last copy of \(Plural.count(copyProblems.count, "group"))")
            }
            write("verify: all \(all.count) marked paths are as they were when marked")
            return
        }
        for (mark, problem) in problems { write(NameEscaping.escape(mark.path) + ": " + problem.description) }
        throw CommandError("marks verify: \(problems.count) of \(all.count) marked paths differ from their snapshot")
    }

    /// `marks prune`: drops the marks whose paths vanished or lead elsewhere now.
    func pruneMarks() throws(CommandError) {
        let stale = PlanVerification.check(marks.all).filter { $0.problem == .vanished || $0.problem.breaksIdentity }
        guard !stale.isEmpty else {
            write("marks prune: every marked path still leads to its file")
            return
        }
        let removed = marks.unmark(stale.map(\.mark.entry))
        write("marks prune: dropped \(removed) (\(marks.count) in the plan; 'undo' brings them back)")
        printPage()
    }

    func clearMarks() throws(CommandError) {
        guard !marks.isEmpty else {
            write("no marks")
            return
        }
        if conversation.canAsk, !settings.assumeYes, !conversation.ask("Clear all \(Plural.count(marks.count, "mark"))? [y/N] ") {
            write("marks clear: kept")
            return
        }
        let removed = marks.clear()
        prepareDrawing(current)
        write("cleared \(Plural.count(removed, "mark")) ('undo' brings them back)")
    }
}
