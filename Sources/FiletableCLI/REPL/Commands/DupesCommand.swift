import FileBrowsing

/// `dupes [--depth N] [--min-size N] [--empty]`: the files below this level
/// with identical contents, as a level of their own (a group a section).
struct DupesCommand: RegisteredCommand {
    let request: CopiesRequest

    static let spec = CommandSpec(
        name: "dupes", aliases: ["copies"], usage: "dupes [--depth N] [--min-size N] [--empty]",
        summary: "files here and below with identical contents",
        details:
            "Searches this directory and everything below it for regular files with the same contents (symlinks never followed; hard links to one file are one file, shown as already linked; empty files left out unless --empty; the level's filter and hidden setting apply). Files are compared byte for byte after their size and a block from each end, on every core, with a progress line; Ctrl-C stops it and shows the groups confirmed so far. The table has a section a group, largest space to gain first ('3 copies × 1.2 MiB = 2.4 MiB to gain'); its rows take open, info, view, hex and mark like any table's, and 'mark --keep newest|oldest|first|shortest-path|inside GLOB' marks all but one copy in every group. No mark may leave a group without a copy outside the plan; 'marks verify' says when files changed since so that one would. 'reload' searches again; 'back' returns."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var request = CopiesRequest()
        var arguments = words.arguments[...]
        while let word = arguments.popFirst() {
            switch word {
            case "--empty": request.includesEmptyFiles = true
            case "--depth", "--min-size":
                guard let value = arguments.popFirst() else { throw words.usageError("\(word) needs a number") }
                let number = try CommandWords.number(value, for: "dupes: \(word)")
                if word == "--depth" { request.depth = max(1, number) } else { request.smallestSize = Int64(number) }
            default: throw words.usageError("unknown argument '\(word)'")
            }
        }
        return DupesCommand(request: request)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return arguments.last == "--depth" || arguments.last == "--min-size" ? .nothing : .words(["--depth", "--min-size", "--empty"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.findCopies(request)
        return .keepGoing
    }
}

/// What `dupes` was asked for.
struct CopiesRequest: Equatable {
    var depth: Int?
    var smallestSize: Int64?
    var includesEmptyFiles = false
}

extension CommandContext {
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
        let search = Self.searchCopies(for: options, in: directory, speaking: conversation)
        let table = makeTable(of: search)
        for error in search.errors.prefix(5) { write("dupes: \(error.description)") }
        if search.errors.count > 5 { write("dupes: … and \(search.errors.count - 5) more that could not be read") }
        for path in search.changed.prefix(5) { write("dupes: \(NameEscaping.escape(path)): changed while it was read; left out") }
        let summary = summaryLine(of: search)
        guard !search.groups.isEmpty else {
            throw CommandError(search.cancelled ? "dupes: interrupted before a group was confirmed" : "dupes: no copies here (\(summary))")
        }
        // 'reload' searches again and the level's groups are the new ones
        // (the guard checks those, not every search ever made). The kind
        // weakly: the level holds it; the conversation holds no level.
        let again = "'reload' searches again"
        let kind = CopiesLevel(table: table, end: OperationEnd(stopped: search.cancelled, again: again))
        let rows = PathRows(table.contents) { [weak kind, conversation] () throws(FileError) -> PathRows.Contents in
            guard let kind else { return table.contents }
            let search = Self.searchCopies(for: options, in: directory, speaking: conversation)
            kind.table = makeTable(of: search)
            kind.end = OperationEnd(stopped: search.cancelled, again: again)
            return kind.table.contents
        }
        let level = TableLevel(rows: rows, kind: kind, in: directory, path: origin.path, decoration: settings.decoration)
        deletionPlan.guardCopies(of: kind)
        // Each copy's date and links on its row: what the keep rules go by.
        present(level, style: current.style == .default ? .long : current.style)
        write("dupes: " + summary + kind.end.summaryNote)
    }

    /// The search, with a progress line at a terminal and Ctrl-C to stop it.
    private static func searchCopies(
        for options: CopyFinder.Options, in directory: DirectoryHandle, speaking conversation: Conversation
    ) -> CopySearch {
        let finder = CopyFinder(options: options)
        var progress = conversation.progressLine()
        let search = finder.run([directory]) {
            if conversation.stop.isRequested() { finder.cancel() }
            progress.update(OperationProgress(finder))
        }
        progress.finish()
        conversation.stop.forget()
        return search
    }

    private func summaryLine(of search: CopySearch) -> String {
        // Kept short: the line stands under the page, within 80 columns.
        return "\(Plural.count(search.groups.count, "group")), \(Plural.count(search.fileCount, "file")), "
            + "\(HumanSize.withUnit(search.totalGain)) to gain (byte for byte)"
    }
}
