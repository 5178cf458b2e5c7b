import Synchronization

/// Finds files with identical contents below one or more directories, the
/// way jdupes and fdupes do, exactly: regular files only (symlinks never
/// followed), an inode once however many hard links reach it, files of one
/// size compared by a block from each end and then byte for byte, so most
/// files are never read whole and none is called a copy on a hash alone.
///
/// The walk is `SpaceScan`'s (several threads, `statx`); the reading runs on
/// several threads too, a size at a time, each size's files read in inode
/// order. `cancel` (Ctrl-C) stops both; what was confirmed stays, marked partial.
public final class CopyFinder: Sendable {
    public struct Options: Sendable {
        /// Do not enter directories on another file system.
        public var oneFileSystem = false
        /// Directories deeper than this are not entered (1: the roots' own files).
        public var maximumDepth = Int.max
        /// Smaller files are left out (1: empty files left out, as jdupes does; 0 keeps them).
        public var smallestSize: Int64 = 1
        /// Leave out names starting with a dot (and do not enter such directories).
        public var skipsHidden = false
        /// Only files whose names match.
        public var names: NameFilter?
        public var threads = min(4, Processors.online + 1)

        public init() {}
    }

    private let options: Options
    private let cancelFlag = Atomic<Bool>(false)
    private let filesRead = Atomic<Int>(0)
    private let bytesRead = Atomic<Int64>(0)
    private let groupsFound = Atomic<Int>(0)
    private let scan = Locked<SpaceScan?>(nil)

    public init(options: Options = Options()) { self.options = options }

    /// Stops the search; `run` returns what it confirmed so far, marked cancelled.
    public func cancel() {
        cancelFlag.store(true, ordering: .relaxed)
        scan.withLock { $0?.cancel() }
    }

    /// Files met by the walk (while walking) or compared, bytes read, groups confirmed: for a progress line.
    public var progress: (walking: Int?, files: Int, bytes: Int64, groups: Int) {
        let walking = scan.withLock { $0?.progress.files }
        return (walking, filesRead.load(ordering: .relaxed), bytesRead.load(ordering: .relaxed), groupsFound.load(ordering: .relaxed))
    }

    /// Searches below `roots` (open, owned by the caller). `waiting` is called
    /// on the calling thread about every 50 ms; it may call `cancel`.
    public func run(_ roots: [DirectoryHandle], waiting: () -> Void = {}) -> CopySearch {
        var search = CopySearch()
        var files = RecordedFiles()
        for root in roots {
            var scanOptions = SpaceScan.Options()
            scanOptions.oneFileSystem = options.oneFileSystem
            scanOptions.recordedDepth = 0
            scanOptions.recordsRegularFiles = true
            scanOptions.smallestRecordedSize = options.smallestSize
            scanOptions.skipsHidden = options.skipsHidden
            scanOptions.recordedNames = options.names
            scanOptions.maximumDepth = options.maximumDepth
            scanOptions.threads = options.threads
            let walker = SpaceScan(options: scanOptions)
            scan.withLock { $0 = walker }
            let result = walker.run(root, waiting: waiting)
            scan.withLock { $0 = nil }
            files.add(result.files)
            search.errors += result.errors
            if result.cancelled || cancelFlag.load(ordering: .relaxed) {
                search.cancelled = true
                break
            }
        }
        search.filesSeen = files.count
        guard !search.cancelled else { return search }
        compare(Self.sizesToCompare(files), of: files, into: &search, waiting: waiting)
        search.cancelled = search.cancelled || cancelFlag.load(ordering: .relaxed)
        search.groups.sort { a, b in
            if a.gain != b.gain { return a.gain > b.gain }
            if a.size != b.size { return a.size > b.size }
            return a.files[0].paths[0].lexicographicallyPrecedes(b.files[0].paths[0])
        }
        return search
    }

    /// The files of one size with at least two distinct identities: each
    /// identity's records (its hard links met), largest size first.
    struct SizeWork: Sendable {
        let size: Int64
        /// Each distinct file's records, in inode order.
        let files: [[Int]]
    }

