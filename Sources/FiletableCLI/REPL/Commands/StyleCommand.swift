import FileBrowsing

/// `style default|subtitle|value1|value2|long`: how cells look.
struct StyleCommand: RegisteredCommand {
    let style: EntryStyle

    static let spec = CommandSpec(
        name: "style", aliases: [], usage: "style default|subtitle|value1|value2|long", summary: "cell style",
        details:
            "default shows the name, > after a directory and @ after a link; subtitle puts size and time under the name; value1 puts the size after the names, at the right of the widest; value2 shows a short kind label, then the name; long shows what filetable -l shows: permissions, links, owner, group, size and time, and -> target after a link ('ls -l' does the same)."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return StyleCommand(style: try words.choice(EntryStyle.self, try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(EntryStyle.allCases.map(\.rawValue)) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        context.table.current.style = style
        context.table.printPage()
        return .keepGoing
    }
}

extension Command {
    static func style(_ style: EntryStyle) -> Command { Command(StyleCommand(style: style)) }
}
