import FileBrowsing

/// `list`, and `ls -l`, `ls -a`, `ls -la` as ls users type them: the long
/// style, hidden files shown, then the page again.
struct ListCommand: RegisteredCommand {
    var long = false
    var all = false

    static let spec = CommandSpec(
        name: "list", aliases: ["ls"], usage: "list [-l] [-a]", summary: "print the current page again",
        details:
            "Reprints the page you are on, with its header and footer. As in ls, -l switches to the long style ('style long') and -a shows hidden files ('hidden on')."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var command = ListCommand()
        for word in words.arguments {
            guard word.count > 1, word.hasPrefix("-"), word.dropFirst().allSatisfy({ $0 == "l" || $0 == "a" }) else {
                throw words.usageError("'\(word)' is not -l (the long style) or -a (hidden files)")
            }
            command.long = command.long || word.contains("l")
            command.all = command.all || word.contains("a")
        }
        return command
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .words(["-l", "-a", "-la"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        if long { context.table.current.style = .long }
        if all { context.table.current.update { $0.hidden = .shown } }
        context.table.printPage()
        return .keepGoing
    }
}

extension Command {
    static func list(long: Bool = false, all: Bool = false) -> Command { Command(ListCommand(long: long, all: all)) }
}
