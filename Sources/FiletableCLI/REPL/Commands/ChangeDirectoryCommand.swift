import FileBrowsing

/// `cd [PATH|N|-]`: a path pushed as a new level (see `Session.changeDirectory`).
struct ChangeDirectoryCommand: RegisteredCommand {
    let path: String?

    static let spec = CommandSpec(
        name: "cd", aliases: [], usage: "cd [PATH|N|-]", summary: "open PATH",
        details:
            "'cd' alone goes home, 'cd -' to the directory shown before the last move, 'cd N' opens row N. Otherwise pushes PATH as a new level: absolute, relative to the current directory, ~ or ~/x. Names may be typed as shown (\\n, \\xHH, \\u{…}). Paths are logical, as in a shell: the path shown is the path you walked, '..' takes its last component off (after 'cd link', 'cd ..' returns to the directory holding the link), and every level is opened by the path it shows, so rows, info, marks and exports name the files that path leads to. 'pwd' shows where a directory really is when links make that differ."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return ChangeDirectoryCommand(path: words.joined)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .paths(directoriesOnly: true)
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.navigation.changeDirectory(path)
        return .keepGoing
    }
}

extension Command {
    static func cd(_ path: String?) -> Command { Command(ChangeDirectoryCommand(path: path)) }
}
