import FileBrowsing

/// `dirsfirst on|off`: directories before every other entry.
struct DirectoriesFirstCommand: RegisteredCommand {
    let on: Bool

    static let spec = CommandSpec(
        name: "dirsfirst", aliases: [], usage: "dirsfirst on|off", summary: "directories before files",
        details: "Lists directories before every other entry.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return DirectoriesFirstCommand(on: try words.onOff())
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(["on", "off"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.current.update { $0.directoriesFirst = on }
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func directoriesFirst(_ on: Bool) -> Command { Command(DirectoriesFirstCommand(on: on)) }
}
