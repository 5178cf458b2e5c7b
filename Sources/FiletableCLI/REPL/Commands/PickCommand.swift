import FileBrowsing

/// `pick [ROWS]`: with `--choose-files`, picks the rows (or, with none,
/// what `select` selected) and ends the session, which writes their paths.
struct PickCommand: RegisteredCommand {
    let selectors: [RowSelector]

    static let spec = CommandSpec(
        name: "pick", aliases: [], usage: "pick [ROWS]", summary: "pick files and end (--choose-files)",
        details:
            "With --choose-files FILE: picks the rows given, or with none the rows selected with 'select' (Space in the full-screen view), and ends the session; their paths are written to FILE one a line ('-': standard output). Enter on a file in the full-screen view picks it, or the selection when there is one."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        PickCommand(selectors: words.isEmpty ? [] : try RowSelector.parse(words.arguments, for: "pick"))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion { .rows }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let picking = try context.picker(for: "pick")
        var paths: [[UInt8]] = []
        for row in selectors.isEmpty ? [] : try context.selectRows(selectors, for: "pick") {
            paths.append(try context.pickablePath(ofRow: row, for: "pick"))
        }
        guard !paths.isEmpty || !picking.selected.isEmpty else {
            throw CommandError("pick: nothing selected; 'pick ROWS', or 'select ROWS' first")
        }
        picking.pick(paths)
        return .quit
    }
}

extension Command {
    static func pick(_ selectors: [RowSelector]) -> Command { Command(PickCommand(selectors: selectors)) }
}
