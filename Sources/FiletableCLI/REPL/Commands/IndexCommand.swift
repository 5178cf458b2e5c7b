import FileBrowsing

/// `index`: the section index titles.
struct IndexCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "index", aliases: [], usage: "index", summary: "the section index",
        details: "Prints the section index titles; 'jump X' goes to one.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return IndexCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let titles = context.current.table.sectionIndexTitles
        guard !titles.isEmpty else { throw CommandError("index: no sections (try 'group letter' or 'group kind')") }
        context.conversation.write(titles.joined(separator: " "))
        return .keepGoing
    }
}

extension Command {
    static var index: Command { Command(IndexCommand()) }
}