    static func sizesToCompare(_ files: RecordedFiles) -> [SizeWork] {
        let bySize = (0..<files.count).sorted { files.sizes[$0] != files.sizes[$1] ? files.sizes[$0] > files.sizes[$1] : $0 < $1 }
        var work: [SizeWork] = []
        var start = 0
        while start < bySize.count {
            let size = files.sizes[bySize[start]]
            var end = start + 1
            while end < bySize.count && files.sizes[bySize[end]] == size { end += 1 }
            if end - start >= 2 {
                var byIdentity: [FileIdentity: [Int]] = [:]
                for record in bySize[start..<end] { byIdentity[files.identities[record], default: []].append(record) }
                if byIdentity.count >= 2 {
                    let ordered = byIdentity.values.sorted { files.identities[$0[0]].inode < files.identities[$1[0]].inode }
                    work.append(SizeWork(size: size, files: ordered))
                }
            }
            start = end
        }
        return work
    }

    /// Compares each size's files on the worker threads.
    private func compare(_ work: [SizeWork], of files: RecordedFiles, into search: inout CopySearch, waiting: () -> Void) {
        let next = Atomic<Int>(0)
        let found = Locked<CopySearch>(CopySearch())
        let workerCount = max(1, min(options.threads, work.count))
        let body: @Sendable () -> Void = { [self] in
            let comparison = ContentComparison(
                path: { files.path(of: $0) }, isCancelled: { [self] in cancelFlag.load(ordering: .relaxed) })
            var local = CopySearch()
            var lastBytes: Int64 = 0
            while !cancelFlag.load(ordering: .relaxed) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < work.count else { break }
                compareOne(work[index], of: files, with: comparison, into: &local)
                bytesRead.add(comparison.bytesRead - lastBytes, ordering: .relaxed)
                lastBytes = comparison.bytesRead
            }
            local.bytesRead = comparison.bytesRead
            found.withLock { all in
                all.groups += local.groups
                all.changed += local.changed
                all.errors += local.errors
                all.bytesRead += local.bytesRead
            }
        }
        var threads: [JoinableThread] = []
        for _ in 0..<workerCount {
            if let thread = JoinableThread(body) { threads.append(thread) }
        }
        if threads.isEmpty { body() }
        var polls = 0
        while next.load(ordering: .relaxed) < work.count + workerCount && !threads.isEmpty {
            if polls % 25 == 0 { waiting() }
            polls += 1
            if cancelFlag.load(ordering: .relaxed) { break }
            Syscalls.pause(microseconds: 2_000)
        }
        for thread in threads { thread.join() }
        found.withLock { all in
            search.groups += all.groups
            search.changed += all.changed
            search.errors += all.errors
            search.bytesRead += all.bytesRead
        }
    }

    /// One size: its distinct files compared, each class of two or more a group.
    private func compareOne(_ work: SizeWork, of files: RecordedFiles, with comparison: ContentComparison, into search: inout CopySearch) {
        let candidates = work.files.map { records in
            let record = records[0]
            return CopyCandidate(record: record, identity: files.identities[record], size: work.size, modified: files.modified[record])
        }
        let outcome = comparison.classes(of: candidates, size: work.size)
        filesRead.add(candidates.count, ordering: .relaxed)
        for member in outcome.changed { search.changed.append(files.path(of: candidates[member].record)) }
        for (member, errno) in outcome.unreadable {
            search.errors.append(FileError(path: files.path(of: candidates[member].record), errno: errno))
        }
        for members in outcome.classes {
            let groupFiles = members.map { member -> CopyGroup.File in
                let records = work.files[member]
                var paths = records.map { files.path(of: $0) }.sorted { $0.lexicographicallyPrecedes($1) }
                // The same file reached through two overlapping roots is one path, not a link.
                if files.linkCounts[records[0]] <= 1 { paths = [paths[0]] }
                return CopyGroup.File(identity: candidates[member].identity, modified: candidates[member].modified, paths: paths)
            }
            search.groups.append(CopyGroup(size: work.size, files: groupFiles.sorted { $0.paths[0].lexicographicallyPrecedes($1.paths[0]) }))
            groupsFound.add(1, ordering: .relaxed)
        }
    }
}
