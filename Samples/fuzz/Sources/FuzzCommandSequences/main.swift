import Glibc

@testable import FileBrowsing
@testable import FiletableCLI
@testable import FuzzSupport
@testable import HexDump
@testable import SystemSeam

/// Random command sequences on the hostile scratch tree: each input byte
/// pair picks a command (du, mark by number, by name as shown and by
/// pattern, unmark, show and hide marked, sorts, filters, open, back, the
/// plan, undo, copies) and its argument. After every step:
/// - nothing trapped (a share above 1 in the du bar once killed the session
///   and its plan);
/// - a mark only ever took rows the command selected: `mark N` the entry
///   row N showed, `mark NAME` the row of exactly that name, a pattern only
///   names it matches;
/// - the plan's totals equal the sum of its marks counted one at a time
///   (those not inside another marked directory).
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    let session = ScratchSession.make()
    var index = 0
    var steps = 0
    while index + 1 < bytes.count && steps < 24 {
        let line = Sequences.command(bytes[index], bytes[index + 1], in: session)
        index += 2
        steps += 1
        let expected = Sequences.markableEntries(for: line, in: session)
        let before = Set(session.marks.all.map(\.entry))
        do {
            _ = session.execute(try CommandParser.parse(line))
        } catch {}
        session.output.flush()
        let added = Set(session.marks.all.map(\.entry)).subtracting(before)
        if let expected, !added.isSubset(of: expected) {
            fatalError("'\(line)' marked \(added.map { NameEscaping.escape($0.name) }) beyond \(expected.map { NameEscaping.escape($0.name) })")
        }
        Sequences.checkTotals(session.marks.all, after: line)
    }
    return 0
}

enum Sequences {
    /// Names as the table shows them (escaped), a look-alike spelled as a
    /// glob would once read it, and patterns.
    static let words = [
        "new\\nline", "newnline", "notes.txt", "inv\\xFF\\xFE", "bidi\\u{202E}txt", "zero\\u{200B}width", "big.bin", "dir", "*.txt",
        "n*", "\\x1B]0;title\\x07", "empty", "copy.txt", "[bd]*", "no-such-name",
    ]

    /// The command a pair of bytes picks.
    static func command(_ pick: UInt8, _ argument: UInt8, in session: Session) -> String {
        let rows = max(1, session.current.model.rowCount)
        let row = Int(argument) % (rows + 1) + 1
        let word = words[Int(argument) % words.count]
        let commands = [
            "du", "mark \(row)", "mark \(word)", "unmark \(row)", "unmark \(word)", "show marked", "hide marked", "sort size", "sort du",
            "sort name", "sort time", "filter \(word)", "filter", "open \(row)", "back", "marks", "undo", "mark all", "group kind", "group none",
            "style long", "end", "top", "dupes", "info \(row)", "find e --all", "mark \(row)-\(row + 2)",
        ]
        return commands[Int(pick) % commands.count]
    }

    /// The entries `line` may mark, read from the table before it runs;
    /// nil when it is not a `mark` (or its rows cannot be told beforehand).
    static func markableEntries(for line: String, in session: Session) -> Set<EntryKey>? {
        guard line.hasPrefix("mark ") else { return nil }
        let level = session.current
        let model = level.model
        let word = String(line.dropFirst(5))
        var rows: [Int] = []
        if word == "all" {
            rows = Array(0..<model.rowCount)
        } else if let number = Int(word) {
            rows = number <= model.rowCount ? [number - 1] : []
        } else if word.contains("-"), !word.contains("*"), let first = Int(word.split(separator: "-")[0]) {
            let last = Int(word.split(separator: "-")[1]) ?? first
            rows = first <= last && last <= model.rowCount ? Array((first - 1)..<last) : []
        } else {
            let typed = NameEscaping.typedName(word)
            if let exact = (0..<model.rowCount).first(where: { model.name(ofRow: $0) == typed }) {
                rows = [exact]
            } else if RowNames.isPattern(word) {
                let glob = GlobPattern(word)
                rows = (0..<model.rowCount).filter { glob.matches(model.name(ofRow: $0)) }
            }
        }
        return Set(rows.compactMap { level.entry(ofRow: $0) })
    }

    /// The plan counted whole equals its outermost marks counted one by one.
    static func checkTotals(_ marks: [Mark], after line: String) {
        guard !marks.isEmpty else { return }
        let whole = PlanTotals.count(marks)
        let paths = marks.map(\.path)
        var files = 0
        var directories = 0
        var bytes: Int64 = 0
        for mark in marks {
            let inside = paths.contains { $0 != mark.path && mark.path.starts(with: $0 + [0x2F]) }
            if inside { continue }
            let one = PlanTotals.count([mark])
            files += one.files
            directories += one.directories
            bytes += one.bytes
        }
        if whole.files != files || whole.directories != directories || whole.bytes != bytes {
            fatalError(
                "after '\(line)' the plan's totals \(whole.summary) are not its marks' sum (\(files) files, \(directories) directories, \(bytes) bytes)"
            )
        }
    }
}
