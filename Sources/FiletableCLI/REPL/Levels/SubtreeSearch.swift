import FileBrowsing
import SystemSeam

/// A `find` in progress: names holding a text (ASCII case ignored) in the
/// subtree below the level it started on, nearest first: the level's own
/// rows in the order its table shows them, then every directory one level
/// down (by name), then two levels down, and so on (breadth first, so
/// `find passwd` in /etc meets `passwd` before `pam.d/chpasswd`). It stops
/// at each match and goes on from there when asked again.
///
/// Directories are opened through their parent's descriptor and links are
/// never followed, so the walk cannot loop and a match names the file that
/// was read. Memory holds the listing being searched and the paths of the
/// directories waiting their turn; no descriptor is held for those.
final class SubtreeSearch {
    /// A match: its directory's path below the origin (empty: the origin's
    /// own table), its row there, and the depth (1: the origin's rows).
    struct Match {
        let components: [[UInt8]]
        let rows: any FileRows
        let row: Int
        /// The level that shows `rows` at a path (a directory's, or a
        /// directory's inside an archive).
        let level: (_ path: [UInt8]) -> TableLevel
    }

    private struct Frame {
        let rows: any FileRows
        /// The level that shows `rows` at a path.
        let level: (_ path: [UInt8]) -> TableLevel
        let components: [[UInt8]]
        var nextRow = 0
    }

    /// What was typed, for messages.
    let text: String
    /// How many levels of entries are searched (1: the origin's table); nil for all.
    let maxDepth: Int?
    /// The level the search started on: its rows are the first frame's.
    private(set) weak var origin: TableLevel?
    /// The level pushed to show the last match, taken off when the search goes on.
    weak var shownLevel: TableLevel?
    private(set) var directoriesSearched = 1
    private(set) var unreadableDirectories = 0
    /// Whether hidden entries (and so hidden directories) are left out, as the origin's table leaves them.
    let skipsHidden: Bool
    /// Hidden directories met and not gone into (when `skipsHidden`).
    private(set) var hiddenDirectoriesSkipped = 0
    private let needle: NameNeedle
    /// The directory being searched.
    private var frame: Frame?
    /// Directories found and not yet searched, nearest first, by their path below the origin.
    private var waiting: [[[UInt8]]] = []
    private var nextWaiting = 0
    /// Lists the directory at some components below the origin, with the
    /// level that shows its rows; nil when it cannot be read.
    private var openRows: ([[UInt8]]) -> (rows: any FileRows, level: ([UInt8]) -> TableLevel)? = { _ in nil }

    /// A search of the directory tree below a directory level.
    /// `exclusion` says which names of a deeper directory the search leaves
    /// out (the marked ones, as the table would).
    init(text: String, maxDepth: Int?, from origin: TableLevel, exclusion: @escaping (DirectoryListing) -> NameExclusion) {
        self.text = text
        self.maxDepth = maxDepth
        self.origin = origin
        needle = NameNeedle(NameEscaping.typedName(text))
        let listing = origin.listing!
        let options = Self.searchOptions(listing.options)
        skipsHidden = options.hidden == .hidden
        let decoration = origin.formatter.decoration
        frame = Frame(rows: listing, level: { TableLevel(model: listing, path: $0, decoration: decoration) }, components: [])
        if skipsHidden { hiddenDirectoriesSkipped = listing.hiddenDirectoryCount() }
        let originDirectory = listing.directory
        openRows = { [unowned self] components in
            do {
                var handle = originDirectory
                for name in components { handle = try DirectoryHandle.open(name, in: handle, followSymlink: false) }
                let listing = try DirectoryListing(directory: handle, options: options)
                listing.exclusion = exclusion(listing)
                if skipsHidden { hiddenDirectoriesSkipped += listing.hiddenDirectoryCount() }
                return (listing, { TableLevel(model: listing, path: $0, decoration: decoration) })
            } catch {
                return nil
            }
        }
    }

    /// A search below a directory inside an archive, from its index: the
    /// same order (the level's rows, then a depth at a time, by name).
    init(text: String, maxDepth: Int?, from origin: TableLevel, inside rows: ArchiveRows, level: @escaping (ArchiveRows, [UInt8]) -> TableLevel) {
        self.text = text
        self.maxDepth = maxDepth
        self.origin = origin
        needle = NameNeedle(NameEscaping.typedName(text))
        let options = Self.searchOptions(rows.options)
        skipsHidden = options.hidden == .hidden
        let first = ArchiveRows(archive: rows.archive, node: rows.node, options: options)
        frame = Frame(rows: first, level: { level(first, $0) }, components: [])
        let archive = rows.archive
        let top = archive.tree.path(of: rows.node)
        openRows = { components in
            let path = components.reduce(top) { PathBytes.join($0, $1) }
            guard let node = archive.tree.node(at: path) else { return nil }
            let found = ArchiveRows(archive: archive, node: node, options: options)
            return (found, { level(found, $0) })
        }
    }

    /// A level's options as a search reads its directories: every name, by name.
    private static func searchOptions(_ level: ListOptions) -> ListOptions {
        var options = level
        options.filter = nil
        options.grouping = .none
        options.sortKey = .name
        options.reversed = false
        options.directoriesFirst = false
        if options.hidden == .shownWithDotEntries { options.hidden = .shown }
        return options
    }

    /// The next match, or nil when the subtree is done. Ctrl-C stops it
    /// (`CommandError` "interrupted") with its place kept.
    func next() throws(CommandError) -> Match? {
        var checked = 0
        while true {
            checked += 1
            if checked % 1024 == 0 && Interruption.isRequested {
                throw CommandError("find: interrupted after \(Plural.count(directoriesSearched, "directory", "directories")); 'find' goes on")
            }
            guard let current = frame else {
                guard nextWaiting < waiting.count else { return nil }
                let components = waiting[nextWaiting]
                waiting[nextWaiting] = []
                nextWaiting += 1
                if nextWaiting > 4096 && nextWaiting * 2 > waiting.count {
                    waiting.removeFirst(nextWaiting)
                    nextWaiting = 0
                }
                frame = open(components)
                continue
            }
            let row = current.nextRow
            guard row < current.rows.rowCount else {
                frame = nil
                continue
            }
            frame?.nextRow += 1
            let rows = current.rows
            if rows.isDotEntry(row: row) { continue }
            // A directory (not a link to one) waits its turn, after this level.
            if rows.isDirectory(row: row, followSymlinks: false), maxDepth.map({ current.components.count + 1 < $0 }) ?? true {
                waiting.append(current.components + [rows.name(ofRow: row)])
            }
            if rows.withName(ofRow: row, { needle.isFound(in: $0) }) {
                return Match(components: current.components, rows: rows, row: row, level: current.level)
            }
        }
    }

    /// Lists the directory at `components` below the origin; nil (counted) when it cannot be.
    private func open(_ components: [[UInt8]]) -> Frame? {
        guard let opened = openRows(components) else {
            unreadableDirectories += 1
            return nil
        }
        directoriesSearched += 1
        return Frame(rows: opened.rows, level: opened.level, components: components)
    }
}
