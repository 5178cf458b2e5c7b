import FileBrowsing
import SystemSeam

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

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let levels = context.navigator.stack.levels
        let current = context.navigator.current
        let say = context.conversation.write
        // The levels' trail, when there is more than the first (alone it is the path again).
        // A level opened inside the one before it shows its name; any other
        // (cd elsewhere, up, a level of matches) its whole path: `/usr > /bin`
        // reads as the two directories it was, where `/usr > bin > /` did not.
        if levels.count > 1 {
            say(
                levels.indices.map { index in
                    let level = levels[index]
                    let isDirectory = level.kind.breadcrumb == nil
                    guard index > 0, levels[index - 1].kind.breadcrumb == nil, isDirectory,
                        PathBytes.split(level.path).parent == levels[index - 1].path
                    else { return isDirectory ? NameEscaping.escape(level.path) : level.title }
                    return level.title
                }.joined(separator: " > "))
        }
        // Inside an archive: the archive and the place in it, as the header
        // says it (a member named `..` is never the archive's directory).
        if let container = current.kind as? InsideAFile {
            let inside = container.placeInside
            say(NameEscaping.escape(container.containerPath) + inside)
            let (directory, name) = PathBytes.split(container.containerPath)
            if let physical = current.directory.physicalPath(), physical != directory {
                say("physical: " + NameEscaping.escape(PathBytes.join(physical, name)) + inside)
            }
            return .keepGoing
        }
        say(NameEscaping.escape(current.path))
        if let physical = current.directory.physicalPath(), physical != current.path {
            say("physical: " + NameEscaping.escape(physical))
        }
        return .keepGoing
    }
}

extension Command {
    static var pwd: Command { Command(PrintPathCommand()) }
}
