import FileBrowsing

/// How two files differ, as `diff -u` writes it, ready for the text viewer:
/// a row of a comparison against its file there, or two rows of any table.
/// The prompt's `diff` and the full-screen view's `=` make it here.
struct FileDiff {
    /// The viewer's title: `diff -u HERE THERE`.
    let title: [UInt8]
    /// diff -u's output (empty when the files are the same).
    let text: [UInt8]
    /// What it found, for the line under the viewer (`diff: ` before it at
    /// the prompt): hunks, lines removed and added.
    let summary: String

    /// Files larger than this are not read whole into memory for a diff.
    static let largestFile: UInt64 = 64 << 20

    /// Row `first` of `level` against row `second`, or, without one, against
    /// its counterpart on the other side of a comparison.
    static func rows(_ first: Int, _ second: Int?, of level: TableLevel) throws(CommandError) -> FileDiff {
        if let second {
            let a = try side(ofRow: first, of: level)
            let b = try side(ofRow: second, of: level)
            return make(a, b)
        }
        guard let sides = level.kind as? SideBySide, let pair = sides.counterpart(ofRow: first, in: level) else {
            let name = NameEscaping.escape(level.model.name(ofRow: first))
            throw CommandError(
                "diff: \(name) has no file on another side to compare with (in 'compare PATH', a file whose contents differ has one); 'diff N M' compares two rows"
            )
        }
        let there: any ByteSource
        do throws(FileError) {
            there = try sides.openThere(pair.there, row: first, in: level)
        } catch {
            throw CommandError("diff: \(error.description)")
        }
        return make(try side(atPath: pair.here), try side(there))
    }

    private static func make(_ a: UnifiedDiff.Side, _ b: UnifiedDiff.Side) -> FileDiff {
        let output = UnifiedDiff.diff(a, b)
        let summary =
            output.text.isEmpty
            ? "the files are the same"
            : output.binary
                ? "binary files differ ('hex N' shows each)"
                : "\(Plural.count(output.hunks, "hunk")), \(output.removed) removed, \(output.added) added ('n' goes to the next hunk)"
        return FileDiff(title: Array("diff -u ".utf8) + a.label + [0x20] + b.label, text: output.text, summary: summary)
    }

    private static func side(ofRow row: Int, of level: TableLevel) throws(CommandError) -> UnifiedDiff.Side {
        let path = level.path(ofRow: row)
        let file: any ByteSource
        do {
            file = try level.model.contents(ofRow: row, path: path)
        } catch {
            throw CommandError("diff: \(error.description)")
        }
        return try side(file)
    }

    private static func side(atPath path: [UInt8]) throws(CommandError) -> UnifiedDiff.Side {
        let file: ViewedFile
        do throws(FileError) {
            file = try ViewedFile(path: path)
        } catch {
            throw CommandError("diff: \(error.description)")
        }
        return try side(file)
    }

    /// The file's bytes, whole (a text diff needs every line).
    private static func side(_ file: any ByteSource) throws(CommandError) -> UnifiedDiff.Side {
        guard let size = file.size else { throw CommandError("diff: \(NameEscaping.escape(file.path)): not a regular file") }
        guard size <= largestFile else {
            throw CommandError("diff: \(NameEscaping.escape(file.path)) is larger than 64 MiB; 'pager' or diff itself shows it")
        }
        do {
            let bytes = try file.bytes(at: 0, count: Int(size))
            return UnifiedDiff.Side(label: file.path, modificationTime: file.modificationTime, bytes: bytes)
        } catch {
            throw CommandError("diff: \(error.description)")
        }
    }
}
