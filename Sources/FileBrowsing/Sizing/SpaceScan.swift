import Synchronization
import SystemSeam

/// Where the space goes: a tree's totals, found by a small pool of threads
/// that take directories from a shared stack, read each with `getdents64`
/// through `openat` on its parent's descriptor, and `statx` each entry for
/// the size fields only (`AT_STATX_DONT_SYNC`), the way `du` counts: the
/// directories' own blocks included, a hard-linked file once (by device and
/// inode), symlinks as themselves and never followed.
///
/// Memory grows with the number of directories, not of files: a directory
/// keeps its name, parent and totals (so a browser can show any of them
/// without scanning again), a file nothing beyond the hard-link set, except
/// the entries asked for by `Options.recordedDepth`. Depth is unbounded (no
/// path is ever built to reach a directory), loops cannot happen (links
/// are not followed), and `cancel` stops the workers within one directory
/// read or a few `statx` calls.
public final class SpaceScan: Sendable {
    public struct Options: Sendable {
        /// Do not enter directories on another file system (`du -x`).
        public var oneFileSystem = false
        /// Entries (files and directories) down to this depth below the
        /// root are reported one by one (1: the root's own entries).
        public var recordedDepth = 1
        /// Each recorded entry's place in its directory's reading
        /// (`Entry.position`), for du's walk order (`Entry.walkOrder`).
        public var recordsPositions = false
        /// A file with several links counted where du's walk meets it
        /// first, not where a worker did (`SpaceScan+LinkAttribution.swift`):
        /// the same totals every run. Not with a kept scan written from the
        /// batches or compared while scanning (`earlier`).
        public var attributesLinksInWalkOrder = false
        /// Worker threads; by default one a core and one more (a thread waiting
        /// in the kernel leaves a core idle otherwise: measured 0.61x of
        /// `du -s /usr` with two on two cores, 0.57x with three), at most four.
        public var threads = min(4, Processors.online + 1)
        /// Keep every regular file met (path, identity, size, time) in
        /// `Result.files`: what the search for copies reads.
        public var recordsRegularFiles = false
        /// Regular files smaller than this are not recorded.
        public var smallestRecordedSize: Int64 = 0
        /// Files and directories whose names start with a dot are left out.
        public var skipsHidden = false
        /// `du --time`: each total carries the latest of this time of
        /// anything in its tree (nil: no times read).
        public var latestTime: TimeField?
        /// Only files whose names match are recorded.
        public var recordedNames: NameFilter?
        /// Directories deeper than this below the root are not entered (1: the root's only).
        public var maximumDepth = Int.max
        /// What earlier scans counted (`du a b` counts each inode once):
        /// directories there are not entered, hard-linked files not counted again.
        public var countedBefore: Counted?
        /// Remember every file, not only hard-linked ones (du does, given
        /// several operands: a file inside an earlier operand counts once).
        public var remembersEveryFile = false
        /// `du -L`: symbolic links are followed: a link counts as what it
        /// leads to, and a directory a link leads to is entered. Each
        /// directory is then entered once wherever it is met (so a loop of
        /// links ends; which route counts it is the one read first, which may
        /// not be du's); a link that leads nowhere is reported, as du's
        /// "cannot access". Set `remembersEveryFile` with it.
        public var followsLinks = false
        /// Count a file with several hard links each time it is met (`du -l`).
        public var countsEveryLink = false
        /// A directory's figures leave out its subdirectories (`du -S`).
        public var separatesDirectories = false
        /// What is neither counted nor entered: paths matching one of these, whole or from
        /// any `/` on (`du --exclude`); directories by identity (the pseudo file systems of `/`).
        public var excluded: [GlobPattern] = []
        public var skippedDirectories: Set<FileIdentity> = []
        /// Entries never asked about, by the path the scan makes (mount points that did
        /// not answer: their `statx` would wait for good); looked at by name first.
        public var skippedPaths: Set<[UInt8]> = [] {
            didSet { skippedNames = Set(skippedPaths.map { PathBytes.split($0).name }) }
        }
        private(set) var skippedNames: Set<[UInt8]> = []
        /// An earlier scan of the same tree to compare with as the scan goes
        /// (`Result.changes`; see `SpaceScan+Earlier.swift`).
        public var earlier: ScanIndex?
        /// Only entries at most this deep (1: the root's own) are compared
        /// with `earlier`, which need hold no deeper ones (`ScanIndex`'s
        /// `depth`): what a listing to that depth needs.
        public var earlierDepth = Int.max

