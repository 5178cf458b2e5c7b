import SystemSeam

/// Two texts' differences as `diff -u` writes them: the two headers (a
/// label and the time each changed, as `2026-11-22 01:39:19.123456789
/// +0000`), then hunks of the changed lines with three lines of context,
/// `-` for a line of the first, `+` for a line of the second, and
/// `\ No newline at end of file` after a last line without one. Hunks
/// whose context would touch are one hunk, as diff makes them. Binary
/// files (a NUL byte near the start) are said to differ, as diff says it.
public enum UnifiedDiff {
    /// Lines of context around each change.
    public static let context = 3

    /// One side: its label (the path as given), when it changed, its bytes.
    public struct Side {
        public let label: [UInt8]
        public let modificationTime: Timestamp?
        public let bytes: [UInt8]

        public init(label: [UInt8], modificationTime: Timestamp?, bytes: [UInt8]) {
            self.label = label
            self.modificationTime = modificationTime
            self.bytes = bytes
        }
    }

    /// `diff -u`'s output and what it holds.
    public struct Output: Sendable, Equatable {
        /// The text; empty when the texts are the same.
        public var text: [UInt8] = []
        /// Whether one side is binary (the text then says the files differ).
        public var binary = false
        public var hunks = 0
        /// Lines of the first removed, lines of the second added.
        public var removed = 0
        public var added = 0
    }

    /// `diff -u first second`'s output; empty when the texts are the same.
    public static func text(_ first: Side, _ second: Side) -> [UInt8] { diff(first, second).text }

    /// `diff -u first second`: its text, and its hunks and lines counted.
    public static func diff(_ first: Side, _ second: Side) -> Output {
        var output = Output()
        guard first.bytes != second.bytes else { return output }
        if isBinary(first.bytes) || isBinary(second.bytes) {
            output.binary = true
            output.text = Array("Binary files ".utf8) + first.label + Array(" and ".utf8) + second.label + Array(" differ\n".utf8)
            return output
        }
        let a = lines(of: first.bytes)
        let b = lines(of: second.bytes)
        let (numbersA, numbersB) = LineDiff.numbered(a, b)
        let script = LineDiff(numbersA, numbersB)
        output.text = header("---", first) + header("+++", second)
        for hunk in hunks(of: changes(script.deleted, script.inserted)) {
            write(hunk, a: a, b: b, into: &output.text)
            output.hunks += 1
            output.removed += hunk.reduce(0) { $0 + $1.deleted }
            output.added += hunk.reduce(0) { $0 + $1.inserted }
        }
        return output
    }

    /// Whether diff would call the bytes binary: a NUL in its first buffer.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(32 * 1024).contains(0)
    }

    /// The lines, each with its newline (the last may lack one).
    public static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            lines.append(bytes[start..<end])
            start = end
        }
        return lines
    }

    private static func header(_ mark: String, _ side: Side) -> [UInt8] {
        var line = Array(mark.utf8) + [0x20] + side.label
        if let time = side.modificationTime { line += [0x09] + Array(TimeFormat.full(time).utf8) }
        return line + [0x0A]
    }

    /// A change: `deleted` lines of the first from `first`, `inserted` lines of the second from `second`.
    struct Change {
        let first: Int
        let deleted: Int
        let second: Int
        let inserted: Int
    }

    /// The script's changes in order: each a run of deleted and inserted
    /// lines with no line in common between them.
    static func changes(_ deleted: [Bool], _ inserted: [Bool]) -> [Change] {
        var changes: [Change] = []
        var i = 0
        var j = 0
        while i < deleted.count || j < inserted.count {
            if (i < deleted.count && deleted[i]) || (j < inserted.count && inserted[j]) {
                let (i0, j0) = (i, j)
                while i < deleted.count && deleted[i] { i += 1 }
                while j < inserted.count && inserted[j] { j += 1 }
                changes.append(Change(first: i0, deleted: i - i0, second: j0, inserted: j - j0))
            } else {
                i += 1
                j += 1
            }
        }
        return changes
    }

    /// Changes grouped into hunks: the next change joins a hunk when the
    /// lines in common between them are at most twice the context.
    static func hunks(of changes: [Change]) -> [[Change]] {
        var hunks: [[Change]] = []
        for change in changes {
            if let last = hunks.last?.last, change.first - (last.first + last.deleted) <= 2 * context {
                hunks[hunks.count - 1].append(change)
            } else {
                hunks.append([change])
            }
        }
        return hunks
    }

    /// One hunk: its `@@` line, then context, removed and added lines in order.
    private static func write(_ hunk: [Change], a: [ArraySlice<UInt8>], b: [ArraySlice<UInt8>], into out: inout [UInt8]) {
        guard let first = hunk.first, let last = hunk.last else { return }
        let startA = max(0, first.first - context)
        let startB = first.second - (first.first - startA)
        let endA = min(a.count, last.first + last.deleted + context)
        let endB = last.second + last.inserted + (endA - (last.first + last.deleted))
        out += Array("@@ -\(range(startA, endA)) +\(range(startB, endB)) @@\n".utf8)
        var i = startA
        for change in hunk {
            while i < change.first {
                line(0x20, a[i], into: &out)
                i += 1
            }
            for index in change.first..<(change.first + change.deleted) { line(0x2D, a[index], into: &out) }
            for index in change.second..<(change.second + change.inserted) { line(0x2B, b[index], into: &out) }
            i = change.first + change.deleted
        }
        while i < endA {
            line(0x20, a[i], into: &out)
            i += 1
        }
    }

    /// A range as diff's `@@` line writes it: `start,count`, `start` alone
    /// for one line, and for none the line before it with `,0`.
    private static func range(_ start: Int, _ end: Int) -> String {
        switch end - start {
        case 0: return "\(start),0"
        case 1: return "\(start + 1)"
        default: return "\(start + 1),\(end - start)"
        }
    }

    private static func line(_ mark: UInt8, _ text: ArraySlice<UInt8>, into out: inout [UInt8]) {
        out.append(mark)
        out += text
        if text.last != 0x0A { out += Array("\n\\ No newline at end of file\n".utf8) }
    }
}
