import FileBrowsing

/// `find TEXT --all`: every name holding a text (ASCII case ignored) below a
/// directory, nearest first: the directory's own entries, then each
/// directory one level down, and so on (breadth first), the directories of
/// one depth by name. A match is one row named by its path below the start
/// (`a/b/notes`; a name of the start itself alone), as `find` prints it.
///
/// Directories are opened through their parent's descriptor and links are
/// never followed, so the walk cannot loop and a row is the entry that was
/// read. A directory waiting to be read keeps its parent open; a directory
/// with matches stays open for its rows.
struct MatchGathering {
    let text: String
    /// How many levels of entries are searched (1: the start's own); nil for all.
    let maxDepth: Int?
    /// Dot files are searched (and descended into) too.
    let includesHidden: Bool
    private(set) var directoriesSearched = 0
    private(set) var unreadableDirectories = 0
    /// Ctrl-C stopped the walk: the matches are those found before it.
    private(set) var interrupted = false

    init(text: String, maxDepth: Int?, includesHidden: Bool) {
        self.text = text
        self.maxDepth = maxDepth
        self.includesHidden = includesHidden
    }

    /// A directory waiting to be read: its parent, its name there, and its
    /// path below the start.
    private struct Pending {
        let parent: DirectoryHandle
        let name: [UInt8]
        let title: [UInt8]
        /// The file system did not say the entry's kind: it is tried, and
        /// quietly passed over when it is not a directory.
        let kindUnknown: Bool
    }

    /// Walks below `start`; `progress` is told the directories read so far
    /// now and then. `stopped` (by default Ctrl-C, `Interruption`) stops it
    /// with what was found.
    mutating func gather(
        from start: DirectoryHandle, progress: (Int) -> Void = { _ in }, stopped: () -> Bool
    ) -> PathRows.Contents {
        let needle = NameNeedle(NameEscaping.typedName(text))
        var contents = PathRows.Contents()
        // A line a match, named by its path below the start, nearest first.
        contents.oneSectionInPlaceOrder = true
        contents.shownNames = NameArena()
        var level: [(directory: DirectoryHandle, title: [UInt8])] = [(start, [])]
        var depth = 1
        while !level.isEmpty {
            var next: [Pending] = []
            for (directory, title) in level {
                if stopped() {
                    interrupted = true
                    return contents
                }
                search(directory, title: title, for: needle, into: &contents, descending: maxDepth.map { depth < $0 } ?? true, next: &next)
                if directoriesSearched % 64 == 0 { progress(directoriesSearched) }
            }
            // The next depth, opened through each parent, in name order.
            next.sort { NaturalOrder.precedes($0.title, $1.title) }
            let searched = level
            level = []
            level.reserveCapacity(next.count)
            for pending in next {
                if stopped() {
                    interrupted = true
                    return contents
                }
                guard let handle = try? DirectoryHandle.open(child: pending.name, of: pending.parent, followSymlink: false) else {
                    if !pending.kindUnknown { unreadableDirectories += 1 }
                    continue
                }
                level.append((handle, pending.title))
            }
            // The level read (below the start, which is the caller's) is kept
            // by the one below to open it again if asked, not open: its
            // descriptors are let go.
            if depth > 1 { for (directory, _) in searched { directory.releaseDescriptorClaim() } }
            depth += 1
        }
        return contents
    }

    /// Reads one directory: its matching entries join `contents` (a section
    /// of their own), its subdirectories join `next` when the walk goes deeper.
    private mutating func search(
        _ directory: DirectoryHandle, title: [UInt8], for needle: NameNeedle, into contents: inout PathRows.Contents,
        descending: Bool, next: inout [Pending]
    ) {
        var inodes: [UInt64]? = []
        guard let names = try? DirectoryEnumerator.list(directory, inodes: &inodes) else {
            unreadableDirectories += 1
            return
        }
        directoriesSearched += 1
        var place: Int?
        for index in 0..<names.count {
            if !includesHidden && names.firstByte(at: index) == 0x2E { continue }
            names.withName(at: index) { name in
                let kind = names.kind(at: index)
                let matches = needle.isFound(in: name)
                let entered = descending && (kind == .directory || kind == .unknown)
                guard matches || entered else { return }
                // Its path below the start: what a match shows, and a directory's title there.
                let path = title.isEmpty ? Array(name) : title + [0x2F] + name
                if matches {
                    let section = place ?? contents.addPlace(directory, title: title.isEmpty ? "." : NameEscaping.escape(title))
                    place = section
                    contents.append(name, kind: kind, inode: inodes?[index] ?? 0, place: section)
                    path.withUnsafeBufferPointer { contents.shownNames?.append($0, kind: kind) }
                }
                if entered {
                    next.append(Pending(parent: directory, name: Array(name), title: path, kindUnknown: kind == .unknown))
                }
            }
        }
    }
}
