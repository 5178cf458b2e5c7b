import FileBrowsing

/// `filter [TEXT|GLOB]`: only the names holding TEXT or matching GLOB;
/// alone, no filter. `filter --git KIND`: only what git says is of a kind.
struct FilterCommand: RegisteredCommand {
    let glob: String?
    /// `--git`'s kind (`modified`), in place of a name filter.
    var gitKind: String?

    static let spec = CommandSpec(
        name: "filter", aliases: [], usage: "filter [TEXT|GLOB|--git KIND]", summary: "only names holding TEXT or matching GLOB",
        details:
            "Lists only the names holding TEXT anywhere (filter ss shows passwd and sshd_config), in any case unless TEXT has a capital letter; TEXT with a wildcard (*, ? or [) is a glob the whole name must match (filter *.log). 'filter' alone clears it. 'filter --git modified' (new, deleted, renamed, typechange, ignored, conflicted, staged, unstaged, changed, clean) keeps only what git says is of that kind, a directory when something below it is; in a work tree."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        if words.arguments.first == "--git" {
            let kinds = GitKind.words.map(\.word).joined(separator: ", ")
            guard words.arguments.count == 2 else { throw CommandError("filter --git: which kind? \(kinds)") }
            guard GitKind.words.contains(where: { $0.word == words.arguments[1].lowercased() }) else {
                throw CommandError("filter --git: '\(words.arguments[1])' is not a kind git says: \(kinds)")
            }
            return FilterCommand(glob: nil, gitKind: words.arguments[1].lowercased())
        }
        return FilterCommand(glob: words.joined)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        if let gitKind {
            guard context.current.listing != nil else {
                throw CommandError("filter --git: keeps a directory's entries; this table lists \(context.current.kindDescription)")
            }
            let names = try context.askedGitNames(for: "filter --git")
            context.current.update { $0.gitKind = GitKind(word: gitKind, names: names) }
            context.printPage()
            return .keepGoing
        }
        // A name filter, or none, clears the git kind too.
        context.current.update {
            $0.filter = glob.map(NameFilter.init(typed:))
            $0.gitKind = nil
        }
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func filter(_ glob: String?) -> Command { Command(FilterCommand(glob: glob)) }
}
