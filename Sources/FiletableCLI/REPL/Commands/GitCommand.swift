/// `git on|off`: git's two letters before each row's name, at the prompt
/// and in the screen, as `filetable -l --git` shows them.
struct GitCommand: RegisteredCommand {
    let on: Bool

    static let spec = CommandSpec(
        name: "git", aliases: [], usage: "git on|off", summary: "git's status beside each name",
        details:
            "Shows git's two letters before each row's name in every style, as eza -l --git: the index's change then the work tree's (- unchanged, N new, M modified, D deleted, R renamed, T type changed, I ignored, U conflicted; a directory the sum of what is below it); ignored rows are dimmed, info and the detail pane say it in words. Read with the git program on a thread of its own, never taking the index lock: at a terminal the column fills in when git answers, the page never waits. Outside a work tree the column is --. 'reload' asks git again."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        switch try words.one().lowercased() {
        case "on": return GitCommand(on: true)
        case "off": return GitCommand(on: false)
        case let word: throw CommandError("git: '\(word)' is not on or off")
        }
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        position == 1 ? .words(["on", "off"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.git.setShows(on)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func git(_ on: Bool) -> Command { Command(GitCommand(on: on)) }
}
