import FileBrowsing
import SystemSeam

/// `mark ignored` and `mark untracked`: what `git clean -ndX` (or `-nd`)
/// would remove below the directory in view, gathered as a level of its
/// own and marked into the identity-checked plan, where it can be reviewed,
/// verified and exported; git itself is only asked, read-only.
extension CommandContext {
    /// Whether `word` is one of these (and no row of the level is named so).
    static func isGitCleanWord(_ word: String) -> Bool { word == "ignored" || word == "untracked" }

    func markCleanable(untracked: Bool) throws(CommandError) {
        let command = untracked ? "mark untracked" : "mark ignored"
        let origin = current
        // The directory in view, or every work tree a level lists (`du --git`), below the level's path.
        let trees: [[UInt8]]
        if origin.listing != nil {
            trees = [[]]
        } else if let holder = origin.kind as? ListsWorkTrees {
            trees = holder.workTrees(in: origin)
        } else {
            throw CommandError("\(command): works in a directory of a git work tree, or in 'du --git' ('back' to one)")
        }
        var found: [[UInt8]] = []
        let git = GitWorkTrees(stop: stop.isRequested)
        for tree in trees {
            let path = tree.isEmpty ? origin.path : PathBytes.join(origin.path, tree)
            switch git.cleanable(below: path, untracked: untracked) {
            case .success(let paths): found += tree.isEmpty ? paths : paths.map { PathBytes.join(tree, $0) }
            case .failure(let reason): throw CommandError("\(command): " + reason.message(for: NameEscaping.escape(path)))
            }
        }
        guard !found.isEmpty else { throw CommandError("\(command): git names nothing \(untracked ? "untracked" : "ignored") below here") }
        let contents = try Self.contents(of: found, below: origin, for: command)
        let rows = PathRows(contents)
        let level = TableLevel(
            rows: rows, kind: GitCleanLevel(untracked: untracked), in: origin.directory, path: origin.path, decoration: settings.decoration)
        present(level)
        try mark([.all])
    }

    /// The paths as rows: each entry in its directory (opened once a
    /// directory), shown by its path below the origin.
    private static func contents(of paths: [[UInt8]], below origin: TableLevel, for command: String) throws(CommandError) -> PathRows.Contents {
        var contents = PathRows.Contents()
        contents.oneSectionInPlaceOrder = true
        contents.shownNames = NameArena()
        var places: [[UInt8]: Int] = [:]
        let base: DirectoryHandle
        do {
            base = try origin.directoryUnderItsPath()
        } catch {
            throw CommandError("\(command): \(error.description)")
        }
        for path in paths {
            let isDirectory = path.last == 0x2F
            let shown = isDirectory ? Array(path.dropLast()) : path
            let (parent, name) = PathBytes.split(shown)
            let place: Int
            if let known = places[parent] {
                place = known
            } else {
                do {
                    // Below the level, a component at a time, never through a link (git's paths are inside the tree).
                    let directory = try DirectoryHandle.open(below: base, relative: parent)
                    place = contents.addPlace(directory, title: parent.isEmpty ? "." : NameEscaping.escape(parent))
                } catch {
                    throw CommandError("\(command): \(error.description)")
                }
                places[parent] = place
            }
            name.withUnsafeBufferPointer { contents.append($0, kind: isDirectory ? .directory : .unknown, inode: 0, place: place) }
            shown.withUnsafeBufferPointer { contents.shownNames?.append($0, kind: isDirectory ? .directory : .unknown) }
        }
        return contents
    }
}
