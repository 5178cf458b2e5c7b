import FileBrowsing

/// `list`, and `ls` with the letters ls users type (`ls -lh`, `ls -la`,
/// `ls -lSr`, `ls *.conf`): the page listed once as ls's letters say, the
/// table's own style, hidden files, order and filter left as they were. A letter the table
/// has no meaning for is refused by name, never ignored.
struct ListCommand: RegisteredCommand {
    var long = false
    var all = false
    /// `-a` rather than `-A`: `.` and `..` too.
    var allWithDots = false
    var humanSizes = false
    var sortKey: SortKey?
    var reversed = false
    var style: EntryStyle?
    var filter: String?

    /// The letters taken, each with what it does here.
    static let letters: [(Character, String)] = [
        ("l", "the long style"), ("a", "hidden files with . and .."), ("A", "hidden files"), ("h", "sizes as 1.5K, 12M in the long style"),
        ("S", "largest first"), ("t", "newest first"), ("X", "by extension"), ("r", "the order reversed"),
        ("1", "one name a line (the default style)"), ("C", "names in columns"),
    ]

    static let spec = CommandSpec(
        name: "list", aliases: ["ls"], usage: "list [-lahSt...] [GLOB|TEXT]", summary: "print the current page again",
        details:
            "Reprints the page you are on, with its header and footer. ls's letters list it once as ls would, the table keeping its own style, order and filter ('style', 'sort' and 'filter' set those): -l the long style, -a hidden files with . and .., -A hidden files, -h human sizes in the long style, -S largest first, -t newest first, -X by extension, -r reversed, -1 one name a line, -C names in columns; they combine (ls -lhS). A word that is not a flag lists the names it matches, as 'filter' would (ls *.conf). Any other letter is refused, naming it."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var command = ListCommand()
        var patterns: [String] = []
        for word in words.arguments {
            if word == "-" { throw words.usageError("'-' is neither ls's letters nor a pattern") }
            guard word.count > 1, word.hasPrefix("-") else {
                patterns.append(word)
                continue
            }
            for letter in word.dropFirst() {
                switch letter {
                case "l": command.long = true
                case "a":
                    command.all = true
                    command.allWithDots = true
                case "A": command.all = true
                case "h": command.humanSizes = true
                case "S": command.sortKey = .size
                case "t": command.sortKey = .time
                case "X": command.sortKey = .ext
                case "r": command.reversed = true
                case "1": command.style = .default
                case "C": command.style = .columns
                default:
                    let taken = letters.map { "-\($0.0)" }.joined(separator: " ")
                    throw words.usageError("-\(letter) is not a letter the table takes (it takes \(taken))")
                }
            }
        }
        guard patterns.count <= 1 else { throw words.usageError("one pattern at a time, as 'filter' takes one (ls '*.conf')") }
        command.filter = patterns.first
        return command
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .words(["-l", "-a", "-la", "-lh", "-lS", "-lt", "-ltr", "-C"])
    }

    /// Lists once, as `ls` in a shell or at sftp's prompt: the letters and
    /// the pattern shape this listing only, and the level keeps its own
    /// style, order and filter (`style`, `sort` and `filter` are the lasting
    /// forms). `-a` shows `.` and `..` as ls does, `-A` leaves them out.
    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let level = context.current
        let style = level.style
        let sizeUnit = level.formatter.longSizeUnit
        let options = level.model.options
        if long { level.style = .long }
        if let chosen = self.style { level.style = chosen }
        if humanSizes { level.formatter.longSizeUnit = .human }
        let reorders = all || sortKey != nil || reversed || filter != nil
        if reorders {
            level.update { options in
                if all { options.hidden = allWithDots ? .shownWithDotEntries : .shown }
                if let sortKey { options.sortKey = sortKey }
                if sortKey != nil || reversed { options.reversed = reversed }
                if let filter { options.filter = NameFilter(typed: filter) }
            }
        }
        context.printPage()
        level.style = style
        level.formatter.longSizeUnit = sizeUnit
        if reorders { level.update { $0 = options } }
        return .keepGoing
    }
}

extension Command {
    static func list(long: Bool = false, all: Bool = false) -> Command { Command(ListCommand(long: long, all: all, allWithDots: all)) }
}
