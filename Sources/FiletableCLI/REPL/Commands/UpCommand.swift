import FileBrowsing
import SystemSeam

/// `up`: the parent directory, on the page that holds where you came from.
struct UpCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "up", aliases: [], usage: "up", summary: "open the parent directory",
        details:
            "Pushes the parent of the path shown as a new level, as 'cd ..' does, on the page that holds the directory you came from: after entering a link, up returns to the directory holding the link."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return UpCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.up()
        return .keepGoing
    }
}

extension Command {
    static var up: Command { Command(UpCommand()) }
}

extension CommandContext {
    /// The parent, on the page that holds the directory you came from.
    func up() throws(CommandError) {
        // The root has no parent: another '/' on the stack would only hide the first.
        guard current.path != [0x2F] else { throw CommandError("up: already at /, which has no parent") }
        // Inside an archive, the parent is the tree's, never the path's text.
        if let inside = current.kind as? InsideAFile, try inside.up(in: self) { return }
        let child = PathBytes.split(current.path).name
        try push(DisplayPath.normalize(current.path + Array("/..".utf8)), command: "up", focus: child)
    }
}
