import FileBrowsing

/// `mark ARGS`: rows marked for simulated deletion (nothing is deleted).
struct MarkCommand: RegisteredCommand {
    /// What is marked: rows of the table, or (on a table of copies) every
    /// copy but the one a rule keeps.
    enum Target: Equatable, Sendable {
        case rows([RowSelector])
        /// `--keep RULE`, its words.
        case allCopiesBut([String])
    }

    let target: Target

    static let spec = CommandSpec(
        name: "mark", aliases: ["delete", "rm"], usage: "mark ARGS", summary: "mark rows for simulated deletion",
        details:
            "ARGS: row numbers, ranges (3-7), lists (1,4,9), globs over the names in view (*.log), or all. In a git work tree, 'mark ignored' marks exactly what git clean -ndX would remove (ignored files and whole ignored directories: build outputs) and 'mark untracked' what git clean -nd would, shown as a level of their own (git is only asked, with git status; git clean never runs). In a comparison ('compare PATH'), 'mark same' marks the files there whose bytes are here too (never one whose copy here is marked). On a table of copies ('dupes'), 'mark --keep newest|oldest|first|shortest-path|inside GLOB' marks every copy but the one the rule keeps in each group, and no mark may leave a group without a copy outside the plan. Marked rows leave the table and the rows below are renumbered; nothing is ever deleted. Marking several rows or a directory lists them and asks with what they cover (files, directories, bytes; Ctrl-C stops a long count), unless -y was given or in a script. Ctrl-D or Ctrl-C at a question means no. A mark is the file the row showed; a row whose directory has moved since the table was read is refused."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard !words.isEmpty else { throw words.usageError("missing argument") }
        if words.arguments.first == "--keep" {
            let rule = Array(words.arguments.dropFirst())
            guard CopyTable.KeepRule(rule) != nil else {
                throw CommandError("mark: --keep takes newest, oldest, first, shortest-path or inside GLOB")
            }
            return MarkCommand(target: .allCopiesBut(rule))
        }
        return MarkCommand(target: .rows(try RowSelector.parse(words.arguments, for: "mark")))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .rows
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        guard context.picking == nil else {
            throw CommandError("mark: no deletion marks while choosing files (--choose-files); 'select' chooses rows to pick")
        }
        switch target {
        case .allCopiesBut(let words):
            guard let rule = CopyTable.KeepRule(words) else {
                throw CommandError("mark: --keep takes newest, oldest, first, shortest-path or inside GLOB")
            }
            try context.mark(keeping: rule)
        case .rows(let selectors):
            if case .name(let word)? = selectors.first, selectors.count == 1, try markKindWord(word, in: context) { return .keepGoing }
            if case .name(let word)? = selectors.first, selectors.count == 1, CommandContext.isGitCleanWord(word),
                try RowNames.exactRow(word, in: context.current.model, for: "mark") == nil
            {
                try context.markCleanable(untracked: word == "untracked")
                return .keepGoing
            }
            try context.mark(selectors)
        }
        return .keepGoing
    }

    /// A word the level's kind gives rows for (`mark same` in a
    /// comparison), when no row has that exact name; whether it was one.
    private func markKindWord(_ word: String, in context: CommandContext) throws(CommandError) -> Bool {
        let level = context.current
        guard try RowNames.exactRow(word, in: level.model, for: "mark") == nil,
            let chosen = (level.kind as? NamesRowsForMarks)?.rows(for: word, in: level, marks: context.marks)
        else { return false }
        let kept = chosen.kept > 0 ? "; \(chosen.kept) kept: the copy here is marked, or is among them" : ""
        guard !chosen.rows.isEmpty else { throw CommandError("mark \(word): no row to mark\(kept)") }
        // The copies the marks count on belong to the plan before the marks are made.
        var keeping: [KeptCopy] = []
        for row in chosen.rows {
            guard let here = (level.kind as? SideBySide)?.counterpart(ofRow: row, in: level)?.here else { continue }
            guard let copy = KeptCopy.snapshot(of: here, keptFor: level.path(ofRow: row)) else {
                throw CommandError("mark \(word): \(NameEscaping.escape(here)) cannot be read now; nothing marked (compare again)")
            }
            keeping.append(copy)
        }
        let plannedBefore = context.marks.count
        context.deletionPlan.keep(keeping)
        do {
            try context.mark(chosen.rows.map { .numbers(($0 + 1)...($0 + 1)) })
        } catch {
            context.deletionPlan.forgetLastKept(keeping.count)
            throw error
        }
        if context.marks.count == plannedBefore { context.deletionPlan.forgetLastKept(keeping.count) }
        if !kept.isEmpty { context.conversation.write("mark \(word): \(chosen.rows.count) marked" + kept) }
        return true
    }
}

