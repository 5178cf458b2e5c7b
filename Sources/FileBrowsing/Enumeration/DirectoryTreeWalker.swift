/// Walks a directory tree without recursion: a stack of frames, each holding
/// one open directory's listing and a cursor over its rows.
///
/// Each directory is opened with `openat` relative to its parent's descriptor,
/// so depth is limited neither by the call stack nor by PATH_MAX. Symlinks are
/// followed only when asked, and then a directory met again (same device and
/// inode) is reported instead of walked, as `RepeatRule` says, which breaks loops.
///
/// Events come in the order `ls -R` and `tree` need: `enter` when a directory's
/// listing is ready, `entry` for each row, the child's `enter` right after its
/// `entry`, and `leave` when a directory is done.
public final class DirectoryTreeWalker {
    public enum Event {
        /// A directory was opened and listed; depth 0 is the root.
        case enter(DirectoryListing, depth: Int)
        /// A row of the directory at `depth - 1`; `isLast` for its last row.
        case entry(DirectoryListing, row: Int, depth: Int, isLast: Bool)
        /// The directory at `depth` is done.
        case leave(depth: Int)
        /// A directory that could not be opened or listed, or was already listed.
        case failure(FileError)
    }

    /// Which directory met again is not walked, when links are followed.
    public enum RepeatRule: Sendable {
        /// One that is its own ancestor: a loop (`ls -R -L`).
        case loops
        /// One reached through a link after it was walked anywhere (`tree -l`).
        case linkedRepeats
    }

    private struct Frame {
        let model: DirectoryListing
        let depth: Int
        let identity: FileIdentity?
        var nextRow = 0
    }

    public var listOptions: ListOptions
    public var followSymlinks: Bool
    /// How many levels of entries to show (1: the root's entries only); nil for all.
    public var maxDepth: Int?
    /// Called for each model before its rows are used (to set a cell formatter).
    public var prepareModel: ((DirectoryListing) -> Void)?
    public var repeatRule: RepeatRule

    public init(
        listOptions: ListOptions = ListOptions(), followSymlinks: Bool = false, maxDepth: Int? = nil,
        repeatRule: RepeatRule = .loops
    ) {
        self.listOptions = listOptions
        self.followSymlinks = followSymlinks
        self.maxDepth = maxDepth
        self.repeatRule = repeatRule
    }

    public func walk(_ root: DirectoryHandle, _ visit: (Event) throws -> Void) rethrows {
        var visited = Set<FileIdentity>()
        let rootIdentity = identity(of: root)
        if let rootIdentity { visited.insert(rootIdentity) }
        guard let rootModel = try open(root, visit) else { return }
        var stack = [Frame(model: rootModel, depth: 0, identity: rootIdentity)]
        try visit(.enter(rootModel, depth: 0))
        while !stack.isEmpty {
            let top = stack.count - 1
            let model = stack[top].model
            let depth = stack[top].depth
            let row = stack[top].nextRow
            guard row < model.rowCount else {
                stack.removeLast()
                try visit(.leave(depth: depth))
                continue
            }
            stack[top].nextRow += 1
            try visit(.entry(model, row: row, depth: depth + 1, isLast: row == model.rowCount - 1))
            guard maxDepth.map({ depth + 1 < $0 }) ?? true,
                !model.isDotEntry(row: row),
                model.isDirectory(row: row, followSymlinks: followSymlinks)
            else { continue }
            let child: DirectoryHandle
            do {
                child = try DirectoryHandle.open(
                    model.name(ofRow: row), in: model.directory,
                    displayPath: model.path(ofRow: row), followSymlink: followSymlinks)
            } catch {
                try visit(.failure(error))
                continue
            }
            let childIdentity = identity(of: child)
            if let childIdentity {
                let throughLink = model.kind(ofRow: row) == .symlink
                let isRepeat =
                    repeatRule == .loops
                    ? stack.contains { $0.identity == childIdentity }
                    : throughLink && visited.contains(childIdentity)
                if isRepeat {
                    try visit(.failure(FileError(path: child.path, reason: .alreadyListed)))
                    continue
                }
                visited.insert(childIdentity)
            }
            guard let childModel = try open(child, visit) else { continue }
            stack.append(Frame(model: childModel, depth: depth + 1, identity: childIdentity))
            try visit(.enter(childModel, depth: depth + 1))
        }
    }

    /// A directory's device and inode, needed only when links are followed.
    private func identity(of handle: DirectoryHandle) -> FileIdentity? {
        guard followSymlinks, case .success(let status) = handle.status() else { return nil }
        return status.identity
    }

    /// Lists an opened directory.
    private func open(_ handle: DirectoryHandle, _ visit: (Event) throws -> Void) rethrows -> DirectoryListing? {
        do {
            let model = try DirectoryListing(directory: handle, options: listOptions)
            prepareModel?(model)
            return model
        } catch {
            try visit(.failure(error))
            return nil
        }
    }
}
