import FileBrowsing

/// `marks` and its subcommands: the deletion plan reviewed, checked,
/// pruned, cleared and exported. Nothing here deletes a file; the only
/// write is an export to a file the user names.
struct MarksCommand: RegisteredCommand {
    enum Action: Equatable {
        /// The plan as a level: its rows the marked paths, its totals under each page.
        case level
        /// Every marked path by directory, each checked again, then the
        /// totals, as one stream (`--print`, for scripts).
        case print
        case export(path: String, format: PlanExport.Format, force: Bool, allowChanged: Bool)
        case verify
        case prune
        case clear
    }

    let action: Action

    static let spec = CommandSpec(
        name: "marks", aliases: [], usage: "marks [export FILE [--json|--sh] [--force] [--changed]|verify|prune|clear]",
        summary: "the deletion plan",
        details:
            "A mark is the file the row showed (its device and inode, read through the directory the table lists) and the path that led to it. 'marks' opens the plan as a table of its own: a row for each marked path, a section for each directory, each row checked again when drawn (vanished, replaced, changed), and under every page the total files, directories, bytes and KiB on disk (directories counted recursively, each inode once; unreadable directories make the totals a lower bound). Its rows take open, info, view, hex, sort, filter and unmark like any table's; 'back' returns. 'marks --print' writes every marked path by directory and the totals as one stream, for scripts. 'marks export FILE' writes the paths NUL-separated (for xargs -0); --json writes each with its snapshot; --sh writes a reviewable script of rm -rf lines. The plan appears whole or not at all (written beside FILE, then renamed). An existing FILE is kept unless --force, which replaces the name (never writes into the old file, another link to it or a link); a FIFO, device or directory is refused. An export stops if a marked path now leads to a different file or its directory is a different one, and if a marked file or directory changed since it was marked unless --changed. 'marks verify' lists marked paths changed, replaced or vanished since they were marked; 'marks prune' drops the vanished and replaced ones. 'marks clear' drops every mark. Quitting with marks not exported asks first."
    )

    /// The subcommands that take nothing after them.
    private static let bare: [String: Action] = ["verify": .verify, "prune": .prune, "clear": .clear]
    private static let exportFlags = ["--json", "--sh", "--force", "--changed"]

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard let sub = words.arguments.first?.lowercased() else { return MarksCommand(action: .level) }
        if sub == "--print" {
            guard words.arguments.count == 1 else { throw words.usageError("takes nothing after --print") }
            return MarksCommand(action: .print)
        }
        if let action = bare[sub] {
            guard words.arguments.count == 1 else { throw words.usageError("takes no argument") }
            return MarksCommand(action: action)
        }
        guard sub == "export" else {
            throw words.usageError("'\(sub)' is not export, verify, prune or clear")
        }
        var path: String?
        var format = PlanExport.Format.nulList
        var force = false
        var allowChanged = false
        let usage = "usage: marks export FILE [--json|--sh] [--force] [--changed]"
        for word in words.arguments.dropFirst() {
            switch word {
            case "--json": format = .json
            case "--sh": format = .shellScript
            case "--force": force = true
            case "--changed": allowChanged = true
            default:
                guard path == nil, !word.hasPrefix("--") else {
                    throw CommandError("marks export: unexpected '\(word)' (\(usage))")
                }
                path = word
            }
        }
        guard let path else { throw CommandError("marks export: missing FILE (\(usage))") }
        // `-` is standard output to a Unix user, never a file named `-`.
        guard path != "-" else {
            throw CommandError(
                "marks export: '-' would be a file named '-'; 'marks --print' writes the plan to standard output (./- names such a file)")
        }
        return MarksCommand(action: .export(path: path, format: format, force: force, allowChanged: allowChanged))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        if position == 1 { return .words(["export", "--print"] + bare.keys.sorted()) }
        guard arguments.first?.lowercased() == "export" else { return .nothing }
        return .pathOrFlag(exportFlags)
    }

    /// Whether running it writes a file (the fuzzer and read-only checks skip those).
    var writesFile: Bool {
        if case .export = action { return true }
        return false
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        switch action {
        case .level: try context.showPlan()
        case .print: try context.printMarks()
        case .export(let path, let format, let force, let allowChanged):
            try context.exportMarks(to: path, format: format, force: force, allowChanged: allowChanged)
        case .verify: try context.verifyMarks()
        case .prune: try context.pruneMarks()
        case .clear: try context.clearMarks()
        }
        return .keepGoing
    }
}

