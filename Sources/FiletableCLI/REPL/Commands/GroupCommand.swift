import FileBrowsing

/// `group none|letter|kind`: sections with headers and footers.
struct GroupCommand: RegisteredCommand {
    let grouping: Grouping

    static let spec = CommandSpec(
        name: "group", aliases: [], usage: "group none|letter|kind", summary: "sections",
        details: "Splits the table into sections with headers and footers: by first letter (with an index) or by kind.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return GroupCommand(grouping: try words.choice(Grouping.self, try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(Grouping.allCases.map(\.rawValue)) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.current.update { $0.grouping = grouping }
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func group(_ grouping: Grouping) -> Command { Command(GroupCommand(grouping: grouping)) }
}
