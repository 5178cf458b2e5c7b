import FileBrowsing

/// `sort KEY [asc|desc]`: the order of the current level.
struct SortCommand: RegisteredCommand {
    let key: SortKey
    let descending: Bool?

    static let spec = CommandSpec(
        name: "sort", aliases: [], usage: "sort name|size|time|ext|none|du [asc|desc]", summary: "change the order",
        details:
            "Sorts the current table. name is natural order (a1 A2 a10 b); size and time put the largest and newest first unless asc is given; du orders by the space 'du' found, largest first."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        let arguments = words.arguments
        guard (1...2).contains(arguments.count) else {
            throw words.usageError(arguments.isEmpty ? "missing argument" : "too many arguments")
        }
        let key = try words.choice(SortKey.self, arguments[0])
        var descending: Bool?
        if arguments.count == 2 {
            switch arguments[1].lowercased() {
            case "asc": descending = false
            case "desc": descending = true
            default: throw CommandError("sort: expected asc or desc, not '\(arguments[1])'")
            }
        }
        return SortCommand(key: key, descending: descending)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        switch position {
        case 1: return .words(SortKey.allCases.map(\.rawValue))
        case 2: return .words(["asc", "desc"])
        default: return .nothing
        }
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        // Size and time list largest and newest first unless `asc`; the others ascend unless `desc`.
        let naturallyDescending = key == .size || key == .time
        let reversed = descending.map { $0 != naturallyDescending } ?? false
        context.current.update {
            $0.sortKey = key
            $0.reversed = reversed
        }
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func sort(_ key: SortKey, descending: Bool?) -> Command { Command(SortCommand(key: key, descending: descending)) }
}
