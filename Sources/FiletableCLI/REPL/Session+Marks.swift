import Glibc
import FileBrowsing
import TableKit

/// Editing mode and simulated deletion: mark, unmark, undo, show/hide marked,
/// and the plan (marks, export, verify, clear). Nothing here touches a file;
/// the only write is an export to a file the user names.
extension Session {
    /// Brings a level's table in line with the session's marks and modes.
    func syncMarks(_ level: TableLevel) {
        let covered = marks.coveringMark(of: level.path) != nil
        if level.model.applyMarks(names: marks.markedNames(in: level.path), covered: covered, shown: showMarked) {
            let first = level.table.firstVisibleRow
            level.table.reloadData()
            level.table.scrollToRow(first)
        }
        level.formatter.showsDeleteControls = editing
        level.table.setEditing(editing)
    }

    func mark(_ arguments: [String]) throws(CommandError) {
        let level = current, model = level.model
        let rows = try selectRows(arguments, for: "mark").filter { !model.isMarked(row: $0) }
        guard !rows.isEmpty else { throw CommandError("mark: those rows are marked already") }
        if let dot = rows.first(where: { model.isDotEntry(row: $0) }) {
            throw CommandError("mark: row \(dot + 1) (\(NameEscaping.escape(model.name(ofRow: dot)))) cannot be marked")
        }
        var newMarks: [Mark] = []
        for row in rows {
            let path = level.path(ofRow: row)
            switch model.status(ofRow: row) {
            case .success(let status): newMarks.append(Mark(path: path, snapshot: MarkSnapshot(status)))
            case .failure(let errno): throw CommandError("mark: \(NameEscaping.escape(path)): \(errno.description)")
            }
        }
        let directories = newMarks.filter { $0.snapshot.kind == .directory }.count
        if newMarks.count > 1 || directories > 0, let confirm, !settings.assumeYes {
            let size = newMarks.reduce(Int64(0)) { $0 + $1.snapshot.size }
            let entries = newMarks.count == 1 ? "1 entry" : "\(newMarks.count) entries"
            guard confirm("Mark \(entries) (\(HumanSize.format(size))) for deletion? [y/N] ") else {
                write("mark: nothing marked")
                return
            }
        }
        let added = marks.add(newMarks)
        write("marked \(added) (\(marks.count) in the plan; 'marks' to review, 'undo' to revert)")
        printPage()
    }

    func unmark(_ arguments: [String]) throws(CommandError) {
        guard showMarked else { throw CommandError("unmark: marked rows are hidden; 'show marked' first") }
        let level = current, model = level.model
        let rows = try selectRows(arguments, for: "unmark").filter { model.isMarked(row: $0) }
        guard !rows.isEmpty else { throw CommandError("unmark: none of those rows is marked") }
        var paths: [[UInt8]] = []
        for row in rows {
            let path = level.path(ofRow: row)
            guard marks.mark(at: path) != nil else {
                let cover = marks.coveringMark(of: path).map { NameEscaping.escape($0.path) } ?? "?"
                throw CommandError("unmark: row \(row + 1) is inside the marked directory \(cover); unmark that directory")
            }
            paths.append(path)
        }
        let removed = marks.unmark(paths)
        write("unmarked \(removed) (\(marks.count) in the plan)")
        printPage()
    }

    func undo() throws(CommandError) {
        guard let change = marks.undo() else { throw CommandError("undo: nothing to undo") }
        var parts: [String] = []
        if change.unmarked > 0 { parts.append("unmarked \(change.unmarked)") }
        if change.remarked > 0 { parts.append("marked \(change.remarked) again") }
        write("undo: " + parts.joined(separator: ", ") + " (\(marks.count) in the plan)")
        printPage()
    }