        public init() {}
    }

    /// One reported entry: its path below the root, and its totals. The
    /// path is a node that links to its directory's (see `PathNode`), so the
    /// entries of a tree 5,000 levels deep hold each name once.
    public struct Entry: Sendable {
        let node: PathNode
        /// The scan's number of the directory it lies in (0: the root), and
        /// a directory's own (-1 for a file): how `nameOrder` walks the tree.
        let directory: Int
        let scanNode: Int
        public let kind: FileKind
        public let totals: SpaceTotals
        /// Where the entry came in its directory's reading (with
        /// `Options.recordsPositions`; 0 otherwise): du's walk meets a
        /// directory's entries in that order.
        public let position: Int32
        /// The names from the root down to the entry (the root's left out).
        public var names: [[UInt8]] { node.componentsBelowRoot }
        /// The root's path as the scan was given it, joined with the names:
        /// made in one copy (a name at a time costs an array a level).
        public var path: [UInt8] { node.bytes }
        public var depth: Int { node.depth }

        /// Each entry's place in the order of their names below the root,
        /// compared name by name as bytes (see `nameOrder`).
        public static func nameOrderRanks(_ entries: [Entry]) -> [Int] {
            var ranks = Array(entries.count..<(2 * entries.count))
            for (rank, index) in nameOrder(entries).enumerated() { ranks[index] = rank }
            return ranks
        }
    }

    /// What a scan found.
    public struct Result: Sendable {
        public var root = SpaceTotals()
        /// The root's own figures without its subdirectories (`du -S`).
        public var rootOwn = SpaceTotals()
        /// The directories down to `Options.recordedDepth`, and the files
        /// recorded, a batch a directory (`entries` has them all as entries).
        public var directoryEntries: [Entry] = []
        public var fileBatches: [FileBatch] = []
        /// Files with several links moved to where du's walk meets them first (`entries` applies them).
        public var linkMoves: [LinkMove] = []
        /// Every directory's totals, by identity: a subdirectory's figures
        /// are known without scanning it again.
        public var directories: [FileIdentity: SpaceTotals] = [:]
        /// Regular files met, with `Options.recordsRegularFiles`.
        public var files = RecordedFiles()
        /// Directories that could not be opened or read, and why.
        public var errors: [FileError] = []
        /// With `Options.earlier`: every entry new, removed or changed since
        /// then, at any depth, in no order (none when cancelled).
        public var changes: [ScanChange] = []
        public var cancelled = false
    }

    let options: Options
    let state: Locked<State>
    let cancelFlag = Atomic<Bool>(false)
    let filesSeen = Atomic<Int>(0)
    let bytesSeen = Atomic<Int64>(0)
    let hardLinks: Locked<Set<FileIdentity>>
    /// Directories entered, when links are followed (`Options.followsLinks`).
    let directoriesEntered = Locked<Set<FileIdentity>>([])

    /// The inodes scans have counted, shared by the scans of several roots.
    public final class Counted: Sendable {
        /// Hard-linked files counted.
        let links = Locked<Set<FileIdentity>>([])
        /// Directories counted (each added when its scan ends).
        let directories = Locked<Set<FileIdentity>>([])

        public init() {}

        /// Whether `identity` was counted; counts it if not (a file operand).
        public func count(_ identity: FileIdentity, isDirectory: Bool) -> Bool {
            let set = isDirectory ? directories : links
            return !set.withLock { $0.insert(identity).inserted }
        }

        /// Whether a directory was counted already.
        public func contains(directory identity: FileIdentity) -> Bool { directories.withLock { $0.contains(identity) } }
    }

    public init(options: Options = Options()) {
        self.options = options
        hardLinks = options.countedBefore?.links ?? Locked([])
        state = Locked(State(), conditions: 2)
    }

    /// Stops the scan; `run` returns what it found so far, marked cancelled.
    public func cancel() {
        cancelFlag.store(true, ordering: .relaxed)
        // Workers waiting for a directory stop waiting; the caller looks again.
        state.broadcast(Self.workOrEnd)
        state.broadcast(Self.workerLeft)
    }

    /// The conditions of `state`: a directory waits to be read or the scan
    /// is over (workers wait on it); a worker has left (the caller waits on it).
    static let workOrEnd = 0
    static let workerLeft = 1

    /// Files and bytes (allocated) counted so far, for a progress line.
    public var progress: (files: Int, bytes: Int64) {
        (filesSeen.load(ordering: .relaxed), bytesSeen.load(ordering: .relaxed))
    }

