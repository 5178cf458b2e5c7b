import FileBrowsing

/// `filter [TEXT|GLOB]`: only the names holding TEXT or matching GLOB;
/// alone, no filter.
struct FilterCommand: RegisteredCommand {
    let glob: String?

    static let spec = CommandSpec(
        name: "filter", aliases: [], usage: "filter [TEXT|GLOB]", summary: "only names holding TEXT or matching GLOB",
        details:
            "Lists only the names holding TEXT anywhere (filter ss shows passwd and sshd_config), in any case unless TEXT has a capital letter; TEXT with a wildcard (*, ? or [) is a glob the whole name must match (filter *.log). 'filter' alone clears it."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return FilterCommand(glob: words.joined)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.current.update { $0.filter = glob.map(NameFilter.init(typed:)) }
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func filter(_ glob: String?) -> Command { Command(FilterCommand(glob: glob)) }
}
