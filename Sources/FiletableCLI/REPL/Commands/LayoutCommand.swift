/// `layout columns|split|single|auto`: the full-screen view's panes.
struct LayoutCommand: RegisteredCommand {
    let layout: ScreenLayout?

    static let spec = CommandSpec(
        name: "layout", aliases: [], usage: "layout columns|split|single|auto", summary: "the full-screen view's panes",
        details:
            "columns: Miller columns, the parent directory (where you are highlighted) | this table | the highlighted row's preview, as ranger, lf and yazi show them; split: this table beside the preview; single: the table alone; auto (the default): columns from 120 columns on, single below. In the screen w goes to the next layout and Tab shows or hides the preview; h and l move through the columns."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        let word = try words.one().lowercased()
        if word == "auto" { return LayoutCommand(layout: nil) }
        guard let layout = ScreenLayout(rawValue: word) else {
            throw CommandError("layout: '\(word)' is not columns, split, single or auto")
        }
        return LayoutCommand(layout: layout)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        position == 1 ? .words(ScreenLayout.allCases.map(\.rawValue) + ["auto"]) : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.modes.setLayout(layout)
        let said = layout.map { "layout: \($0.rawValue)" } ?? "layout: by the width (columns from 120 columns on)"
        context.write(context.pagedByTheScreen ? said : said + "; the full-screen view ('screen') shows it")
        return .keepGoing
    }
}

extension Command {
    static func layout(_ layout: ScreenLayout?) -> Command { Command(LayoutCommand(layout: layout)) }
}
