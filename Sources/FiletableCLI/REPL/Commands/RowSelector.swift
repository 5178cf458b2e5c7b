import FileBrowsing

/// What one word of `mark` or `unmark` selects, read once when the command
/// is parsed: every row, a run of row numbers (`3`, `3-7`; `1,4,9` is three
/// selectors), or a name as shown (a glob only when no row has that exact
/// name: `RowNames`). The rows themselves are found when the command runs,
/// in the table shown then.
enum RowSelector: Equatable, Sendable {
    case all
    /// Row numbers as typed (1-based), both ends included.
    case numbers(ClosedRange<Int>)
    case name(String)

    /// The selectors of `words`; a word of digits and dashes that is not a
    /// row, a range or a list is refused with `command`'s name.
    static func parse(_ words: [String], for command: String) throws(CommandError) -> [RowSelector] {
        var selectors: [RowSelector] = []
        for word in words {
            if word.lowercased() == "all" {
                selectors.append(.all)
                continue
            }
            let parts = word.split(separator: ",", omittingEmptySubsequences: false)
            let numeric = parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isNumber || $0 == "-" } }
            guard numeric else {
                selectors.append(.name(word))
                continue
            }
            for part in parts {
                let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low <= high else {
                    throw CommandError("\(command): '\(part)' is not a row, a range such as 3-7, or a list such as 1,4,9")
                }
                selectors.append(.numbers(low...high))
            }
        }
        return selectors
    }
}
