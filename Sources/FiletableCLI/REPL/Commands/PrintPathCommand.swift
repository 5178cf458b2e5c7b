import FileBrowsing

/// `pwd`: the breadcrumb, the path walked and where the directory really is.
struct PrintPathCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "pwd", aliases: [], usage: "pwd", summary: "where you are",
        details:
            "Prints the navigation stack as a breadcrumb, then the path walked to the current directory (as pwd -L), then, when links make it differ, 'physical:' and where the directory really is (as pwd -P)."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return PrintPathCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        context.navigation.printBreadcrumb()
        return .keepGoing
    }
}

extension Command {
    static var pwd: Command { Command(PrintPathCommand()) }
}
