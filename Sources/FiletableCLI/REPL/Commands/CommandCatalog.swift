/// A REPL command's names, usage and help text: each command file holds
/// its own; `help`, the man page and the "did you mean" suggestion read them
/// through `CommandCatalog`.
struct CommandSpec {
    let name: String
    let aliases: [String]
    let usage: String
    let summary: String
    let details: String
}

enum CommandCatalog {
    /// Every command's spec, read from the commands themselves.
    static let all: [CommandSpec] = CommandRegistry.all.map { $0.spec }

    /// The spec for a name or alias, ignoring case.
    static func spec(named word: String) -> CommandSpec? {
        let word = word.lowercased()
        return all.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// The closest command name to a mistyped word, if any is close.
    static func suggestion(for word: String) -> String? {
        // No command name is long: a word two letters longer than the longest is no slip.
        guard word.utf8.count <= longestName + 2 else { return nil }
        let word = word.lowercased()
        let length = word.count
        var best: (name: String, distance: Int)?
        for spec in all {
            for candidate in [spec.name] + spec.aliases where candidate.count > 1 && abs(candidate.count - length) <= 2 {
                let distance = editDistance(word, candidate)
                // One slip (a swap counts as one); two only in longer words.
                if distance <= (word.count >= 6 ? 2 : 1), distance < (best?.distance ?? Int.max) {
                    best = (spec.name, distance)
                }
            }
        }
        return best?.name
    }

    /// The longest command name or alias, in bytes.
    private static let longestName = all.flatMap { [$0.name] + $0.aliases }.map(\.utf8.count).max() ?? 0

    /// Levenshtein distance, with a swap of neighbours counting as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a)
        let y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }

    /// The commands' names by what they are for, in the order `help` lists them.
    static let groups: [(title: String, names: [String])] = CommandRegistry.groups.map { group in
        (group.title, group.commands.map { $0.spec.name })
    }

    /// `help`: the commands in their groups, each summary wrapped at word
    /// boundaries to `width` columns under its own column.
    /// The closing line says how pages turn where the list is read: an
    /// empty line at the prompt, a key in the full-screen view.
    static func overview(width: Int, inTheScreen: Bool = false) -> [String] {
        var lines = TextWrapping.wrap("Commands (case does not matter; a row is its number or its name):", width: width)
        let usageWidth = min(all.map(\.usage.count).max() ?? 0, max(8, width / 2))
        for group in groups {
            lines.append("")
            lines.append(group.title + ":")
            for name in group.names {
                guard let spec = spec(named: name) else { continue }
                let aliases = spec.aliases.isEmpty ? "" : "  [" + spec.aliases.joined(separator: ", ") + "]"
                let lead = "  " + spec.usage.padding(toLength: usageWidth) + "  "
                let hanging = String(repeating: " ", count: 4 + usageWidth)
                if spec.usage.count > usageWidth {
                    lines.append("  " + spec.usage)
                    lines += TextWrapping.wrap(spec.summary + aliases, width: width, first: hanging, rest: hanging)
                } else {
                    lines += TextWrapping.wrap(spec.summary + aliases, width: width, first: lead, rest: hanging)
                }
            }
        }
        lines.append("")
        let closing =
            inTheScreen
            ? "Type them after ':'. A key shows the next page, q returns to the table; ':help CMD' explains one command, '?' lists the screen's keys."
            : "An empty line shows the next page. 'help CMD' explains one command."
        lines += TextWrapping.wrap(closing, width: width)
        return lines
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
