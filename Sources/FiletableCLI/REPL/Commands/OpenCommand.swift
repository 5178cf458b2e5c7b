import FileBrowsing

/// `open N|NAME` (or just N): a directory is pushed as a new level, and so
/// is an archive (its members); any other file shows its details.
struct OpenCommand: RegisteredCommand {
    let row: RowReference

    static let spec = CommandSpec(
        name: "open", aliases: ["o"], usage: "open N|NAME  (or just N)", summary: "open row N",
        details:
            "A directory, or a symlink to one, is pushed as a new table, and so is an archive (a tar, .tar.gz or zip, known by its content): its members, read without extracting, which view, hex and info read; any other file shows its details. Every command that takes a row takes its number, its name as shown (escapes typed as shown; Tab completes it), or the start of a name no other row starts with. A row's name typed alone opens it, as its number does; a name that is also a command (ls, du, find) runs the command, and 'open NAME' opens the row."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return OpenCommand(row: try CommandWords.row(try words.one()))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.open(row)
        return .keepGoing
    }
}

extension Command {
    static func open(row: RowReference) -> Command { Command(OpenCommand(row: row)) }
}

extension CommandContext {
    /// A directory (or a link to one) is pushed as a new level, and so is a
    /// row its level or a registered kind opens (`LevelOpeners`: an
    /// archive's members); any other file shows its details. The `..` row
    /// goes up, as `cd ..` does.
    func open(_ reference: RowReference) throws(CommandError) {
        let row = try row(reference, for: "open")
        let model = current.model
        var opening = LevelOpening(level: current, row: row, decoration: settings.decoration)
        let context = self
        opening.stop = stop
        opening.say = { line in
            context.write(line)
            context.output.flush()
        }
        if let level = try (current.kind as? OpensItsRows)?.level(for: opening) {
            present(level)
            return
        }
        guard model.isDirectory(row: row, followSymlinks: true) else {
            for opener in LevelOpeners.all {
                if let level = try opener.level(for: opening) {
                    present(level)
                    return
                }
            }
            try info(.number(row + 1))
            return
        }
        if model.isDotEntry(row: row) {
            try push(DisplayPath.normalize(current.path(ofRow: row)), command: "open")
            return
        }
        guard let location = model.location(ofRow: row) else {
            throw CommandError("open: \(NameEscaping.escape(current.path(ofRow: row))) is not a directory on disk")
        }
        try push(current.path(ofRow: row), command: "open", opening: (location.name, location.directory))
    }
}
