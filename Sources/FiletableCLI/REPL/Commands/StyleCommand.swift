import FileBrowsing

/// `style default|subtitle|value1|value2|long|columns`: how cells look.
struct StyleCommand: RegisteredCommand {
    let style: EntryStyle

    static let spec = CommandSpec(
        name: "style", aliases: [], usage: "style default|subtitle|value1|value2|long|columns", summary: "cell style",
        details:
            "default shows the name, > after a directory and @ after a link; subtitle puts size and time under the name; value1 puts the size after the names, at the right of the widest; value2 shows a short kind label, then the name; long shows what filetable -l shows: permissions, links, owner, group, size and time, and -> target after a link ('ls -l' does the same); columns lists the numbered names in as many columns as the screen's width holds, down then across as ls -C does, so a wide terminal shows many more rows a page (not with 'group')."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return StyleCommand(style: try words.choice(EntryStyle.self, try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .words(EntryStyle.allCases.map(\.rawValue)) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        if style == .columns && context.current.model.options.grouping != .none {
            throw CommandError("style: columns lays out one list of names; 'group none' first")
        }
        context.current.style = style
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func style(_ style: EntryStyle) -> Command { Command(StyleCommand(style: style)) }
}
