/// One file's contents read for comparison: opened by path without
/// following a symlink, checked against what the walk saw (a regular file,
/// the same identity, size and modification time) when opened and again
/// after the last read, so a file that changed while it was read is never
/// called a copy. The descriptor is owned here and closed by `close`.
struct FileContents {
    enum Failure: Error {
        /// The file is not what the walk saw, or moved while read.
        case changed
        case unreadable(Errno)
    }

    let fd: Int32
    private let expected: CopyCandidate

    /// Opens the candidate's file. Throws `.changed` when it is no longer
    /// the regular file of that identity, size and time.
    init(_ candidate: CopyCandidate) throws(Failure) {
        let opened = withCString(candidate.path) { Syscalls.openWithoutFollowing($0) }
        guard case .success(let fd) = opened else {
            // A name that became a symlink is refused with ELOOP: changed, not unreadable.
            let errno = opened.failureValue ?? .noSuchFileOrDirectory
            if errno == .noSuchFileOrDirectory || errno == .tooManySymbolicLinks { throw .changed }
            throw .unreadable(errno)
        }
        self.fd = fd
        expected = candidate
        guard isUnchanged(checkIdentity: true) else {
            close()
            throw .changed
        }
    }

    /// Whether the file is still what the walk saw.
    func isUnchanged(checkIdentity: Bool = false) -> Bool {
        guard case .success(let raw) = Syscalls.status(of: fd) else { return false }
        let status = FileStatus(raw)
        if checkIdentity && (status.kind != .file || FileIdentity(device: status.device, inode: status.inode) != expected.identity) {
            return false
        }
        return status.size == expected.size && status.modificationTime == expected.modified
    }

    /// Reads up to `count` bytes at `offset` into `buffer`, all of them unless the file ends.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(Failure) -> Int {
        var got = 0
        while got < count {
            switch Syscalls.positionedRead(fd, into: buffer + got, count: count - got, at: UInt64(offset) + UInt64(got)) {
            case .success(0): return got
            case .success(let read): got += read
            case .failure(let errno): throw .unreadable(errno)
            }
        }
        return got
    }

    /// Checks the file once more (throws `.changed` if it moved) and closes it.
    func finish() throws(Failure) {
        let unchanged = isUnchanged()
        close()
        if !unchanged { throw .changed }
    }

    func close() { Syscalls.close(fd) }
}

/// A file the walk met that may have copies: where it is and what it was.
struct CopyCandidate: Sendable {
    /// Its index in the walk's `RecordedFiles`.
    let record: Int
    let path: [UInt8]
    let identity: FileIdentity
    let size: Int64
    let modified: Timestamp
}
