import FileBrowsing

/// A `find` in progress: names holding a text (ASCII case ignored) in the
/// subtree below the level it started on, in the order `find(1)` walks it
/// (a row, then what lies below it when it is a directory), the level's own
/// rows in the order its table shows them and deeper directories by name.
/// It stops at each match and goes on from there when asked again.
///
/// Directories are opened through their parent's descriptor and links are
/// never followed, so the walk cannot loop and a match names the file that
/// was read. Memory holds one listing per level of depth.
final class SubtreeSearch {
    /// A match: its directory's path below the origin (empty: the origin's
    /// own table), its row there, and the depth (1: the origin's rows).
    struct Match {
        let components: [[UInt8]]
        let listing: DirectoryListing
        let row: Int
    }

    private struct Frame {
        let listing: DirectoryListing
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
    private let needle: [UInt8]
    private var frames: [Frame]
    private let options: ListOptions
    private let exclusion: (DirectoryListing) -> NameExclusion

    /// `exclusion` says which names of a deeper directory the search leaves
    /// out (the marked ones, as the table would).
    init(text: String, maxDepth: Int?, from origin: TableLevel, exclusion: @escaping (DirectoryListing) -> NameExclusion) {
        self.text = text
        self.maxDepth = maxDepth
        self.origin = origin
        self.exclusion = exclusion
        needle = NameEscaping.typedName(text).map(Session.foldCase)
        let listing = origin.listing!
        var options = listing.options
        options.filter = nil
        options.grouping = .none
        options.sortKey = .name
        options.reversed = false
        options.directoriesFirst = false
        if options.hidden == .shownWithDotEntries { options.hidden = .shown }
        self.options = options
        frames = [Frame(listing: listing, components: [])]
    }

    /// The next match, or nil when the subtree is done. Ctrl-C stops it
    /// (`CommandError` "interrupted") with its place kept.
    func next() throws(CommandError) -> Match? {
        var checked = 0
        while let top = frames.indices.last {
            checked += 1
            if checked % 1024 == 0 && Interruption.isRequested {
                throw CommandError("find: interrupted after \(Plural.count(directoriesSearched, "directory", "directories")); 'find' goes on")
            }
            let frame = frames[top]
            let row = frame.nextRow
            guard row < frame.listing.rowCount else {
                frames.removeLast()
                continue
            }
            frames[top].nextRow += 1
            let listing = frame.listing
            if listing.isDotEntry(row: row) { continue }
            // A directory (not a link to one) is searched right after its row.
            if listing.isDirectory(row: row, followSymlinks: false), maxDepth.map({ frames.count < $0 }) ?? true {
                descend(into: row, of: frame)
            }
            if listing.withName(ofRow: row, { Session.contains($0, needle) }) {
                return Match(components: frame.components, listing: listing, row: row)
            }
        }
        return nil
    }

    private func descend(into row: Int, of frame: Frame) {
        let name = frame.listing.name(ofRow: row)
        do {
            let handle = try DirectoryHandle.open(name, in: frame.listing.directory, followSymlink: false)
            let listing = try DirectoryListing(directory: handle, options: options)
            listing.exclusion = exclusion(listing)
            directoriesSearched += 1
            frames.append(Frame(listing: listing, components: frame.components + [name]))
        } catch {
            unreadableDirectories += 1
        }
    }
}
