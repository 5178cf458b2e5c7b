import FileBrowsing
import SystemSeam

/// The one rule by which a typed word names rows, shared by every command
/// that takes a row (`info`, `view`, `open`, `cd`, `mark`, `unmark` …).
///
/// A word is read as a name is shown: its escapes (`\n`, `\t`, `\xFF`,
/// `\u{200B}`, `\\`) stand for the exact bytes, so `new\nline` names the file
/// whose name holds a line feed, never `newnline`. Only when no row has that
/// exact name, and the word holds a glob character (`*`, `?`, `[`), is it
/// read as a pattern, by the commands that take several rows.
enum RowNames {
    /// The first row (0-based) whose name is exactly the bytes `word` shows, or nil.
    /// Ctrl-C stops a long search (a million rows) with `interrupted`.
    static func exactRow(_ word: String, in model: any FileRows, for command: String) throws(CommandError) -> Int? {
        let typed = NameEscaping.typedName(word)
        for row in 0..<model.rowCount {
            if row % 65536 == 0 && Interruption.isRequested { throw CommandError("\(command): interrupted") }
            if model.withName(ofRow: row, { $0.elementsEqual(typed) }) { return row }
        }
        guard model.showsPaths else { return nil }
        // Rows shown by path (`find --all`) also answer to their own name, when only one has it.
        let owners = (0..<model.rowCount).filter { row in
            // The entry's name on disk; a row not on disk (an archive's member), its path's last part.
            let own = model.location(ofRow: row)?.name ?? model.withName(ofRow: row) { Array($0.split(separator: 0x2F).last ?? []) }
            return own == typed
        }
        guard owners.count > 1 else { return owners.first }
        let paths = owners.prefix(3).map { NameEscaping.escape(model.name(ofRow: $0)) }.joined(separator: ", ")
        throw CommandError(
            "\(command): \(owners.count) rows are named '\(word)' (\(paths)\(owners.count > 3 ? ", …" : "")); type the path or the number")
    }

    /// Whether `word` may be read as a glob: it holds `*`, `?` or `[`.
    static func isPattern(_ word: String) -> Bool {
        word.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The rows `word` names when it may stand for several: the row of that
    /// exact name, or else, for a pattern, every row whose name it matches.
    static func rows(_ word: String, in model: any FileRows, for command: String) throws(CommandError) -> [Int] {
        if let exact = try exactRow(word, in: model, for: command) { return [exact] }
        guard isPattern(word) else {
            throw CommandError("\(command): no row named '\(word)' in this view (a pattern needs *, ? or [)")
        }
        let glob = GlobPattern(word)
        let matches = (0..<model.rowCount).filter { glob.matches(model.name(ofRow: $0)) }
        guard !matches.isEmpty else { throw CommandError("\(command): no name in view matches '\(word)'") }
        return matches
    }
}
