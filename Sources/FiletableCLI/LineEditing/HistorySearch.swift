import FileBrowsing
import Terminal

/// Ctrl-R / Ctrl-S at the prompt: the text sought, typed a key at a time,
/// and the history entry it finds. What is typed is made terminal-safe as
/// it comes (a typed C1 control or bidirectional override is shown as an
/// escape, never drawn raw in the search prompt).
struct HistorySearch: Equatable {
    private(set) var query = ""
    /// The entry found, an index into the history's entries.
    private(set) var match: Int?
    private(set) var failed = false

    /// What a key did to the search.
    enum Outcome: Equatable {
        /// The search took the key and goes on.
        case searching
        /// Abandoned (Esc, Ctrl-G, Ctrl-C): the line stays as it was.
        case cancelled
        /// Any other key ends it with the match (if any) put in the line;
        /// the key is then handled as usual (Enter runs the line).
        case finished(match: Int?)
    }

    /// Applies one key, searching `history`.
    mutating func take(_ key: Key, in history: History) -> Outcome {
        let count = history.entries.count
        switch key {
        case .text(let text):
            query += NameEscaping.terminalSafe(text)
            match = history.search(query, before: (match ?? count) + 1)
        case .backspace:
            if !query.isEmpty { query.removeLast() }
            match = query.isEmpty ? nil : history.search(query, before: count)
        case .control("r"):
            match = history.search(query, before: match ?? count) ?? match
        case .control("s"):
            match = history.search(query, before: match ?? -1, forward: true) ?? match
        case .control("g"), .escape, .control("c"):
            return .cancelled
        default:
            return .finished(match: match)
        }
        failed = !query.isEmpty && match == nil
        return .searching
    }

    /// The prompt drawn while searching: `(reverse-i-search)'QUERY': `.
    var prompt: String { "(\(failed ? "failed " : "")reverse-i-search)'\(query)': " }
}
