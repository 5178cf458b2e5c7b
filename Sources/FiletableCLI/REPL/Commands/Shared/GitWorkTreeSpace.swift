import FileBrowsing
import SystemSeam

/// `du --git` at the prompt: every git work tree below the level, each
/// sized by what its ignored files take (what `git clean -ndX` would
/// remove there), as a level of its own, largest first. git is asked
/// read-only, a work tree at a time, under the session's stop.
extension CommandContext {
    func showWorkTreesByIgnoredSpace() throws(CommandError) {
        let origin = current
        _ = try origin.directoryListing(for: "du --git")
        let base: DirectoryHandle
        do {
            base = try origin.directoryUnderItsPath()
        } catch {
            throw CommandError("du --git: \(error.description)")
        }
        let trees = WorkTreeFinder.workTrees(below: base, stop: stop.isRequested)
        if stop.isRequested() {
            stop.forget()
            throw CommandError("du --git: stopped by Ctrl-C while looking for work trees; nothing to show")
        }
        if trees == [base.path] {
            throw CommandError(
                "du --git: this directory is a work tree; 'du' then 'figures git' splits its space, 'mark ignored' marks its build outputs")
        }
        let git = GitWorkTrees(stop: stop.isRequested)
        let measure = state.spaceMeasure
        var found: [(relative: [UInt8], bytes: Int64)] = []
        var troubles: [String] = []
        for tree in trees {
            let relative = Array(tree.dropFirst(base.path.count + 1))
            switch git.cleanable(below: tree, untracked: false) {
            case .success(let paths):
                found.append((relative, try Self.ignoredSpace(of: paths, below: base, tree: relative, measure: measure, stop: stop)))
            case .failure(.stopped):
                stop.forget()
                throw CommandError("du --git: \(NameEscaping.escape(tree)): stopped by Ctrl-C before git answered; nothing to show")
            case .failure(let reason):
                troubles.append(reason.message(for: NameEscaping.escape(tree)))
            }
        }
        // A place a work tree, by path (what `sort name` keeps); `sort du`
        // orders them by their figures, largest first.
        found.sort { NaturalOrder.precedes($0.relative, $1.relative) }
        var contents = PathRows.Contents()
        contents.oneSectionInPlaceOrder = true
        contents.shownNames = NameArena()
        var known: [FileIdentity: Int64] = [:]
        for (relative, bytes) in found {
            let (parent, name) = PathBytes.split(relative)
            guard let directory = try? DirectoryHandle.open(below: base, relative: parent),
                let tree = try? DirectoryHandle.open(child: name, of: directory, followSymlink: false),
                case .success(let status) = tree.status()
            else { continue }
            let place = contents.addPlace(directory, title: NameEscaping.escape(relative))
            name.withUnsafeBufferPointer { contents.append($0, kind: .directory, inode: status.inode, place: place) }
            relative.withUnsafeBufferPointer { contents.shownNames?.append($0, kind: .directory) }
            known[status.identity] = bytes
        }
        var order = origin.model.options
        order.sortKey = .space
        order.reversed = false
        let rows = PathRows(contents, options: order)
        rows.spaceFigure = { known[$0] }
        let level = TableLevel(rows: rows, kind: GitWorkTreesLevel(), in: base, path: origin.path, decoration: settings.decoration)
        level.knownSpace = known
        showSpace(on: level)
        present(level)
        for trouble in troubles.prefix(5) { conversation.write("du --git: " + trouble) }
        let total = found.reduce(Int64(0)) { $0 + $1.bytes }
        conversation.write(
            "du --git: \(Plural.count(found.count, "work tree")), \(HumanSize.withUnit(total)) in what git ignores"
                + (measure == .apparent ? " (apparent size)" : " on disk") + "; 'mark ignored' plans them all, or open one")
    }

    /// What the ignored `paths` (below the work tree at `tree`, below
    /// `base`) take: a directory scanned whole, a file its own blocks.
    private static func ignoredSpace(
        of paths: [[UInt8]], below base: DirectoryHandle, tree: [UInt8], measure: SpaceMeasure, stop: StopSource
    ) throws(CommandError) -> Int64 {
        var bytes: Int64 = 0
        let parents = DirectoriesBelow(base)
        for path in paths {
            let isDirectory = path.last == 0x2F
            let relative = PathBytes.join(tree, isDirectory ? Array(path.dropLast()) : path)
            if isDirectory {
                guard let handle = try? DirectoryHandle.open(below: base, relative: relative) else { continue }
                let scan = SpaceScan()
                let result = scan.run(handle) { if stop.isRequested() { scan.cancel() } }
                if result.cancelled {
                    stop.forget()
                    throw CommandError("du --git: stopped by Ctrl-C; nothing to show")
                }
                bytes += result.root.bytes(apparent: measure == .apparent)
            } else {
                let (parent, name) = PathBytes.split(relative)
                guard let directory = parents.directory(at: parent),
                    case .success(let status) = FileStatusReader.status(ofEntry: name, in: directory)
                else { continue }
                bytes += measure == .apparent ? status.size : status.blocks * 512
            }
        }
        return bytes
    }
}
