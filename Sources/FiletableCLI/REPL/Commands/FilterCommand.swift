import FileBrowsing

/// `filter [GLOB]`: only the names matching GLOB; alone, no filter.
struct FilterCommand: RegisteredCommand {
    let glob: String?

    static let spec = CommandSpec(
        name: "filter", aliases: [], usage: "filter [GLOB]", summary: "only names matching GLOB",
        details: "Lists only names matching the glob (such as *.log); 'filter' alone clears it.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return FilterCommand(glob: words.joined)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        context.table.current.update { $0.filter = glob.map(GlobPattern.init) }
        context.table.printPage()
        return .keepGoing
    }
}

extension Command {
    static func filter(_ glob: String?) -> Command { Command(FilterCommand(glob: glob)) }
}
