import FileBrowsing
import SystemSeam

/// `find [TEXT] [--depth N]`: the next name holding TEXT here and below;
/// `find` alone goes on with the last search. `find TEXT --all` shows every
/// match below the level at once, as a level of its own.
struct FindCommand: RegisteredCommand {
    let text: String?
    var depth: Int?
    /// Every match as one table (`--all`), instead of one match at a time.
    var all = false

    static let spec = CommandSpec(
        name: "find", aliases: ["/"], usage: "find [TEXT] [--depth N]", summary: "next name holding TEXT, here and below",
        details:
            "Searches the names (ignoring case) nearest first: this table's rows in the order shown, then every directory one level down, then two, and so on; links are not followed, marked entries are left out, and --depth N stops N levels down (1: this table only). A match here moves to its page; a match deeper shows its directory as a new level on the match's page ('back' returns). 'find' alone, the same TEXT again, or 'n' right after a match go on to the next match. Ctrl-C stops a long search, and 'find' goes on from there. 'find TEXT --all' shows every match below this level as one table, nearest first (this table's matches, then one level down, and so on), one line a match named by its path below here (a match also answers to its own name when no other has it); its rows take open, info, view, hex, pager and mark like any table's, 'reload' searches again and 'back' returns. Hidden entries (and hidden directories) are searched when this table shows them ('hidden on'); when they are not, a search that finds nothing more says so. Ctrl-C stops it with the matches found so far."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var arguments = words.arguments
        let all = arguments.contains("--all")
        arguments.removeAll { $0 == "--all" }
        var depth: Int?
        if let flag = arguments.firstIndex(of: "--depth") {
            guard flag + 1 < arguments.count else { throw words.usageError("--depth needs a number") }
            let value = try CommandWords.number(arguments[flag + 1], for: "find: --depth")
            guard value <= UserNumber.depth.upperBound else {
                throw CommandError("find: --depth \(value) is too deep (at most \(UserNumber.depth.upperBound))")
            }
            depth = value
            arguments.removeSubrange(flag...(flag + 1))
        }
        let text = arguments.isEmpty ? nil : arguments.joined(separator: " ")
        if all && text == nil { throw CommandError("find: --all needs TEXT to look for (usage: find TEXT --all [--depth N])") }
        return FindCommand(text: text, depth: depth, all: all)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 || arguments.last == "--depth" ? .nothing : .words(["--all", "--depth"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        if all, let text {
            try context.findAll(text, maxDepth: depth)
        } else {
            try context.find(text, maxDepth: depth)
        }
        return .keepGoing
    }
}

extension Command {
    static func find(_ text: String?, depth: Int? = nil) -> Command { Command(FindCommand(text: text, depth: depth)) }
}

extension CommandContext {
    /// `find TEXT [--depth N]`: the next name holding TEXT in the subtree
    /// below the current level (see `SubtreeSearch`). A match in this table
    /// moves to its page; a deeper one is shown as a new level on its page,
    /// which the next step of the search takes off again. `find` alone, the
    /// same TEXT again, or `n` right after a match go on from the last match.
    func find(_ text: String?, maxDepth: Int?) throws(CommandError) {
        if let search, search.origin != nil, text == nil || (text!.lowercased() == search.text.lowercased() && maxDepth == nil),
            current === search.origin || current === search.shownLevel
        {
            return try continueSearch(search)
        }
        guard let text else {
            throw search.map(Self.searchElsewhere) ?? CommandError("find: nothing to go on with; 'find TEXT' starts a search")
        }
        guard current.model.rowCount > 0 else { throw CommandError("find: the table is empty") }
        // A kind whose rows are not a directory on disk searches its own way (an archive's index).
        let fresh: SubtreeSearch
        if let own = (current.kind as? SearchesItsOwnWay)?.search(for: text, maxDepth: maxDepth, in: current) {
            fresh = own
        } else if current.listing == nil, current.kind is SearchesItsOwnWay {
            // A table searched its own way that has no search a match at a time (a revision, a level of matches).
            throw CommandError("find: in \(current.kindDescription), 'find \(text) --all' lists every match (not one at a time)")
        } else {
            _ = try current.directoryListing(for: "find")
            fresh = SubtreeSearch(text: text, maxDepth: maxDepth, from: current) { [marks, marksShown = state.marksShown] listing in
                guard !marksShown, !marks.isEmpty, let identity = listing.directory.identity else { return .none }
                return NameExclusion(version: marks.revision) { name in marks.isMarked(directory: identity, name: name) }
            }
        }
        lastSearch.start(fresh)
        try continueSearch(fresh, first: true)
    }

    /// `find TEXT --all`: every match below the current directory level as
    /// a level of its own (see `MatchGathering`), which `reload` searches again.
    func findAll(_ text: String, maxDepth: Int?) throws(CommandError) {
        let origin = current
        if let matches = try (origin.kind as? SearchesItsOwnWay)?.matches(of: text, maxDepth: maxDepth, in: origin, decoration: settings.decoration) {
            present(matches)
            write("find: \(Plural.count(matches.model.rowCount, "match", "matches"))")
            return
        }
        let listing = try origin.directoryListing(for: "find --all")
        let includesHidden = listing.options.hidden != .hidden
        let directory = (try? origin.directoryUnderItsPath()) ?? listing.directory
        var progress = conversation.progressLine()
        // On a thread of its own: Ctrl-C stops it between directories, or
        // leaves it where a directory does not answer.
        let found = AbandonableOperation.run(
            token: OperationToken<Int>(),
            { token -> (contents: PathRows.Contents, gathering: MatchGathering) in
                var gathering = MatchGathering(text: text, maxDepth: maxDepth, includesHidden: includesHidden)
                let contents = gathering.gather(from: directory, progress: { token.report($0) }, stopped: { token.isStopped })
                return (contents, gathering)
            }, waiting: { searched in if let searched { progress.update(.finding(directories: searched)) } }, stopAsked: stop.isRequested)
        progress.finish()
        stop.forget()
        guard let (contents, gathering) = found else {
            throw CommandError("find: stopped (Ctrl-C) while a directory did not answer; nothing to show")
        }
        // Kept short: the line stands under the page, within 80 columns.
        let notes =
            (gathering.unreadableDirectories > 0 ? ", \(gathering.unreadableDirectories) unreadable" : "")
            + (includesHidden ? "" : "; hidden skipped ('hidden on')")
        let searched = "\(Plural.count(gathering.directoriesSearched, "directory", "directories")) searched" + notes
        guard contents.names.count > 0 else {
            throw CommandError(
                gathering.interrupted
                    ? "find: interrupted before a match (\(searched))" : "find: no name contains '\(text)' (\(searched))")
        }
        let again = "'reload' searches again"
        let kind = MatchesLevel(text: text, end: OperationEnd(stopped: gathering.interrupted, again: again))
        // A reload searches again; the kind weakly (the level holds it).
        let rows = PathRows(contents) { [weak kind, conversation] () throws(FileError) -> PathRows.Contents in
            var gatheringAgain = MatchGathering(text: text, maxDepth: maxDepth, includesHidden: includesHidden)
            let found = gatheringAgain.gather(from: directory, stopped: conversation.stop.isRequested)
            kind?.end = OperationEnd(stopped: gatheringAgain.interrupted, again: again)
            return found
        }
        let level = TableLevel(rows: rows, kind: kind, in: directory, path: origin.path, decoration: settings.decoration)
        present(level)
        write(
            "find: \(Plural.count(contents.names.count, "match", "matches")) in \(contents.places.count) of "
                + searched + kind.end.summaryNote)
    }

    /// How the next match is asked for where the search was typed: `n` at
    /// the prompt, the command line in the full-screen view.
    private var nextMatchHint: String { drawsPages ? "'n' or 'find'" : "':find'" }

    private func continueSearch(_ search: SubtreeSearch, first: Bool = false) throws(CommandError) {
        if let shown = search.shownLevel, current === shown, stack.canGoBack {
            navigator.dropShown()
            search.shownLevel = nil
        }
        guard let origin = search.origin, current === origin else { throw Self.searchElsewhere(search) }
        let match: SubtreeSearch.Match?
        do {
            match = try search.next()
        } catch {
            printPage()
            throw error
        }
        let skipped = search.hiddenDirectoriesSkipped
        let hidden = skipped > 0 ? "; \(Plural.count(skipped, "hidden directory", "hidden directories")) skipped ('hidden on')" : ""
        let searched =
            search.directoriesSearched > 1
            ? " (\(Plural.count(search.directoriesSearched, "directory", "directories")) searched"
                + (search.unreadableDirectories > 0 ? ", \(search.unreadableDirectories) could not be read" : "") + hidden + ")"
            : (hidden.isEmpty ? "" : " (" + hidden.dropFirst(2) + ")")
        guard let match else {
            lastSearch.end()
            printPage()
            throw CommandError(
                first
                    ? "find: no name contains '\(search.text)'\(searched)"
                    : "find: no more names contain '\(search.text)'\(searched); 'find \(search.text)' starts over")
        }
        if match.components.isEmpty {
            preparePage()
            origin.table.scrollToRow(match.row)
            origin.moveHighlight(to: match.row)
            if drawsPages { origin.pointed = (match.row, "found") }
            printPage()
            write("find: row \(match.row + 1) (\(nextMatchHint) for the next match)")
        } else {
            let path = match.components.reduce(origin.path) { PathBytes.join($0, $1) }
            let name = match.rows.name(ofRow: match.row)
            let level = match.level(path)
            search.shownLevel = level
            let row = present(level, focusing: name, pointing: "found") ?? 0
            let relative = (match.components + [name]).map { NameEscaping.escape($0) }.joined(separator: "/")
            write("find: \(relative), row \(row + 1) here (\(nextMatchHint) for the next match; \(drawsPages ? "'back'" : "h") returns)")
        }
        leaveShown(.searchMatch)
    }

    /// The error for going on with a search whose level is no longer shown.
    private static func searchElsewhere(_ search: SubtreeSearch) -> CommandError {
        CommandError("find: the search for '\(search.text)' started in a level no longer shown; 'find TEXT' starts a new one")
    }
}
