import SystemSeam

/// Walks a directory tree without recursion: a stack of frames, each holding
/// one listed directory and a cursor over its rows.
///
/// The directories come from a `DirectoryTraversal`, which opens each one
/// with `openat` relative to its parent's descriptor, so depth is limited
/// neither by the call stack nor by PATH_MAX; symlinks are followed only when
/// asked, and then a directory met again (same device and inode) is
/// reported instead of walked, as `RepeatRule` says, which breaks loops.
/// With `readsAhead`, the traversal runs on a second thread a few
/// directories ahead, so reading the next directories overlaps the use of
/// this one; the events are the same either way.
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
        /// The rows with records of their own (from the traversal), and the next of them.
        let childRows: [Int]
        var nextChild = 0
        var nextRow = 0
    }

    public var listOptions: ListOptions
    public var followSymlinks: Bool
    /// How many levels of entries to show (1: the root's entries only); nil for all.
    public var maxDepth: Int?
    /// Called for each model before its rows are used (to set a cell formatter).
    public var prepareModel: ((DirectoryListing) -> Void)?
    public var repeatRule: RepeatRule
    /// Whether a second thread opens and lists the next directories (a few
    /// ahead, at most `readAheadRows` rows waiting) while the caller uses
    /// the ones before: for listings that print every directory (`-R`, tree).
    public var readsAhead = false
    /// Whether a directory that is its own ancestor (a bind mount inside
    /// itself) is reported instead of walked when links are not followed
    /// too (`ls -R`; tree walks it once, as the kernel shows it).
    public var checksLoops = false
    static var readAheadDirectories: Int { DescriptorWindow.readAheadDirectories }
    static let readAheadRows = 1 << 18

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
        var traversal = DirectoryTraversal(
            root: root, listOptions: listOptions, followSymlinks: followSymlinks, maxDepth: maxDepth, repeatRule: repeatRule)
        traversal.checksLoops = checksLoops
        if readsAhead, let readAhead = TraversalReadAhead(traversal) {
            defer { readAhead.stop() }
            try replay(next: { readAhead.next() }, visit)
        } else {
            var traversal = traversal
            try replay(next: { traversal.next() }, visit)
        }
    }

    /// Turns the traversal's records into events: every row of each
    /// directory in order, and at a row with a record of its own, that
    /// record (the child's listing, or why it has none).
    private func replay(next: () -> DirectoryTraversal.Record?, _ visit: (Event) throws -> Void) rethrows {
        var stack: [Frame] = []
        /// Takes the next record: a listing goes on the stack and is entered.
        func take() throws {
            switch next() {
            case .directory(let model, let depth, let childRows):
                prepareModel?(model)
                // The record's claim on the descriptor is the frame's now.
                stack.append(Frame(model: model, depth: depth, childRows: childRows))
                DescriptorWindow.pushed(count: stack.count) { stack[$0].model.directory }
                try visit(.enter(model, depth: depth))
            case .failure(let error):
                try visit(.failure(error))
            case nil:
                break
            }
        }
        try take()
        while let top = stack.indices.last {
            let model = stack[top].model
            let depth = stack[top].depth
            let row = stack[top].nextRow
            guard row < model.rowCount else {
                let popped = stack.removeLast()
                DescriptorWindow.popped(popped.model.directory, count: stack.count) { stack[$0].model.directory }
                try visit(.leave(depth: depth))
                continue
            }
            stack[top].nextRow += 1
            try visit(.entry(model, row: row, depth: depth + 1, isLast: row == model.rowCount - 1))
            let child = stack[top].nextChild
            guard child < stack[top].childRows.count, stack[top].childRows[child] == row else { continue }
            stack[top].nextChild += 1
            try take()
        }
    }
}

/// A traversal run on a second thread, its records handed over through a
/// bounded queue so it stays a few directories ahead of the caller.
private final class TraversalReadAhead {
    private let queue = BoundedQueue<Transfer>(
        maximumCount: DirectoryTreeWalker.readAheadDirectories, maximumWeight: DirectoryTreeWalker.readAheadRows,
        wakeCount: 16, wakeWeight: 4096)
    private var thread: JoinableThread?

    /// A record crossing to the caller's thread: the traversal lets go of
    /// every listing it hands over (it keeps only copies of what it needs).
    private struct Transfer: @unchecked Sendable {
        let record: DirectoryTraversal.Record
    }

    /// Starts the traversal; nil on a single core, or if no thread could be made.
    init?(_ traversal: DirectoryTraversal) {
        guard Processors.online > 1 else { return nil }
        let queue = queue
        let start = SharedMemory(traversal)
        guard
            let thread = JoinableThread({
                // Ctrl-C belongs to the caller's thread, which polls for it.
                Syscalls.blockInterruptOnThisThread()
                var traversal = start.pointer
                while let record = traversal.next() {
                    var weight = 1
                    if case .directory(let model, _, _) = record { weight = max(1, model.rowCount) }
                    guard queue.push(Transfer(record: record), weight: weight) else { break }
                }
                queue.close()
            })
        else { return nil }
        self.thread = thread
    }

    func next() -> DirectoryTraversal.Record? { queue.pop()?.record }

    /// Stops the traversal (the caller is done or gave up) and waits for its thread.
    func stop() {
        queue.close()
        thread?.join()
    }
}