extension Command {
    static func mark(_ selectors: [RowSelector]) -> Command { Command(MarkCommand(target: .rows(selectors))) }
    /// `mark N`: row `number` (1-based).
    static func mark(row number: Int) -> Command { .mark([.numbers(number...number)]) }
}

extension CommandContext {
    func mark(_ selectors: [RowSelector]) throws(CommandError) {
        try mark(rows: try selectRows(selectors, for: "mark"))
    }

    /// Marks `selected` rows of the current level (0-based).
    func mark(rows selected: [Int]) throws(CommandError) {
        let level = current
        let model = level.model
        // A directory without marks (and not inside a marked one) needs no look-up per row.
        let noneMarked = level.identity.map { marks.markCount(inDirectory: $0) == 0 } == true && deletionPlan.markedRows(of: level) == .none
        let rows = noneMarked ? selected : selected.filter { !deletionPlan.isMarked(row: $0, of: level) }
        guard !rows.isEmpty else { throw CommandError("mark: those rows are marked already") }
        if let dot = rows.first(where: { model.isDotEntry(row: $0) }) {
            throw CommandError("mark: row \(dot + 1) (\(NameEscaping.escape(model.name(ofRow: dot)))) cannot be marked")
        }
        try deletionPlan.keepACopyOfEachGroup(of: level, markingAlso: rows)
        let request = try markRequest(for: rows, of: level)
        // Reading a million entries takes a while: Ctrl-C stops at once, nothing marked.
        let batch: MarkBatch
        switch request.take() {
        case .success(let taken): batch = taken
        case .failure(.refused(let entry, let refusal)):
            throw CommandError("mark: \(NameEscaping.escape(level.path(ofRow: rows[entry]))): \(refusal.description)")
        case .failure(.interrupted(let read)):
            stop.forget()
            throw CommandError("mark: interrupted after reading \(read) of \(rows.count) entries; nothing marked")
        }
        let directories = (0..<batch.count).reduce(0) { $0 + (batch.kind(at: $1) == .directory ? 1 : 0) }
        if batch.count > 1 || directories > 0, conversation.canAsk, !settings.assumeYes {
            guard askToMark(batch, directories: directories, rows: rows) else {
                write("mark: nothing marked")
                return
            }
        }
        // A mark here may cover the last copy of a group another level found (a directory holding it).
        let problemsBefore = !deletionPlan.guardsCopies ? [] : Set(deletionPlan.lastCopyProblems(checkingFiles: false))
        let added = marks.add(batch)
        if let problem = !deletionPlan.guardsCopies
            ? nil : deletionPlan.lastCopyProblems(checkingFiles: false).first(where: { !problemsBefore.contains($0) })
        {
            _ = marks.undo()
            throw CommandError("mark: refused: " + problem)
        }
        // The rows just marked leave a directory's table as they stand: no
        // look-up of every name in the plan to find them again.
        if let listing = level.listing, !state.marksShown {
            listing.exclude(deletionPlan.markedRows(of: level), leavingOut: rows)
            level.table.reloadData()
        }
        write("marked \(added) (\(marks.count) in the plan; 'marks' to review, 'undo' to revert)")
        printPage()
    }

