import FileBrowsing

/// `more`: the next screen of the open hex or text view.
struct MoreCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "more", aliases: ["m"], usage: "more", summary: "next screen of hex or view",
        details: "Continues the hex or text view where the last screen stopped. An empty line does the same while a view is open.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return MoreCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.viewing.more()
        return .keepGoing
    }
}

extension Command {
    static var more: Command { Command(MoreCommand()) }
}