    /// Scans the tree below `root` (which stays open and owned by the caller).
    /// `waiting` is called on the calling thread about every 50 ms while the
    /// workers run; it may call `cancel`.
    public func run(_ root: DirectoryHandle, waiting: () -> Void = {}) -> Result {
        // Where calls can hang (at the prompt), the root is read with the deadline.
        let rootFD = root.fd
        let statusRead = root.guarded { Syscalls.status(of: rootFD) }
        guard case .success(let rootStatus) = statusRead else {
            return Result(errors: [FileError(path: root.path, errno: statusRead.failureValue ?? .noSuchFileOrDirectory)])
        }
        let rootDevice = UInt64(rootStatus.st_dev)
        cancelFlag.store(false, ordering: .relaxed)
        // A descriptor of its own: the caller's may be search-only, or read to its end.
        let opened = root.guarded { Syscalls.openDirectory(at: rootFD, name: ".", followSymlink: false) }
        guard case .success(let fd) = opened else {
            return Result(errors: [FileError(path: root.path, errno: opened.failureValue ?? .noSuchFileOrDirectory)])
        }
        state.withLock { state in
            state.callersRootFD = rootFD
            state.nodes.append(Node(parent: -1, path: PathNode(parent: nil, component: root.path), depth: 0, fdReferences: 1))
            state.noteOpened(0, fd: fd)
            state.nodes[0].own.directories = 1
            state.nodes[0].own.apparentBytes = Int64(rootStatus.st_size)
            state.nodes[0].own.diskBytes = Int64(rootStatus.st_blocks) * 512
            if let field = options.latestTime { state.nodes[0].own.latestTime = FileStatus(rootStatus).time(field) }
            state.nodes[0].identity = FileIdentity(device: rootDevice, inode: UInt64(rootStatus.st_ino))
            if options.followsLinks { directoriesEntered.withLock { _ = $0.insert(state.nodes[0].identity!) } }
            state.nodes[0].earlier = ScanIndex.root
            state.earlierMet = [Bool](repeating: false, count: options.earlier?.count ?? 0)
            state.pending = [0]
            state.unfinished = 1
        }
        let workerCount = max(1, options.threads)
        var threads: [JoinableThread] = []
        for _ in 0..<workerCount {
            if let thread = JoinableThread({ [self] in self.workLoop(rootDevice: rootDevice) }) { threads.append(thread) }
        }
        if threads.isEmpty { workLoop(rootDevice: rootDevice) }
        // The end is noticed when the last worker leaves (woken, not polled);
        // `waiting` is called every 50 ms meanwhile.
        var cancelledAt: Double?
        let workers = threads.count
        // The first call at once (a caller may cancel as the scan starts).
        waiting()
        while state.wait(on: Self.workerLeft, seconds: 0.05, until: { $0.finished || $0.workersLeft >= workers ? true : nil }) == nil {
            waiting()
            guard cancelFlag.load(ordering: .relaxed) else { continue }
            let now = Syscalls.monotonicSeconds()
            if cancelledAt == nil { cancelledAt = now }
            // Cancelled, and a worker has not come back within the grace: it
            // is stuck in a call on a file system that stopped answering.
            // Leave it (it ends when the call returns) and report now.
            if now - cancelledAt! > WorkerThreads.stopGrace { return abandon(threads) }
        }
        for thread in threads { thread.join() }
        return state.withLock { state in finish(&state) }
    }

    /// What the finished scan found, made from `state` (the lock held): the
    /// links moved where du counts them first, then every total read.
    private func finish(_ state: inout State) -> Result {
        var result = Result()
        // Before any total is read: files with several links counted where du counts them.
        if options.attributesLinksInWalkOrder && !cancelFlag.load(ordering: .relaxed) {
            result.linkMoves = state.attributeLinksInWalkOrder()
        }
        result.root = state.nodes[0].total
        result.rootOwn = state.nodes[0].own
        result.fileBatches = state.fileBatches
        result.errors = state.errors
        result.files = state.files
        result.cancelled = cancelFlag.load(ordering: .relaxed)
        for (index, node) in state.nodes.enumerated() where node.complete {
            if let identity = node.identity {
                result.directories[identity] = node.total
                _ = options.countedBefore?.count(identity, isDirectory: true)
            }
            if node.depth >= 1 && node.depth <= options.recordedDepth {
                result.directoryEntries.append(
                    Entry(
                        node: node.path, directory: node.parent, scanNode: index, kind: .directory,
                        totals: options.separatesDirectories ? node.own : node.total, position: node.position))
            }
        }
        for index in state.openNodes { state.closeDescriptor(of: index) }
        if let earlier = options.earlier, !result.cancelled {
            result.changes = state.finishComparing(
                with: earlier, toDepth: options.earlierDepth, separatesDirectories: options.separatesDirectories)
        }
        return result
    }

