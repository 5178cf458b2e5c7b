import FileBrowsing

/// `du`: every row sized with everything below it (a parallel scan);
/// `du -x` on one file system, `du --everything` into /proc, /sys, /dev and
/// /run too, `du unreadable` the entries the last scan could not read.
struct SpaceCommand: RegisteredCommand {
    /// What `du` was asked.
    enum Request: Equatable {
        case scan(SpaceRequest)
        /// `du unreadable`: the last scan's unreadable entries, one a line.
        case listUnreadable
    }

    let request: Request

    static let spec = CommandSpec(
        name: "du", aliases: [], usage: "du [-x] [--everything] [--save FILE] [--since FILE] [unreadable]",
        summary: "size every row with everything below it",
        details:
            "Scans the tree below this directory on every core (a progress line at a terminal; Ctrl-C stops it), then shows each row's space on disk, its share of the level and a bar; 'sort du' orders by it. Levels below are sized by the same scan, so opening them shows figures at once; reload scans again. Marked rows leave the total, and the header says what the plan would free. -x stays on this directory's file system (du -x). A scan of / leaves /proc, /sys, /dev and /run out, saying so, unless --everything. 'du unreadable' lists what the last scan could not read. '--save FILE' keeps the scan in FILE (as filetable --du --save: a new file or an earlier scan replaced); '--since FILE' opens a level of what changed since the scan in FILE: a row a changed entry, largest growth first, with the change on disk, the files gained or gone, and new, removed, grown or shrunk; 'mark new' marks what appeared. FILE is relative to where filetable started. Nothing is deleted."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        if words.arguments == ["unreadable"] { return SpaceCommand(request: .listUnreadable) }
        var request = SpaceRequest()
        var arguments = words.arguments[...]
        while let word = arguments.popFirst() {
            switch word {
            case "-x", "--one-file-system": request.oneFileSystem = true
            case "--everything": request.everything = true
            case "--save", "--since":
                guard let file = arguments.popFirst() else { throw words.usageError("\(word) needs a FILE") }
                if word == "--save" { request.saveFile = file } else { request.sinceFile = file }
            default: throw words.usageError("'\(word)' is not -x, --everything, --save FILE, --since FILE or unreadable")
            }
        }
        return SpaceCommand(request: .scan(request))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        if arguments.last == "--save" || arguments.last == "--since" { return .paths(directoriesOnly: false) }
        return .words(["-x", "--everything", "--save", "--since", "unreadable"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        switch request {
        case .scan(let space): try context.table.sizeLevel(space)
        case .listUnreadable: try context.table.listUnreadable()
        }
        return .keepGoing
    }
}

/// How `du` scans: on one file system or not, into the pseudo file systems or not.
struct SpaceRequest: Equatable {
    /// `-x`: directories on other file systems are left out.
    var oneFileSystem = false
    /// `--everything`: a scan of `/` enters /proc, /sys, /dev and /run too.
    var everything = false
    /// `--save FILE`: the scan kept there.
    var saveFile: String?
    /// `--since FILE`: a level of what changed since the scan kept there.
    var sinceFile: String?
}

extension Command {
    static var du: Command { Command(SpaceCommand(request: .scan(SpaceRequest()))) }
}

extension Command {
    /// `du`: the level sized as asked (by default, within mounts and outside /proc, /sys, /dev, /run).
    static func du(_ request: SpaceRequest = SpaceRequest()) -> Command { Command(SpaceCommand(request: .scan(request))) }
}
