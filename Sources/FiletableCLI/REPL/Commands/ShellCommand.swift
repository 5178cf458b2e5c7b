import FileBrowsing

/// `!CMD` runs CMD with `/bin/sh` in the directory the table lists; `!`
/// alone starts `$SHELL`. The parser hands it the rest of the line as typed.
struct ShellCommand: RegisteredCommand {
    let script: String?

    static let usesTheTerminal = true

    static let spec = CommandSpec(
        name: "!", aliases: [], usage: "!COMMAND", summary: "run a shell command",
        details:
            "Runs COMMAND with /bin/sh in the directory the table lists (the one its rows came from, entered by its descriptor); '!' alone starts $SHELL. The rest of the line goes to the shell as typed. A command that fails is reported with its exit status; in a script that stops the script unless the line starts with '-'. filetable itself never changes a file, but the command you run can: it is yours."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return ShellCommand(script: words.joined)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.runShell(script)
        return .keepGoing
    }
}

extension Command {
    static func shell(_ script: String?) -> Command { Command(ShellCommand(script: script)) }
}
