import SystemSeam

/// A directory of a git revision with everything below it (`--rev REV -R`,
/// `--rev REV --tree`): one `git ls-tree -r -t` for the whole tree, its
/// records grouped by the directory that holds them, each directory's rows
/// (`GitTreeRows`) made when it is listed. A submodule is an entry with
/// nothing below it, as git stores it. Used from one thread.
public final class GitRevisionTree {
    /// The directory as typed, and the revision.
    public let root: [UInt8]
    public let revision: [UInt8]
    /// Each directory's `ls-tree` records (below `root`: `src/lib`, the root
    /// itself empty), its entries' names cut to their last component.
    private var listings: [[UInt8]: [UInt8]] = [:]
    /// Every record as `ls-tree` gave it (paths below the root), for searches.
    private let records: [UInt8]
    private let time: Timestamp
    private let stop: () -> Bool

    /// The tree of `directory` at `revision`, or why not, in a user's words.
    /// `stop` ends a git that has not answered (Ctrl-C's flag unless told otherwise).
    public static func read(
        _ directory: [UInt8], at revision: [UInt8], stop: @escaping () -> Bool = { Interruption.isRequested }
    ) -> Result<GitRevisionTree, FileError> {
        GitTreeRows.listing(of: directory, at: revision, recursive: true, stop: stop).map { output, time in
            GitRevisionTree(root: directory, revision: revision, listing: output, time: time, stop: stop)
        }
    }

    private init(root: [UInt8], revision: [UInt8], listing: [UInt8], time: Timestamp, stop: @escaping () -> Bool) {
        self.root = root
        self.revision = revision
        self.time = time
        self.stop = stop
        records = listing
        // `<mode> <type> <object> <size>\t<path>`, a record a NUL.
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let path = record[(tab + 1)...]
            let slash = path.lastIndex(of: 0x2F)
            let parent = slash.map { Array(path[path.startIndex..<$0]) } ?? []
            let name = slash.map { path[($0 + 1)...] } ?? path
            listings[parent, default: []] += record[...tab] + name + [0]
        }
    }

    /// The rows of the directory `below` the root (empty: the root itself).
    public func rows(below relative: [UInt8], options: ListOptions) -> GitTreeRows {
        let rows = GitTreeRows(
            directory: relative.isEmpty ? root : PathBytes.join(root, relative), revision: revision, listing: listings[relative] ?? [],
            time: time, options: options, stop: stop)
        rows.belowTreeRoot = relative
        return rows
    }

    /// The entries below the root whose names hold `text` (ASCII case
    /// ignored), at most `maxDepth` levels down, each shown by its path
    /// below the root (`find TEXT --all` in a revision).
    public func rows(matching text: [UInt8], maxDepth: Int?, options: ListOptions) -> GitTreeRows {
        let needle = NameNeedle(text)
        var found: [UInt8] = []
        for record in records.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let path = record[(tab + 1)...]
            if let maxDepth, path.lazy.filter({ $0 == 0x2F }).count >= maxDepth { continue }
            let name = path.lastIndex(of: 0x2F).map { path[($0 + 1)...] } ?? path
            guard Array(name).withUnsafeBufferPointer({ needle.isFound(in: $0) }) else { continue }
            found += record + [0]
        }
        let rows = GitTreeRows(directory: root, revision: revision, listing: found, time: time, options: options, stop: stop)
        rows.showsPaths = true
        return rows
    }

    /// What each directory holds, in bytes (the blobs' sizes below it, as
    /// git stores them), by its path below the root.
    public func bytesBelow() -> [[UInt8]: Int64] {
        var below: [[UInt8]: Int64] = [:]
        for record in records.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = record[..<tab].split(separator: 0x20)
            guard fields.count == 4, fields[1].elementsEqual("blob".utf8), let size = Int64(String(decoding: fields[3], as: UTF8.self)) else {
                continue
            }
            let path = Array(record[(tab + 1)...])
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: 0x2F) {
                below[Array(path[..<slash]), default: 0] += size
                end = slash
            }
        }
        return below
    }

    /// The rows of the directory at `row` of `rows` (rows of this tree).
    public func rows(of row: Int, in rows: GitTreeRows, options: ListOptions) -> GitTreeRows {
        self.rows(below: PathBytes.join(rows.belowTreeRoot, rows.name(ofRow: row)), options: options)
    }
}