extension CommandContext {
    /// `marks`: the plan as a level of its own, a row for each marked path
    /// (a section for each directory), each checked again when drawn, and
    /// the totals under every page. On the plan's level it is drawn again.
    func showPlan() throws(CommandError) {
        guard !marks.isEmpty else {
            write("no marks")
            return
        }
        if current.kind.marksShow == .everyRow { return printPage() }
        let plan = PlanRows(marks)
        let rows = PathRows(plan.contents()) { () throws(FileError) -> PathRows.Contents in plan.contents() }
        // The level's summary holds the plan and the setting it needs, not the session's owners (the stack holds the level).
        let kind = PlanLevel(plan: plan) { [deletionPlan, conversation] in
            Self.planSummary(plan, guarding: deletionPlan, progress: conversation.progressLine(), stop: conversation.stop)
        }
        present(TableLevel(rows: rows, kind: kind, in: current.directory, path: current.path, decoration: settings.decoration))
    }

    /// The lines under the plan: what vanished or was replaced, why the
    /// totals are a lower bound, and the `total:` line scripts read.
    static func planSummary(_ plan: PlanRows, guarding deletionPlan: DeletionPlan, progress: ProgressLine, stop: StopSource) -> [String] {
        var progress = progress
        let totals = plan.totals { counted in progress.update(.counting(entries: counted)) }
        progress.finish()
        stop.forget()
        var lines: [String] = []
        if totals.vanished > 0 {
            lines.append("vanished: \(Plural.count(totals.vanished, "marked path")) no longer exist\(totals.vanished == 1 ? "s" : "")")
        }
        if totals.replaced > 0 {
            lines.append(
                "replaced: \(Plural.count(totals.replaced, "marked path")) name\(totals.replaced == 1 ? "s" : "") a different file now (not counted; 'marks prune' drops them)"
            )
        }
        lines += deletionPlan.lastCopyProblems().map { "warning: " + $0 }
        return lines + totals.caveats + [totals.summary]
    }

    /// `marks --print`: every marked path by parent directory, each checked
    /// again, then the totals, as one stream (for scripts).
    func printMarks() throws(CommandError) {
        guard !marks.isEmpty else {
            write("no marks")
            return
        }
        let all = marks.all
        var parent: [UInt8]?
        for mark in all {
            let (directory, name) = mark.parentAndName
            if directory != parent {
                write(NameEscaping.escape(directory) + ":")
                parent = directory
            }
            var line = "  " + NameEscaping.escape(name) + (mark.snapshot.kind == .directory ? "/" : "")
            if let problem = PlanVerification.problem(with: mark) { line += "  (\(problem.description))" }
            write(line)
        }
        output.flush()
        let totals = countTotals(all)
        if totals.interrupted { throw CommandError("marks: counting interrupted; the marks are as they were") }
        if totals.vanished > 0 {
            write("vanished: \(Plural.count(totals.vanished, "marked path")) no longer exist\(totals.vanished == 1 ? "s" : "")")
        }
        if totals.replaced > 0 {
            write(
                "replaced: \(Plural.count(totals.replaced, "marked path")) name\(totals.replaced == 1 ? "s" : "") a different file now (not counted; 'marks prune' drops them)"
            )
        }
        totals.caveats.forEach { write($0) }
        deletionPlan.lastCopyProblems().forEach { write("warning: " + $0) }
        write(totals.summary)
    }
}