    /// The result of a cancelled scan whose workers did not all stop: they
    /// are detached, and the descriptors they may still use are left open
    /// (a number closed here could be reused under a stuck worker).
    private func abandon(_ threads: [JoinableThread]) -> Result {
        for thread in threads { thread.detach() }
        return state.withLock { state in
            var result = Result()
            result.root = state.nodes[0].total
            result.errors = state.errors
            result.cancelled = true
            return result
        }
    }

    // MARK: - Shared state

    /// A directory met by the scan.
    struct Node {
        var parent: Int
        /// The directory's path, linked to its parent's.
        var path: PathNode
        var depth: Int
        /// Open while the directory is read or a child waits to be opened
        /// through it (closed meanwhile when descriptors run short: see
        /// `SpaceScan+Descriptors.swift`).
        var fd: Int32 = -1
        var fdReferences = 0
        /// Workers opening a child through `fd` right now: it must stay open.
        var openingChildren = 0
        /// Being opened again as a finished child's `..` (outside the lock):
        /// its waiting children are taken after that, not through a walk
        /// down from an ancestor meanwhile.
        var awaitsDotDot = false
        var identity: FileIdentity?
        /// Its place in its parent's reading (`Entry.position`).
        var position: Int32 = 0
        /// Its entry in the earlier scan compared with (`ScanIndex.absent`: none).
        var earlier = ScanIndex.absent
        /// The directory's own blocks and its files.
        var own = SpaceTotals()
        /// `own` and every finished child's total.
        var total = SpaceTotals()
        var childrenLeft = 0
        var read = false
        var complete = false
    }

    struct State {
        var nodes: [Node] = []
        /// Directories waiting for a worker (a stack: depth first, for locality).
        var pending: [Int] = []
        /// Directories not yet complete; the scan ends at zero.
        var unfinished = 0
        var fileBatches: [FileBatch] = []
        /// Files with several links, each place met (`SpaceScan+LinkAttribution.swift`).
        var linkOccurrences: [LinkOccurrence] = []
        var linkOccurrencesDropped = false
        var files = RecordedFiles()
        var errors: [FileError] = []
        /// With an earlier scan: which of its entries were met, and the changes found.
        var earlierMet: [Bool] = []
        var changes: [ScanChange] = []
        var workersLeft = 0
        var finished: Bool { unfinished <= 0 }
        /// The caller's descriptor of the root (open for the whole scan).
        var callersRootFD: Int32 = -1
        /// The nodes whose descriptors are open, and how many may be.
        var openNodes = Set<Int>()
        let descriptorBudget = max(8, DescriptorWindow.openFileLimit / 2)

        func path(of index: Int) -> [UInt8] { nodes[index].path.bytes }

        /// Parents to open again as a finished child's `..`, outside the
        /// lock (`SpaceScan.reopen`), before the child's descriptor closes.
        var dueParents: [DotDotReopening] = []

        /// The parents due (see `dueParents`), handed to the caller who opens them.
        mutating func takeDueParents() -> [DotDotReopening] {
            defer { dueParents = [] }
            return dueParents
        }

        /// Drops a reference to a node's descriptor, closing it at the last
        /// (its parent, closed while children wait, is first opened again
        /// as its `..`: due, see `dueParents`).
        mutating func release(_ index: Int) {
            nodes[index].fdReferences -= 1
            guard nodes[index].fdReferences == 0 && nodes[index].fd >= 0 else { return }
            if let due = dotDotReopening(of: index) {
                dueParents.append(due)
            } else {
                closeDescriptor(of: index)
            }
        }

        /// A node whose read and children are done adds its total to its
        /// parent, which may then be done too.
        mutating func completeIfDone(_ start: Int) {
            var index = start
            while index >= 0, nodes[index].read, nodes[index].childrenLeft == 0, !nodes[index].complete {
                nodes[index].complete = true
                nodes[index].total += nodes[index].own
                unfinished -= 1
                let parent = nodes[index].parent
                if parent >= 0 {
                    nodes[parent].total += nodes[index].total
                    nodes[parent].childrenLeft -= 1
                }
                index = parent
            }
        }
    }
}
