/// `figures disk|apparent|counts|nocounts`: what du's columns show (ncdu's
/// `a` and `c`, the screen's keys).
struct FiguresCommand: RegisteredCommand {
    let word: String

    static let spec = CommandSpec(
        name: "figures", aliases: [], usage: "figures disk|apparent|counts|nocounts|git|nogit", summary: "what du's columns count",
        details:
            "After du: disk (the default) counts the blocks a tree takes on disk, apparent the bytes in its files (du's --apparent-size, ncdu's a); counts adds how many files and directories each row holds, nocounts takes it away (ncdu's c); in a git work tree, git splits each row's space into what git tracks, what is untracked and what it ignores (what git clean -nd and -ndX name; mark ignored frees the last), nogit takes it away. The order, the shares and the header follow. In the full-screen view a and c switch them."
    )

    static let words = ["disk", "apparent", "counts", "nocounts", "git", "nogit"]

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        let word = try words.one().lowercased()
        guard Self.words.contains(word) else { throw CommandError("figures: '\(word)' is not disk, apparent, counts, nocounts, git or nogit") }
        return FiguresCommand(word: word)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        position == 1 ? .words(words) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        var measure = context.state.spaceMeasure
        var counts = context.state.showsItemCounts
        var git = context.state.showsGitSplit
        switch word {
        case "disk": measure = .disk
        case "apparent": measure = .apparent
        case "counts": counts = true
        case "nocounts": counts = false
        case "git": git = true
        default: git = false
        }
        context.modes.setSpaceFigures(measure, itemCounts: counts, gitSplit: git)
        let said =
            "figures: " + (measure == .apparent ? "apparent size (the files' bytes)" : "disk use") + (counts ? ", item counts" : "")
            + (git ? ", git's tracked | untracked | ignored" : "")
        context.write(context.current.space == nil ? said + "; 'du' sizes this table" : said)
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func figures(_ word: String) -> Command { Command(FiguresCommand(word: word)) }
}
