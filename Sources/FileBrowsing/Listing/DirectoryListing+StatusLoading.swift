import SystemSeam

extension DirectoryListing {
    public func preloadStatuses(threads: Int, checkingACLs: Bool) -> Set<FileIdentity>? {
        loadAllStatuses(threads: threads, checkingACLs: checkingACLs)
    }

    /// Reads every entry's status at once, on `threads` threads (one each
    /// for a slice of the entries, the calling thread among them), and keeps
    /// them all, so a long listing of a huge directory stats each entry once
    /// and on every core instead of twice on one (measuring, then drawing,
    /// through the bounded cache). With `checkingACLs`, also returns the
    /// files that have an access control list (ls's `+`), checked in the same
    /// pass. Costs a status a entry in memory (about 130 bytes), as ls does.
    public func loadAllStatuses(threads: Int, checkingACLs: Bool) -> Set<FileIdentity> {
        let count = arena.count
        guard count > 0 else { return [] }
        var values = [Result<FileStatus, Errno>?](repeating: nil, count: count)
        let arena = self.arena
        let fd = directory.fd
        let directoryPath = directory.path
        let follows = options.dereferencesSymlinks
        let birth = options.timeField == .birth
        let slices = max(1, min(threads, count / 1024 + 1))
        let work: @Sendable (Int, SharedResults) -> Set<FileIdentity> = { slice, results in
            let start = count * slice / slices
            let end = count * (slice + 1) / slices
            let aclCheck = AccessControlListCheck()
            var withACL = Set<FileIdentity>()
            for index in start..<end {
                let result = arena.withCName(at: index) {
                    FileStatus.read(at: fd, name: $0, followSymlink: follows, withBirth: birth)
                }
                results.store(result, at: index)
                guard checkingACLs, case .success(let status) = result, status.kind != .symlink else { continue }
                let path = arena.withName(at: index) { PathBytes.join(directoryPath, $0) }
                if aclCheck.hasACL(path, isDirectory: status.kind == .directory, device: status.identity.device) { withACL.insert(status.identity) }
            }
            return withACL
        }
        // The threads write straight into the array's storage, each its own
        // slice, and are joined before the storage is let go.
        let withACL = values.withUnsafeMutableBufferPointer { buffer in
            let results = SharedResults(buffer)
            let others = (1..<slices).map { slice in SliceThread(slice: slice) { work($0, results) } }
            var withACL = work(0, results)
            for other in others { withACL.formUnion(other.finish()) }
            return withACL
        }
        statCache = StatCache(prefilled: values)
        entriesMaterialised += count
        return withACL
    }
}

/// One slice of `loadAllStatuses` on a thread of its own (run inline when no
/// thread can be made).
private final class SliceThread: @unchecked Sendable {
    private var thread: JoinableThread?
    private let result = Locked<Set<FileIdentity>?>(nil)
    private let work: @Sendable (Int) -> Set<FileIdentity>
    private let slice: Int

    init(slice: Int, work: @escaping @Sendable (Int) -> Set<FileIdentity>) {
        self.slice = slice
        self.work = work
        let result = self.result
        thread = JoinableThread { result.withLock { $0 = work(slice) } }
    }

    func finish() -> Set<FileIdentity> {
        guard let thread else { return work(slice) }
        thread.join()
        return result.withLock { $0 ?? [] }
    }
}

/// An array's storage written by several threads, each to its own indices,
/// and read only after all are joined: disjoint writes, then one reader.
private struct SharedResults: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Result<FileStatus, Errno>?>

    init(_ buffer: UnsafeMutableBufferPointer<Result<FileStatus, Errno>?>) { self.buffer = buffer }

    func store(_ value: Result<FileStatus, Errno>, at index: Int) { buffer[index] = value }
}
