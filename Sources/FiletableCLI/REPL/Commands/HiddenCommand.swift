import FileBrowsing

/// `hidden on|off`: dot files shown or hidden.
struct HiddenCommand: RegisteredCommand {
    let on: Bool

    static let spec = CommandSpec(
        name: "hidden", aliases: [], usage: "hidden on|off", summary: "show dot files",
        details: "Shows or hides entries whose name starts with a dot.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return HiddenCommand(on: try words.onOff())
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(["on", "off"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.current.update { $0.hidden = on ? .shown : .hidden }
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func hidden(_ on: Bool) -> Command { Command(HiddenCommand(on: on)) }
}
