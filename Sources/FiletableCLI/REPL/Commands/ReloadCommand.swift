import FileBrowsing

/// `reload`: the directory read again, saying what changed.
struct ReloadCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "reload", aliases: [], usage: "reload", summary: "read the directory again",
        details: "Enumerates the current directory again and says what changed (+added -removed); sort, filter and page are kept.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return ReloadCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.table.reload()
        return .keepGoing
    }
}

extension Command {
    static var reload: Command { Command(ReloadCommand()) }
}
