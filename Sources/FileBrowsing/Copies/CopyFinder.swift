import Synchronization
import SystemSeam

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
        let work = Self.sizesToCompare(files)
        // Every candidate's head first, directory by directory.
        var wanted = [Bool](repeating: false, count: files.count)
        for size in work { for record in size.files { wanted[Int(record)] = true } }
        let heads = HeadHashes(
            of: files, wanted: wanted, threads: options.threads, waiting: waiting,
            isCancelled: { [self] in cancelFlag.load(ordering: .relaxed) },
            read: { [self] count, bytes in
                filesRead.add(count, ordering: .relaxed)
                bytesRead.add(bytes, ordering: .relaxed)
            })
        for (record, failure) in heads.failures.sorted(by: { $0.key < $1.key }) {
            switch failure {
            case .changed: search.changed.append(files.path(of: record))
            case .unreadable(let errno): search.errors.append(FileError(path: files.path(of: record), errno: errno))
            }
        }
        search.bytesRead += heads.bytesRead
        if !cancelFlag.load(ordering: .relaxed) { compare(work, of: files, heads: heads, into: &search, waiting: waiting) }
        search.cancelled = search.cancelled || cancelFlag.load(ordering: .relaxed)
        search.groups.sort { a, b in
            if a.gain != b.gain { return a.gain > b.gain }
            if a.size != b.size { return a.size > b.size }
            return a.firstPath.lexicographicallyPrecedes(b.firstPath)
        }
        return search
    }

    /// A file's records other than `except`, one a path (the same file met
    /// twice at one path, under overlapping roots, is one).
    private static func distinctLinks(_ records: [UInt32], paths: [[UInt8]], except first: Int) -> [UInt32] {
        var seen: Set<[UInt8]> = [paths[first]]
        return records.indices.filter { $0 != first && seen.insert(paths[$0]).inserted }.map { records[$0] }
    }

    /// The files of one size with at least two distinct identities, largest size first.
    struct SizeWork: Sendable {
        let size: Int64
        /// Each distinct file's first record, in inode order (the order it is read in).
        let files: [UInt32]
        /// The other records of a file met more than once (its hard links,
        /// or one file under overlapping roots), by its first record.
        let moreRecords: [UInt32: [UInt32]]

        /// Every record of distinct file `index`.
        func records(ofFile index: Int) -> [Int] {
            let first = files[index]
            return [Int(first)] + (moreRecords[first] ?? []).map(Int.init)
        }
    }

    /// Records grouped by size; the sizes with two distinct files or more.
    /// Flat arrays, no array a file: a million files cost a few megabytes here.
    static func sizesToCompare(_ files: RecordedFiles) -> [SizeWork] {
        var bySize = [UInt32](unsafeUninitializedCapacity: files.count) { buffer, count in
            for index in 0..<files.count { buffer[index] = UInt32(index) }
            count = files.count
        }
        files.sizes.withUnsafeBufferPointer { sizes in
            bySize.sort { sizes[Int($0)] != sizes[Int($1)] ? sizes[Int($0)] > sizes[Int($1)] : $0 < $1 }
        }
        var work: [SizeWork] = []
        var start = 0
        while start < bySize.count {
            let size = files.sizes[Int(bySize[start])]
            var end = start + 1
            while end < bySize.count && files.sizes[Int(bySize[end])] == size { end += 1 }
            if end - start >= 2 {
                var first: [FileIdentity: UInt32] = [:]
                var more: [UInt32: [UInt32]] = [:]
                var distinct: [UInt32] = []
                for record in bySize[start..<end] {
                    let identity = files.identity(of: Int(record))
                    if let known = first[identity] {
                        more[known, default: []].append(record)
                    } else {
                        first[identity] = record
                        distinct.append(record)
                    }
                }
                if distinct.count >= 2 {
                    distinct.sort { files.identity(of: Int($0)).inode < files.identity(of: Int($1)).inode }
                    work.append(SizeWork(size: size, files: distinct, moreRecords: more))
                }
            }
            start = end
        }
        return work
    }

    /// Compares each size's files on the worker threads.
    private func compare(_ work: [SizeWork], of files: RecordedFiles, heads: HeadHashes, into search: inout CopySearch, waiting: () -> Void) {
        let next = Atomic<Int>(0)
        let found = Locked<CopySearch>(CopySearch())
        let workerCount = max(1, min(options.threads, work.count))
        let body: @Sendable () -> Void = { [self] in
            // Few files get this far (those whose heads matched another's): opened by path.
            let comparison = ContentComparison(
                open: { record in withCString(files.path(of: record)) { Syscalls.openWithoutFollowing($0) } },
                isCancelled: { [self] in cancelFlag.load(ordering: .relaxed) })
            var local = CopySearch()
            var lastBytes: Int64 = 0
            while !cancelFlag.load(ordering: .relaxed) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < work.count else { break }
                compareOne(work[index], of: files, heads: heads, with: comparison, into: &local)
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
        WorkerThreads.run(workerCount, waiting: waiting, isStopped: { cancelFlag.load(ordering: .relaxed) }, body)
        found.withLock { all in
            search.groups += all.groups
            search.changed += all.changed
            search.errors += all.errors
            search.bytesRead += all.bytesRead
        }
    }

    /// One size: its distinct files compared, each class of two or more a group.
    private func compareOne(
        _ work: SizeWork, of files: RecordedFiles, heads: HeadHashes, with comparison: ContentComparison, into search: inout CopySearch
    ) {
        // Files whose head could not be read are out already (reported with the heads).
        let candidates = work.files.filter { heads.failures[Int($0)] == nil }.map { first in
            let record = Int(first)
            return CopyCandidate(record: record, identity: files.identity(of: record), size: work.size, modified: files.modified(of: record))
        }
        guard candidates.count >= 2 else { return }
        let outcome = comparison.classes(of: candidates, size: work.size, heads: candidates.map { heads.hashes[$0.record] })
        for member in outcome.changed { search.changed.append(files.path(of: candidates[member].record)) }
        for (member, errno) in outcome.unreadable {
            search.errors.append(FileError(path: files.path(of: candidates[member].record), errno: errno))
        }
        for members in outcome.classes {
            var groupFiles = members.map { member -> (file: CopyGroup.File, path: [UInt8]) in
                let records = work.records(ofFile: member).map(UInt32.init)
                // The first path in byte order stands for the file.
                let paths = records.map { files.path(of: Int($0)) }
                let first = paths.indices.min { paths[$0].lexicographicallyPrecedes(paths[$1]) }!
                let file = CopyGroup.File(
                    identity: candidates[member].identity, modified: candidates[member].modified, firstRecord: records[first],
                    otherRecords: Self.distinctLinks(records, paths: paths, except: first))
                return (file, paths[first])
            }
            groupFiles.sort { $0.path.lexicographicallyPrecedes($1.path) }
            search.groups.append(CopyGroup(size: work.size, files: groupFiles.map(\.file), source: files))
            groupsFound.add(1, ordering: .relaxed)
        }
    }
}
