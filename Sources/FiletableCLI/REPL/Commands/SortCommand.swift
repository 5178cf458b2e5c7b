import FileBrowsing
import Terminal

/// `sort KEY [asc|desc]`: the order of the current level; in a table of
/// changes (`du --since`), also `growth`, `shrink`, `now` or `then`.
struct SortCommand: RegisteredCommand {
    let key: SortKey
    let descending: Bool?
    /// An order of the level's own kind (`shrink` in a space change), in place of `key`.
    var word: String?
    /// `sort git`: git's changes first, by name within each.
    var gitChangesFirst = false

    /// The orders of a table of changes, which its kind takes.
    static let changeWords = ScanChangeRows.ChangeOrder.allCases.map(\.rawValue)

    static let spec = CommandSpec(
        name: "sort", aliases: [], usage: "sort name|size|time|ext|width|none|du|git [asc|desc]", summary: "change the order",
        details:
            "Sorts the current table. name is natural order (a1 A2 a10 b); size and time put the largest and newest first unless asc is given; width the narrowest name first; du orders by the space 'du' found, largest first; git puts what git says changed first (conflicted, changed, new), then the unchanged, then the ignored, by name within each. In a table of what changed since a scan ('du --since FILE'): growth (the default: largest growth first), shrink (largest shrink first), now and then (what each takes now, or took then), largest first unless asc."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        let arguments = words.arguments
        guard (1...2).contains(arguments.count) else {
            throw words.usageError(arguments.isEmpty ? "missing argument" : "too many arguments")
        }
        if arguments[0].lowercased() == "git" {
            guard arguments.count == 1 else { throw CommandError("sort: git takes no asc or desc") }
            return SortCommand(key: .name, descending: nil, gitChangesFirst: true)
        }
        let word = changeWords.contains(arguments[0].lowercased()) ? arguments[0].lowercased() : nil
        let key = word == nil ? try words.choice(SortKey.self, arguments[0]) : .space
        var descending: Bool?
        if arguments.count == 2 {
            switch arguments[1].lowercased() {
            case "asc": descending = false
            case "desc": descending = true
            default: throw CommandError("sort: expected asc or desc, not '\(arguments[1])'")
            }
        }
        return SortCommand(key: key, descending: descending, word: word, gitChangesFirst: false)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        switch position {
        // (A table of changes' own words, in the help, are typed whole: `sort s` Tab stays `size`.)
        case 1: return .words(SortKey.allCases.map(\.rawValue) + ["git"])
        case 2: return .words(["asc", "desc"])
        default: return .nothing
        }
    }

    /// Size and time list largest and newest first unless `asc`; the others ascend unless `desc`.
    static func naturallyDescends(_ key: SortKey) -> Bool { key == .size || key == .time }

    /// The level's order the other way round (the screen's `r`).
    static func reversing(_ options: ListOptions) -> Command {
        .sort(options.sortKey, descending: !options.reversed != naturallyDescends(options.sortKey))
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        if let word {
            guard (context.current.kind as? HasItsOwnOrder)?.order(by: word, descending: descending, in: context.current) == true else {
                throw CommandError("sort: '\(word)' orders a table of changes ('du --since FILE'); this one lists \(context.current.kindDescription)")
            }
            context.printPage()
            return .keepGoing
        }
        let reversed = descending.map { $0 != Self.naturallyDescends(key) } ?? false
        guard !gitChangesFirst || context.current.listing != nil else {
            throw CommandError("sort: git orders a directory's entries; this table lists \(context.current.kindDescription)")
        }
        let names = gitChangesFirst ? try context.askedGitNames(for: "sort git") : nil
        context.current.update {
            $0.sortKey = key
            $0.reversed = reversed
            $0.gitChangesFirst = names
        }
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func sort(_ key: SortKey, descending: Bool?) -> Command { Command(SortCommand(key: key, descending: descending)) }
}
