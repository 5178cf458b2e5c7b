import SystemSeam

/// One file's contents read for comparison: opened (by the caller) without
/// following a symlink, and checked after the reads against what the walk
/// saw (a regular file, the same identity, size and modification time), so
/// a file replaced or changed since the walk, or while it was read, is never
/// called a copy. The descriptor is owned here and closed by `close`.
struct FileContents {
    enum Failure: Error {
        /// The file is not what the walk saw, or moved while read.
        case changed
        case unreadable(Errno)
    }

    let fd: Int32
    private let expected: CopyCandidate

    /// Opens the candidate's file (what it is is checked by `finish`, after
    /// the reads: one `fstat` a file, not two).
    init(_ candidate: CopyCandidate, opened: Result<Int32, Errno>) throws(Failure) {
        guard case .success(let fd) = opened else {
            // A name that became a symlink is refused with ELOOP: changed, not unreadable.
            let errno = opened.failureValue ?? .noSuchFileOrDirectory
            if errno == .noSuchFileOrDirectory || errno == .tooManySymbolicLinks { throw .changed }
            throw .unreadable(errno)
        }
        self.fd = fd
        expected = candidate
    }

    /// Whether the file is still what the walk saw: a regular file of the
    /// same identity, size and modification time.
    func isUnchanged() -> Bool {
        guard case .success(let raw) = Syscalls.status(of: fd) else { return false }
        let status = FileStatus(raw)
        return status.kind == .file && status.identity == expected.identity && status.size == expected.size
            && status.modificationTime == expected.modified
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

    /// A hash of the bytes in `ranges` (offset, length), each read whole
    /// into `buffer` (a file shorter than a range changed); the bytes read.
    /// Stops early, with what it hashed, once `isCancelled`.
    func hash(
        _ ranges: [(offset: Int64, length: Int)], buffer: UnsafeMutableRawPointer, isCancelled: () -> Bool = { false }
    ) throws(Failure) -> (value: UInt64, bytes: Int) {
        var hash = ContentHash()
        var bytes = 0
        for (offset, length) in ranges {
            let got = try read(into: buffer, count: length, at: offset)
            guard got == length else { throw .changed }
            hash.add(UnsafeRawBufferPointer(start: buffer, count: got))
            bytes += got
            if isCancelled() { break }
        }
        return (hash.value, bytes)
    }

    /// Checks the file once more (throws `.changed` if it moved) and closes it.
    func finish() throws(Failure) {
        let unchanged = isUnchanged()
        close()
        if !unchanged { throw .changed }
    }

    func close() { Syscalls.close(fd) }
}

/// A file the walk met that may have copies: which it is and what it was
/// (its path is made when it is opened: a million paths held at once
/// would cost a hundred megabytes).
struct CopyCandidate: Sendable {
    /// Its index in the walk's `RecordedFiles`.
    let record: Int
    let identity: FileIdentity
    let size: Int64
    let modified: Timestamp
}
