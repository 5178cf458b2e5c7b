import FileBrowsing

/// `dupes [--depth N] [--min-size N] [--empty]`: the files below this level
/// with identical contents, as a level of their own (a group a section).
struct DupesCommand: RegisteredCommand {
    let request: CopiesRequest

    static let spec = CommandSpec(
        name: "dupes", aliases: ["copies"], usage: "dupes [--depth N] [--min-size N] [--empty]",
        summary: "files here and below with identical contents",
        details:
            "Searches this directory and everything below it for regular files with the same contents (symlinks never followed; hard links to one file are one file, shown as already linked; empty files left out unless --empty; the level's filter and hidden setting apply). Files are compared byte for byte after their size and a block from each end, on every core, with a progress line; Ctrl-C stops it and shows the groups confirmed so far. The table has a section a group, largest space to gain first ('3 copies × 1.2 MiB = 2.4 MiB to gain'); its rows take open, info, view, hex and mark like any table's, and 'mark --keep newest|oldest|first|shortest-path|inside GLOB' marks all but one copy in every group. No mark may leave a group without a copy outside the plan; 'marks verify' says when files changed since so that one would. 'reload' searches again; 'back' returns."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var request = CopiesRequest()
        var arguments = words.arguments[...]
        while let word = arguments.popFirst() {
            switch word {
            case "--empty": request.includesEmptyFiles = true
            case "--depth", "--min-size":
                guard let value = arguments.popFirst() else { throw words.usageError("\(word) needs a number") }
                let number = try CommandWords.number(value, for: "dupes: \(word)")
                if word == "--depth" { request.depth = max(1, number) } else { request.smallestSize = Int64(number) }
            default: throw words.usageError("unknown argument '\(word)'")
            }
        }
        return DupesCommand(request: request)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return arguments.last == "--depth" || arguments.last == "--min-size" ? .nothing : .words(["--depth", "--min-size", "--empty"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.table.findCopies(request)
        return .keepGoing
    }
}

/// What `dupes` was asked for.
struct CopiesRequest: Equatable {
    var depth: Int?
    var smallestSize: Int64?
    var includesEmptyFiles = false
}
