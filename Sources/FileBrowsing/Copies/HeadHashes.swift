import Synchronization
import SystemSeam

/// The first pass of the comparison: a 32-bit hash of each candidate's first
/// 4 KiB (the whole file when shorter), read directory by directory on
/// several threads, each file opened by its name in its open directory (one
/// lookup, not one a path component) in inode order. Most files differ here
/// and are read no further. A hash only sorts files into buckets worth
/// comparing; the bytes decide later. 4 bytes a file.
struct HeadHashes {
    /// By record; meaningful where the record was asked for and not failed.
    private(set) var hashes: [UInt32]
    /// Records that could not be read (they leave the search).
    private(set) var failures: [Int: FileContents.Failure] = [:]
    /// Bytes read.
    private(set) var bytesRead: Int64 = 0

    /// Hashes the heads of the records `wanted` says, on `threads` threads,
    /// calling `waiting` on this thread meanwhile.
    init(
        of files: RecordedFiles, wanted: [Bool], threads: Int, waiting: () -> Void, isCancelled: @escaping @Sendable () -> Bool,
        read: @escaping @Sendable (_ files: Int, _ bytes: Int64) -> Void
    ) {
        let count = files.count
        let hashes = Locked([UInt32](repeating: 0, count: count))
        let found = Locked<(failures: [Int: FileContents.Failure], bytes: Int64)>(([:], 0))
        let runs = Self.runs(of: files)
        let next = Atomic<Int>(0)
        let body: @Sendable () -> Void = {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: ContentComparison.headBlock, alignment: 64)
            defer { buffer.deallocate() }
            var local: [(Int, UInt32)] = []
            var failures: [Int: FileContents.Failure] = [:]
            var bytes: Int64 = 0
            while !isCancelled() {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < runs.count else { break }
                let before = bytes
                Self.hash(runs[index], of: files, wanted: wanted, buffer: buffer, into: &local, failures: &failures, bytes: &bytes)
                read(runs[index].count, bytes - before)
            }
            hashes.withLock { hashes in for (record, hash) in local { hashes[record] = hash } }
            found.withLock { found in
                found.failures.merge(failures) { first, _ in first }
                found.bytes += bytes
            }
        }
        WorkerThreads.run(min(threads, runs.count), waiting: waiting, isStopped: isCancelled, body)
        self.hashes = hashes.withLock { $0 }
        (failures, bytesRead) = found.withLock { ($0.failures, $0.bytes) }
    }

    /// Runs of whole directories (a directory's records are contiguous), about 512 records a run.
    private static func runs(of files: RecordedFiles) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        while start < files.count {
            var end = start + 1
            while end < files.count && (end - start < 512 || files.directoryIndex(of: end) == files.directoryIndex(of: end - 1)) { end += 1 }
            runs.append(start..<end)
            start = end
        }
        return runs
    }

    /// The heads of one run of records: each directory opened once, its files in inode order.
    private static func hash(
        _ run: Range<Int>, of files: RecordedFiles, wanted: [Bool], buffer: UnsafeMutableRawPointer,
        into hashes: inout [(Int, UInt32)], failures: inout [Int: FileContents.Failure], bytes: inout Int64
    ) {
        var start = run.lowerBound
        while start < run.upperBound {
            let directory = files.directoryIndex(of: start)
            var end = start + 1
            while end < run.upperBound && files.directoryIndex(of: end) == directory { end += 1 }
            let records = (start..<end).filter { wanted[$0] }.sorted { files.identity(of: $0).inode < files.identity(of: $1).inode }
            start = end
            guard !records.isEmpty else { continue }
            let opened = withCString(files.directoryPath(directory)) { Syscalls.openSearchOnly(path: $0) }
            defer { if case .success(let fd) = opened { Syscalls.close(fd) } }
            for record in records {
                let file: Result<Int32, Errno>
                switch opened {
                case .success(let parent): file = files.names.withCName(at: record) { Syscalls.openWithoutFollowing(at: parent, $0) }
                case .failure: file = withCString(files.path(of: record)) { Syscalls.openWithoutFollowing($0) }
                }
                let length = Int(min(files.sizes[record], Int64(ContentComparison.headBlock)))
                let candidate = CopyCandidate(
                    record: record, identity: files.identity(of: record), size: files.sizes[record], modified: files.modified(of: record))
                do throws(FileContents.Failure) {
                    let contents = try FileContents(candidate, opened: file)
                    defer { contents.close() }
                    let (hash, got) = try contents.hash([(0, length)], buffer: buffer)
                    hashes.append((record, UInt32(truncatingIfNeeded: hash ^ (hash >> 32))))
                    bytes += Int64(got)
                } catch {
                    failures[record] = error
                }
            }
        }
    }
}
