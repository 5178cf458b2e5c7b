import FileBrowsing

/// `gitignore on|off`: what git ignores left out of this table, as
/// `--git-ignore` leaves it out of listings (`hidden`'s kind of setting).
struct GitIgnoreCommand: RegisteredCommand {
    let on: Bool

    static let spec = CommandSpec(
        name: "gitignore", aliases: [], usage: "gitignore on|off", summary: "leave out what git ignores",
        details:
            "Leaves the names git ignores out of this table (and the levels opened from it), as --git-ignore leaves them out of listings and tree --gitignore out of a drawing: build outputs, dependencies, caches, and .git. Asked of the git program, read-only; outside a work tree nothing is left out."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        switch try words.one().lowercased() {
        case "on": return GitIgnoreCommand(on: true)
        case "off": return GitIgnoreCommand(on: false)
        case let word: throw CommandError("gitignore: '\(word)' is not on or off")
        }
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        position == 1 ? .words(["on", "off"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let names = on ? try context.askedGitNames(for: "gitignore on") : nil
        context.current.update { $0.gitIgnored = names }
        context.printPage()
        return .keepGoing
    }
}
