import FileBrowsing
import SystemSeam

/// `cd [PATH|N|-]`: a path pushed as a new level (see `Session.changeDirectory`).
struct ChangeDirectoryCommand: RegisteredCommand {
    let path: String?

    static let spec = CommandSpec(
        name: "cd", aliases: [], usage: "cd [PATH|N|-]", summary: "open PATH",
        details:
            "'cd' alone goes home, 'cd -' to the directory shown before the last move, 'cd N' opens row N. Otherwise pushes PATH as a new level: absolute, relative to the current directory, ~ or ~/x. Names may be typed as shown (\\n, \\xHH, \\u{…}). Paths are logical, as in a shell: the path shown is the path you walked, '..' takes its last component off (after 'cd link', 'cd ..' returns to the directory holding the link), and every level is opened by the path it shows, so rows, info, marks and exports name the files that path leads to. 'pwd' shows where a directory really is when links make that differ."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return ChangeDirectoryCommand(path: words.joined)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .paths(directoriesOnly: true)
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.changeDirectory(path)
        return .keepGoing
    }
}

extension Command {
    static func cd(_ path: String?) -> Command { Command(ChangeDirectoryCommand(path: path)) }
}

extension CommandContext {
    /// `cd PATH`: absolute, relative to the current level, `~` or `~/x`; names
    /// may be typed as they are shown (with escapes). `..` is taken off the
    /// path as text, then the path is opened. `cd N` opens row N, `cd -` the
    /// directory shown before the last move, `cd` alone the home directory.
    func changeDirectory(_ typed: String?) throws(CommandError) {
        guard let text = typed else {
            guard let home = settings.home else { throw CommandError("cd: HOME is not set") }
            return try push(home, command: "cd")
        }
        if text == "-" {
            guard let previous = navigator.previousPath else { throw CommandError("cd: no previous directory yet") }
            write(NameEscaping.escape(previous))
            return try push(previous, command: "cd")
        }
        if let number = Int(text), text.allSatisfy({ $0.isASCII && $0.isNumber }),
            number >= 1, number <= current.model.rowCount
        {
            guard current.model.isDirectory(row: number - 1, followSymlinks: true) else {
                throw CommandError("cd: row \(number) (\(NameEscaping.escape(current.model.name(ofRow: number - 1)))) is not a directory")
            }
            return try open(.number(number))
        }
        if let inside = current.kind as? InsideAFile, try inside.changeDirectory(NameEscaping.typedName(text), in: self) { return }
        let absolute = try absolutePath(text, for: "cd")
        do {
            try push(absolute, command: "cd")
        } catch {
            // A path that goes on inside an archive (`cd backup.tgz/etc`); not
            // looked for where calls can hang (the error says what did not answer).
            guard !HangProneFileSystems.mayHang(path: absolute),
                let level = try ArchiveLevel.level(throughArchiveAt: absolute, decoration: settings.decoration, stop: stop)
            else { throw error }
            present(level)
        }
    }
}
