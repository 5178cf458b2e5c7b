import SystemSeam

/// The directories of a tree in the order a depth-first walk meets them
/// (`ls -R` order), each one opened relative to its parent and listed: the
/// part of `DirectoryTreeWalker` that touches the file system, separate so
/// it can run a few directories ahead on a second thread.
///
/// Each record says which of its rows lead to the next records (the rows
/// that are directories to descend into), so the walker, replaying rows in
/// order, knows when to take the next record. Everything the traversal
/// needs of a directory's rows after handing its listing over (names,
/// display paths, whether a row is a link) is copied first: a listing
/// belongs to the walker once it is handed over.
struct DirectoryTraversal {
    enum Record {
        /// A directory listed, with the rows (ascending) that have records of their own.
        case directory(DirectoryListing, depth: Int, childRows: [Int])
        /// A directory that could not be opened or listed, or was already listed.
        case failure(FileError)
    }

    /// What the traversal keeps of a listed directory to open its children.
    private struct Frame {
        let handle: DirectoryHandle
        let depth: Int
        let identity: FileIdentity?
        /// Per child row, in order: its name and whether it is a link (its
        /// path is made from the handle's when asked: see `PathNode`).
        let children: [(name: [UInt8], isLink: Bool)]
        var nextChild = 0
    }

    let listOptions: ListOptions
    let followSymlinks: Bool
    let maxDepth: Int?
    let repeatRule: DirectoryTreeWalker.RepeatRule
    /// Loops are looked for even when links are not followed (a bind mount
    /// of a directory inside itself), as `ls -R` looks for them.
    var checksLoops = false
    private var root: DirectoryHandle?
    private var stack: [Frame] = []
    private var visited = Set<FileIdentity>()

    init(root: DirectoryHandle, listOptions: ListOptions, followSymlinks: Bool, maxDepth: Int?, repeatRule: DirectoryTreeWalker.RepeatRule) {
        self.root = root
        self.listOptions = listOptions
        self.followSymlinks = followSymlinks
        self.maxDepth = maxDepth
        self.repeatRule = repeatRule
    }

    /// The next directory in walk order; nil when the walk is done.
    mutating func next() -> Record? {
        if let root {
            self.root = nil
            let identity = identity(of: root)
            if let identity { visited.insert(identity) }
            return list(root, depth: 0, identity: identity)
        }
        while let top = stack.indices.last {
            guard stack[top].nextChild < stack[top].children.count else {
                popFrame()
                continue
            }
            let child = stack[top].children[stack[top].nextChild]
            stack[top].nextChild += 1
            let handle: DirectoryHandle
            do {
                handle = try DirectoryHandle.open(child: child.name, of: stack[top].handle, followSymlink: followSymlinks)
            } catch {
                return .failure(error)
            }
            let identity = identity(of: handle)
            if let identity {
                let isRepeat =
                    repeatRule == .loops
                    ? stack.contains { $0.identity == identity }
                    : child.isLink && visited.contains(identity)
                if isRepeat { return .failure(FileError(path: handle.path, reason: .alreadyListed)) }
                visited.insert(identity)
            }
            return list(handle, depth: stack[top].depth + 1, identity: identity)
        }
        return nil
    }

    /// Lists an opened directory and keeps what opening its children needs.
    private mutating func list(_ handle: DirectoryHandle, depth: Int, identity: FileIdentity?) -> Record {
        let model: DirectoryListing
        do {
            model = try DirectoryListing(directory: handle, options: listOptions)
        } catch {
            return .failure(error)
        }
        // Asked now, before the listing is handed over, so no thread asks it first later.
        _ = handle.mayHang
        var childRows: [Int] = []
        var children: [(name: [UInt8], isLink: Bool)] = []
        if maxDepth.map({ depth + 1 < $0 }) ?? true {
            for row in 0..<model.rowCount where !model.isDotEntry(row: row) && model.isDirectory(row: row, followSymlinks: followSymlinks) {
                childRows.append(row)
                children.append((model.name(ofRow: row), model.kind(ofRow: row) == .symlink))
            }
        }
        // The frame's claim: a child's is the one it was opened with, the root's is taken.
        if depth == 0 { handle.claimDescriptor() }
        pushFrame(Frame(handle: handle, depth: depth, identity: identity, children: children))
        // The record's claim, which goes with the listing to the walker.
        handle.claimDescriptor()
        return .directory(model, depth: depth, childRows: childRows)
    }

    /// Keeps the frame; the one `DescriptorWindow.levels` below it leaves the
    /// window of open levels and lets its descriptor go until it is back.
    private mutating func pushFrame(_ frame: Frame) {
        stack.append(frame)
        DescriptorWindow.pushed(count: stack.count) { stack[$0].handle }
    }

    /// Drops the top frame and lets its claim go; the level that comes back
    /// into the window is claimed again (found as its open child's `..`).
    private mutating func popFrame() {
        let popped = stack.removeLast()
        DescriptorWindow.popped(popped.handle, count: stack.count) { stack[$0].handle }
    }

    /// A directory's device and inode, needed only when links are followed.
    private func identity(of handle: DirectoryHandle) -> FileIdentity? {
        guard followSymlinks || checksLoops, case .success(let status) = handle.status() else { return nil }
        return status.identity
    }
}
