import FileBrowsing

/// `clear`: an empty screen, as the shell's `clear` leaves it.
struct ClearCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "clear", aliases: [], usage: "clear", summary: "clear the screen",
        details:
            "Clears the terminal and puts the prompt at the top, as the shell's clear does; in a script it does nothing. 'list' shows the page again."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return ClearCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.conversation.clearScreen()
        return .keepGoing
    }
}
