import FileBrowsing
import SystemSeam

/// What Tab completes at the filetable prompt: command names, then what
/// the command says its argument is (`RegisteredCommand.completion`): one of
/// its words, a row of the current table, a path, a command name or an index
/// title. Names are offered as the table shows them (escaped), quoted when
/// they hold a space or a quote.
struct CommandCompleter {
    let session: Session
    /// Asked now and then in a long search over rows: true stops it (Ctrl-C).
    var isCancelled: () -> Bool = { false }

    func complete(_ buffer: EditBuffer) -> Completion {
        let before = Array(buffer.textBeforeCursor)
        // The word being completed starts after the last unquoted space.
        var start = 0
        var quote: Character?
        for (index, character) in before.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == " " {
                start = index + 1
            }
        }
        let words = String(before[..<start]).split(separator: " ").map(String.init)
        var typed = String(before[start...])
        if let first = typed.first, first == "'" || first == "\"" { typed.removeFirst() }
        let range = start..<buffer.cursor
        guard let name = words.first else {
            return Completion(range: range, candidates: commandNames(matching: typed))
        }
        guard let command = CommandRegistry.command(named: name) else { return Completion(range: range, candidates: []) }
        switch command.completion(at: words.count, after: Array(words.dropFirst())) {
        case .nothing:
            return Completion(range: range, candidates: [])
        case .words(let candidates):
            return Completion(range: range, candidates: candidates.filter { $0.hasPrefix(typed.lowercased()) })
        case .rows:
            return Completion(range: range, candidates: rowNames(matching: typed))
        case .paths(let directoriesOnly):
            return pathCompletion(typed, range: range, directoriesOnly: directoriesOnly)
        case .pathOrFlag(let flags):
            guard typed.hasPrefix("-") else { return pathCompletion(typed, range: range, directoriesOnly: false) }
            return Completion(range: range, candidates: flags.filter { $0.hasPrefix(typed) })
        case .commandNames:
            return Completion(range: range, candidates: commandNames(matching: typed))
        case .indexTitles:
            let titles = session.current.table.sectionIndexTitles
            return Completion(range: range, candidates: titles.filter { $0.lowercased().hasPrefix(typed.lowercased()) })
        }
    }

    private func commandNames(matching typed: String) -> [String] {
        let lowered = typed.lowercased()
        return CommandCatalog.all.map(\.name).filter { $0.hasPrefix(lowered) }
    }

    /// The rows of the current view whose names start with what was typed
    /// (typed as shown: escapes count as the bytes they stand for).
    private func rowNames(matching typed: String) -> [String] {
        let model = session.current.model
        let prefix = NameEscaping.typedName(typed)
        var names: [String] = []
        for row in 0..<model.rowCount {
            if row % 65536 == 65535 && isCancelled() { return [] }
            let matches = model.withName(ofRow: row) { $0.starts(with: prefix) }
            if matches { names.append(Self.quoted(NameEscaping.escape(model.name(ofRow: row)))) }
        }
        return names
    }

    /// Entries of the directory the typed path points into, relative to
    /// the current level's path; directories end with `/`.
    private func pathCompletion(_ typed: String, range: Range<Int>, directoriesOnly: Bool) -> Completion {
        let bytes = NameEscaping.typedName(typed)
        let slash = bytes.lastIndex(of: 0x2F)
        let folderPart = slash.map { Array(bytes[...$0]) } ?? []
        let namePrefix = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
        var folder = folderPart
        if folder.first == 0x7E, let home = session.settings.home { folder = home + folder.dropFirst() }
        let absolute = folder.first == 0x2F ? folder : PathBytes.join(session.current.path, folder)
        // On a mount that stopped answering, no candidates rather than a frozen prompt.
        guard let handle = try? DirectoryHandle.open(resolving: DisplayPath.normalize(absolute)),
            case .success = handle.answersReads(),
            let listing = try? DirectoryListing(
                directory: handle,
                options: {
                    var options = ListOptions()
                    options.hidden = namePrefix.first == 0x2E ? .shown : .hidden
                    return options
                }())
        else { return Completion(range: range, candidates: []) }
        var candidates: [String] = []
        for row in 0..<listing.rowCount where listing.withName(ofRow: row, { $0.starts(with: namePrefix) }) {
            let isDirectory = listing.isDirectory(row: row, followSymlinks: true)
            if directoriesOnly && !isDirectory { continue }
            candidates.append(NameEscaping.escape(folderPart + listing.name(ofRow: row)) + (isDirectory ? "/" : ""))
        }
        return Completion(range: range, candidates: candidates.map(Self.quoted))
    }

    /// A word as the command parser reads it back: quoted when it holds a
    /// space or a quote. The parser knows no escape inside quotes, so a word
    /// holding both kinds of quote has its `"` written as `\x22`, which names
    /// read back as the byte.
    static func quoted(_ word: String) -> String {
        guard word.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) else { return word }
        guard word.contains("'") else { return "'" + word + "'" }
        return "\"" + word.map { $0 == "\"" ? "\\x22" : String($0) }.joined() + "\""
    }
}
