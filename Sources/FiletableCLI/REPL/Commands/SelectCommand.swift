import FileBrowsing

/// `select ROWS`: with `--choose-files`, selects rows to pick (or lets
/// selected ones go); a `+` marks them, and they stay in the table.
struct SelectCommand: RegisteredCommand {
    let selectors: [RowSelector]

    static let spec = CommandSpec(
        name: "select", aliases: [], usage: "select ROWS", summary: "select files to pick (--choose-files)",
        details:
            "With --choose-files: selects the rows (numbers, ranges, names or a pattern, as for mark) for 'pick', or lets rows already selected go. Selected rows carry + and stay in the table; Space does the same in the full-screen view. Without --choose-files there is nothing to pick, and it says so."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard !words.isEmpty else { throw words.usageError("missing argument") }
        return SelectCommand(selectors: try RowSelector.parse(words.arguments, for: "select"))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion { .rows }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let picking = try context.picker(for: "select")
        var selected = 0
        var released = 0
        for row in try context.selectRows(selectors, for: "select") {
            let path = try context.pickablePath(ofRow: row, for: "select")
            if picking.toggle(path) { selected += 1 } else { released += 1 }
        }
        var said = "selected \(selected)"
        if released > 0 { said += ", let \(released) go" }
        context.write(said + " (\(picking.selected.count) to pick; 'pick' picks them)")
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func select(_ selectors: [RowSelector]) -> Command { Command(SelectCommand(selectors: selectors)) }
}

extension CommandContext {
    /// The picker, or a one-line refusal naming `command` when the session
    /// does not choose files.
    func picker(for command: String) throws(CommandError) -> FilePicking {
        guard let picking else {
            throw CommandError("\(command): nothing to pick; start filetable with --choose-files FILE")
        }
        return picking
    }

    /// The path a picked row is written as: a file or directory on disk
    /// (a member inside an archive, or a row that is gone, cannot be picked).
    func pickablePath(ofRow row: Int, for command: String) throws(CommandError) -> [UInt8] {
        let level = current
        guard level.model.location(ofRow: row) != nil else {
            throw CommandError("\(command): row \(row + 1) (\(NameEscaping.escape(level.model.name(ofRow: row)))) is not a file on disk")
        }
        return level.path(ofRow: row)
    }
}