    /// `marks`: every marked path by parent directory, then the totals.
    func listMarks() throws(CommandError) {
        guard !marks.isEmpty else { write("no marks"); return }
        var parent: [UInt8]?
        for mark in marks.all {
            let (directory, name) = mark.parentAndName
            if directory != parent {
                write(NameEscaping.escape(directory) + ":")
                parent = directory
            }
            var line = "  " + NameEscaping.escape(name) + (mark.snapshot.kind == .directory ? "/" : "")
            if case .failure = FileStatusReader.status(of: mark.path, followSymlink: false) { line += "  (vanished)" }
            write(line)
        }
        output.flush()
        let progress: ((Int) -> Void)? = settings.interactive ? { counted in
            let line = "\rcounting: \(counted) entries (Ctrl-C stops)"
            line.utf8CString.withUnsafeBufferPointer { _ = Glibc.write(2, $0.baseAddress, $0.count - 1) }
        } : nil
        do {
            let totals = try PlanTotals.count(marks.all, progress: progress)
            if settings.interactive { "\r\u{1B}[K".utf8CString.withUnsafeBufferPointer { _ = Glibc.write(2, $0.baseAddress, $0.count - 1) } }
            if totals.vanished > 0 { write("vanished: \(totals.vanished) marked path\(totals.vanished == 1 ? "" : "s") no longer exist\(totals.vanished == 1 ? "s" : "")") }
            write(totals.summary)
        } catch {
            throw CommandError("marks: \(error.reasonText); the marks are as they were")
        }
    }

    func exportMarks(to path: String, format: PlanExport.Format, force: Bool) throws(CommandError) {
        guard !marks.isEmpty else { throw CommandError("marks export: no marks to export") }
        let bytes = NameEscaping.unescape(path) ?? Array(path.utf8)
        do {
            try PlanExport.write(marks.all, as: format, to: bytes, replace: force)
        } catch {
            throw CommandError("marks export: \(error.description)")
        }
        write("exported \(marks.count) marked path\(marks.count == 1 ? "" : "s") to \(NameEscaping.escape(bytes))")
    }

    func verifyMarks() throws(CommandError) {
        let all = marks.all
        let problems = PlanVerification.check(all)
        guard !problems.isEmpty else {
            write("verify: all \(all.count) marked paths are as they were when marked")
            return
        }
        for (mark, problem) in problems { write(NameEscaping.escape(mark.path) + ": " + problem.description) }
        throw CommandError("marks verify: \(problems.count) of \(all.count) marked paths differ from their snapshot")
    }

    func clearMarks() throws(CommandError) {
        guard !marks.isEmpty else { write("no marks"); return }
        if let confirm, !settings.assumeYes, !confirm("Clear all \(marks.count) marks? [y/N] ") {
            write("marks clear: kept")
            return
        }
        let removed = marks.clear()
        syncMarks(current)
        write("cleared \(removed) marks ('undo' brings them back)")
    }

    /// Rows named by ARGS in the current view: numbers, ranges (3-7), lists
    /// (1,4,9), globs over names (*.log), or all. Returns 0-based rows.
    func selectRows(_ arguments: [String], for command: String) throws(CommandError) -> [Int] {
        let model = current.model
        var rows = Set<Int>()
        for argument in arguments {
            if argument.lowercased() == "all" {
                rows.formUnion(0..<model.rowCount)
                continue
            }
            let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            let numeric = parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isNumber || $0 == "-" } }
            if numeric {
                for part in parts {
                    let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
                    guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low <= high else {
                        throw CommandError("\(command): '\(part)' is not a row, a range such as 3-7, or a list such as 1,4,9")
                    }
                    let first = try checkedRow(low, for: command), last = try checkedRow(high, for: command)
                    rows.formUnion(first...last)
                }
            } else {
                let glob = GlobPattern(argument)
                let matches = (0..<model.rowCount).filter { glob.matches(model.name(ofRow: $0)) }
                guard !matches.isEmpty else { throw CommandError("\(command): no name in view matches '\(argument)'") }
                rows.formUnion(matches)
            }
        }
        return rows.sorted()
    }
}
