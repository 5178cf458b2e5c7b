import FileBrowsing
import SystemSeam

/// The lines typed at the prompt, newest last: Up/Down walk them, Ctrl-R
/// and Ctrl-S search them, `history` lists them. Kept between sessions in
/// `$XDG_STATE_HOME/filetable/history` (default
/// `~/.local/state/filetable/history`), at most `limit` lines, written whole
/// to a temporary file (mode 0600) and renamed over the old one. Lines that
/// start with a space and repeats of the line before are not kept. Batch mode
/// neither reads nor writes it.
///
/// Two sessions at once both keep their lines: saving reads the file again
/// and adds this session's lines after what is there now. The file is
/// bounded: only a regular file is read, at most its last `byteLimit` bytes
/// (its newest lines), and a line longer than `lineByteLimit` is dropped.
final class History {
    private(set) var entries: [String] = []
    let limit: Int
    /// Where the history is kept; nil keeps it for this session only.
    let file: [UInt8]?
    /// The lines typed in this session, oldest first: what saving adds.
    private var typedHere: [String] = []

    static let byteLimit = 1 << 20
    static let lineByteLimit = 4096

    init(file: [UInt8]?, limit: Int = 1000) {
        self.file = file
        self.limit = limit
        entries = Self.newestOnce(readFile())
    }

    /// Each line once, where it was typed last.
    private static func newestOnce(_ lines: [String]) -> [String] {
        var seen = Set<String>()
        return lines.reversed().filter { seen.insert($0).inserted }.reversed()
    }

    /// The file's lines (the newest `limit`), or none when it cannot be read.
    private func readFile() -> [String] {
        guard let file, case .success(let (bytes, cut)) = OwnFiles.readTail(file, limit: Self.byteLimit) else { return [] }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        // Past the bound, the first line read may be cut: it is dropped.
        if cut { lines = Array(lines.dropFirst()) }
        // Read as typed text, made terminal-safe: the file is on disk, so hostile.
        return lines.filter { $0.count <= Self.lineByteLimit }.suffix(limit)
            .map { NameEscaping.terminalSafe(NameEscaping.typedText(Array($0))) }
    }

    /// The history file's place from the environment, or why there is none.
    /// A home that does not exist is never made (nor the folder that would
    /// hold `$XDG_STATE_HOME`): the history is then off, and `offBecause`
    /// says so, once, at the prompt's start.
    static func defaultFile(
        environment: (String) -> String?, isDirectory: ([UInt8]) -> Bool = History.isDirectory
    ) -> (file: [UInt8]?, offBecause: String?) {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            let holder = PathBytes.split(CanonicalPath.lexical(Array(state.utf8))).parent
            guard isDirectory(holder.isEmpty ? [0x2F] : holder) else {
                return (nil, "history is off: XDG_STATE_HOME (\(NameEscaping.escape(Array(state.utf8)))) is in a folder that does not exist")
            }
            return (Array((state + "/filetable/history").utf8), nil)
        }
        guard let home = environment("HOME"), home.hasPrefix("/") else { return (nil, nil) }
        guard isDirectory(Array(home.utf8)) else {
            return (nil, "history is off: HOME (\(NameEscaping.escape(Array(home.utf8)))) does not exist, and filetable never makes it")
        }
        return (Array((home + "/.local/state/filetable/history").utf8), nil)
    }

    private static func isDirectory(_ path: [UInt8]) -> Bool {
        guard case .success(let status) = FileStatusReader.status(of: path, followSymlink: true) else { return false }
        return status.kind == .directory
    }

    /// Adds a line typed at the prompt (not a space-led one, not a repeat).
    func add(_ typed: String) {
        guard !typed.hasPrefix(" ") else { return }
        let line = String(typed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard !line.isEmpty, line.utf8.count <= Self.lineByteLimit else { return }
        // Each line once, at its newest place (bash's erasedups): Up walks commands, not repeats.
        entries.removeAll { $0 == line }
        typedHere.removeAll { $0 == line }
        entries.append(line)
        typedHere.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// Takes `line` back out when it was the last one added: a viewer key
    /// (`q`, `n`, `G`) typed at the prompt moves the view and is no command.
    func forget(_ line: String) {
        if entries.last == line { entries.removeLast() }
        if typedHere.last == line { typedHere.removeLast() }
    }

    /// The newest entry before `index` (or before the end) containing `text`.
    func search(_ text: String, before index: Int, forward: Bool = false) -> Int? {
        if forward {
            var i = index + 1
            while i < entries.count {
                if entries[i].contains(text) { return i }
                i += 1
            }
            return nil
        }
        var i = min(index, entries.count) - 1
        while i >= 0 {
            if entries[i].contains(text) { return i }
            i -= 1
        }
        return nil
    }

    /// Writes the history file (see `OwnFiles.replace`): the file as it is
    /// now (another session may have saved since this one started), then
    /// this session's lines. A failure is returned, not thrown: the session
    /// has ended either way.
    @discardableResult
    func save() -> String? {
        guard let file, !typedHere.isEmpty else { return nil }
        var merged = readFile()
        let typed = Set(typedHere)
        merged.removeAll { typed.contains($0) }
        // A file written before lines were kept once: its own repeats go too, the newest kept.
        merged = Self.newestOnce(merged + typedHere)
        let contents = Array(merged.suffix(limit).map { Array($0.utf8) + [0x0A] }.joined())
        if case .failure(let failure) = OwnFiles.replace(file, contents: contents) { return failure.description }
        typedHere = []
        return nil
    }
}