    /// The request that reads `rows` of `level` for marking: one taker per
    /// directory the rows live in (one for a directory's table; a table of
    /// search matches spans many). A row's name is its entry's name there.
    private func markRequest(for rows: [Int], of level: TableLevel) throws(CommandError) -> MarkRequest {
        let model = level.model
        var takers: [ObjectIdentifier: Int] = [:]
        var request = MarkRequest()
        request.entriesAreDistinct = true
        if let listing = level.listing {
            // One directory: one taker, the names read a page of storage at a time.
            let taker: Int
            do {
                taker = request.add(try MarkTaker(directory: listing.directory, path: level.path))
            } catch {
                throw CommandError("mark: \(NameEscaping.escape(level.path)): \(error.description)")
            }
            var start = 0
            while start < rows.count {
                // Runs of consecutive rows (all of them, for 'mark all') go in at once.
                var end = start + 1
                while end < rows.count && rows[end] == rows[end - 1] + 1 { end += 1 }
                request.append(rows: rows[start]..<(rows[start] + end - start), of: listing, taker: taker)
                start = end
            }
        }
        for row in rows where level.listing == nil {
            // A mark is a file on disk: a row that lives elsewhere (inside an archive) cannot be marked alone.
            guard let location = model.location(ofRow: row) else {
                // Inside a file (an archive) what holds it can be marked; a revision's entries are nowhere on disk.
                let advice = level.kind is InsideAFile ? "; mark what holds it" : " (\(level.kindDescription)); nothing here can be marked"
                throw CommandError("mark: \(NameEscaping.escape(level.path(ofRow: row))) is not a file on disk of its own" + advice)
            }
            let directory = location.directory
            let key = ObjectIdentifier(directory)
            if takers[key] == nil {
                let path = level.listing != nil ? level.path : directory.path
                do {
                    takers[key] = request.add(try MarkTaker(directory: directory, path: path))
                } catch {
                    throw CommandError("mark: \(NameEscaping.escape(path)): \(error.description)")
                }
            }
            let taker = takers[key]!
            // The entry's own name in its directory (a row may show a longer path).
            location.name.withUnsafeBufferPointer {
                request.append($0, shownInode: model.reportedInode(ofRow: row), taker: taker)
            }
        }
        return request
    }

    /// Says what the new marks cover (names, up to a screen, when there are
    /// several; the files, directories and bytes inside) and asks. Ctrl-C
    /// stops a long count and asks with what was counted.
    private func askToMark(_ batch: MarkBatch, directories: Int, rows: [Int]) -> Bool {
        if batch.count > 1 {
            let room = max(1, PageView(level: current, settings: settings, state: state).screenRoom() - 2)
            let shown = batch.count > room ? room - 1 : batch.count
            // Each as its row shows it: rows shown by their path (copies,
            // matches, a comparison) by it, so two copies named `copyright`
            // read as the two places they are.
            let model = current.model
            let asShown = rows.count == batch.count
            for index in 0..<shown {
                let name = asShown ? model.name(ofRow: rows[index]) : batch.names.name(at: index)
                write("  " + NameEscaping.escape(name) + (batch.kind(at: index) == .directory ? "/" : ""))
            }
            if shown < batch.count { write("  … and \(batch.count - shown) more") }
        }
        let newMarks = batch.marks
        let totals = countTotals(newMarks)
        totals.caveats.forEach { write($0) }
        let entries = Plural.count(newMarks.count, "entry", "entries")
        let kinds = directories == 0 ? "" : " (\(Plural.count(directories, "directory", "directories")))"
        let atLeast = totals.isLowerBound ? "at least " : ""
        return conversation.ask("Mark \(entries)\(kinds): \(atLeast)\(totals.brief) for deletion? [y/N] ")
    }

    /// `mark --keep RULE`: every copy but the kept one, in each group of the table.
    func mark(keeping rule: CopyTable.KeepRule) throws(CommandError) {
        let level = current
        guard let table = (level.kind as? GuardsCopyGroups)?.copyGroups, let rows = level.model as? PathRows else {
            throw CommandError("mark --keep: works on a table of copies ('dupes' makes one)")
        }
        let (entries, skipped) = table.entriesToMark(keeping: rule, below: level.path)
        let wanted = Set(entries)
        let selected = (0..<rows.rowCount).filter { wanted.contains(rows.entry(ofRow: $0)) && !deletionPlan.isMarked(row: $0, of: level) }
        if skipped > 0 { write("mark --keep: \(Plural.count(skipped, "group")) had no copy the rule keeps; none of theirs marked") }
        guard !selected.isEmpty else { throw CommandError("mark --keep: nothing more to mark") }
        try mark(rows: selected)
    }
}
