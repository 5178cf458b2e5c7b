import FileBrowsing

/// `info N|NAME`: a row's details.
struct InfoCommand: RegisteredCommand {
    let row: RowReference

    static let spec = CommandSpec(
        name: "info", aliases: ["i"], usage: "info N|NAME", summary: "details of row N",
        details:
            "Path, type, size, permissions, owner, group, inode, device, links, times, a link's target, a directory's entry count, and whether the content looks like text or binary."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return InfoCommand(row: try CommandWords.row(try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.info(row)
        return .keepGoing
    }
}

extension Command {
    static func info(row: RowReference) -> Command { Command(InfoCommand(row: row)) }
}

extension CommandContext {
    func info(_ reference: RowReference) throws(CommandError) {
        let row = try row(reference, for: "info")
        let model = current.model
        if case .failure(.notResponding) = model.status(ofRow: row), let location = model.location(ofRow: row) {
            let path = location.path
            try awaitAnswer("info", path: path, in: location.directory) {
                FileStatusReader.status(of: path, followSymlink: false).map { _ in () }
            }
        }
        let path = current.path(ofRow: row)
        let git = self.git.shows && model.location(ofRow: row) != nil ? self.git.words(ofPath: path) : nil
        conversation.say(.composed(DetailView(model: model, row: row, path: path, git: git).text()))
    }
}
