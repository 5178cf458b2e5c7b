import FileBrowsing

/// `watch on|off`: changes to the directory applied as they come, or only noted.
struct WatchCommand: RegisteredCommand {
    let on: Bool

    static let spec = CommandSpec(
        name: "watch", aliases: [], usage: "watch on|off", summary: "follow changes to the directory as they come",
        details:
            "At a terminal every level's directory is watched: changes show as one line above the prompt (+2 -1 since this page was drawn), and a marked file that changes or vanishes is reported at once. watch on applies them as they come (the page drawn again, at most four times a second); watch off goes back to the note. In a batch nothing is watched."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return WatchCommand(on: try words.onOff())
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(["on", "off"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        guard let watching = context.watching else {
            throw CommandError("watch: changes are followed at a terminal with the line editor only (here, 'reload' reads the directory again)")
        }
        watching.applies = on
        context.conversation.write(
            on ? "watch: changes to this directory now show as they come" : "watch: changes are noted above the prompt; 'reload' shows them")
        return .keepGoing
    }
}

extension Command {
    static func watch(_ on: Bool) -> Command { Command(WatchCommand(on: on)) }
}
