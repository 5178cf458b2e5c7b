import SystemSeam

/// A file open for the viewers, read at any offset with `pread` into one
/// reused buffer, so a viewer can page back, jump to the end or search a
/// file of any size holding only a few blocks of it. The descriptor is the
/// file's own, closed when the file is released. Use from one thread.
public final class ViewedFile: ByteSource {
    /// The path shown in headers and messages.
    public let path: [UInt8]
    /// Bytes in the file: its size when opened (or last `refresh`ed). For a
    /// file that says it is empty but is not (`/proc` files) the bytes a
    /// read found, up to `probedLimit`; nil when not known (a device).
    public private(set) var size: UInt64?
    /// The modification time at the last `refresh`.
    public private(set) var modificationTime: Timestamp?
    /// Counts the refreshes that found another size or modification time:
    /// what a viewer compares to know its line numbers may be stale.
    public private(set) var revision = 0
    /// The file's device and inode, as opened.
    public let identity: FileIdentity
    private let fd: Int32
    private let isRegular: Bool
    private var buffer: UnsafeMutableRawBufferPointer
    /// Set once `pread` says the file cannot seek (a terminal, a pipe): it
    /// is then read in order, forward only, from this offset.
    private var sequentialOffset: UInt64?
    /// On a file system that can stop answering, with the guard on: each
    /// read runs on a worker with the guard's deadline, into a buffer of
    /// its own, and Ctrl-C gives up on it (a stuck read used to hold the
    /// viewer, counting lines before it drew, for the whole stall). The
    /// file's identity keys it: once one read is stuck, the next fail at once.
    private let guardKey: FileIdentity?

    /// The most bytes read to learn the length of a file that says it is empty.
    public static let probedLimit = 16 << 20
    /// The most bytes read at a time (searches read this much; a screen far less).
    public static let blockSize = 1 << 20

    /// Opens `name` in `directory` (`path` names it in messages): read-only,
    /// never waiting on a FIFO, never taking a terminal; a directory, FIFO or
    /// socket is refused as `HexDumpReader` refuses it.
    /// Opens the file at `path` (its directory resolved as `cd` resolves it).
    public convenience init(path: [UInt8]) throws(FileError) {
        let (parent, name) = PathBytes.split(path)
        try self.init(path: path, name: name, in: try DirectoryHandle.open(resolving: parent))
    }

    public init(path: [UInt8], name: [UInt8], in directory: DirectoryHandle) throws(FileError) {
        self.path = path
        let statusResult = withCString(name) { Syscalls.status(at: directory.fd, name: $0, followSymlink: true) }
        guard case .success(let raw) = statusResult else { throw FileError(path: path, errno: statusResult.failureValue ?? .noSuchFileOrDirectory) }
        let status = FileStatus(raw)
        if let refusal = HexDumpReader.refusal(for: status) { throw FileError(path: path, reason: .custom(refusal)) }
        let opened = withCString(name) { Syscalls.openFile(at: directory.fd, name: $0) }
        guard case .success(let fd) = opened else { throw FileError(path: path, errno: opened.failureValue ?? .permissionDenied) }
        Syscalls.makeBlocking(fd)
        self.fd = fd
        isRegular = status.kind == .file
        identity = status.identity
        guardKey = directory.isGuarded ? status.identity : nil
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockSize, alignment: 16)
        try refresh()
    }

    deinit {
        buffer.deallocate()
        Syscalls.close(fd)
    }

    /// Learns the size again (a log that grew since the last screen).
    public func refresh() throws(FileError) {
        guard isRegular else {
            size = nil
            return
        }
        switch Syscalls.status(of: fd) {
        case .failure(let errno): throw FileError(path: path, errno: errno)
        case .success(let raw):
            let status = FileStatus(raw)
            let stated = UInt64(max(0, status.size))
            let before = (size, modificationTime)
            size = stated > 0 ? stated : try probedLength()
            modificationTime = status.modificationTime
            if before.0 != size || before.1 != modificationTime { revision &+= 1 }
        }
    }

    /// The bytes a file that says it is empty really holds (up to `probedLimit`).
    private func probedLength() throws(FileError) -> UInt64 {
        var total: UInt64 = 0
        while total < UInt64(Self.probedLimit) {
            let got = try read(at: total) { $0.count }
            if got == 0 { break }
            total += UInt64(got)
        }
        return total
    }

    /// Hands `body` up to `blockSize` bytes from `offset` (empty at the end).
    /// The bytes are valid only during the call. A read that waits (a
    /// terminal) ends with Ctrl-C as `interrupted`.
    public func read<R>(at offset: UInt64, count: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R {
        if let sequential = sequentialOffset { return try readInOrder(at: offset, from: sequential, count: count, body) }
        let wanted = min(count, buffer.count)
        var got = 0
        while got < wanted {
            let result =
                guardKey == nil
                ? Syscalls.positionedRead(fd, into: buffer.baseAddress! + got, count: wanted - got, at: offset + UInt64(got))
                : guardedRead(into: buffer.baseAddress! + got, count: wanted - got, at: offset + UInt64(got))
            switch result {
            case .failure(.illegalSeek) where got == 0:
                sequentialOffset = 0
                return try readInOrder(at: offset, from: 0, count: count, body)
            case .success(0): return body(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            case .success(let count): got += count
            case .failure(.interrupted): throw FileError(path: path, reason: .interrupted)
            case .failure(let errno): throw FileError(path: path, errno: errno)
            }
        }
        return body(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
    }

    /// One `pread` through `HangGuard`: the worker reads into bytes of its
    /// own (it may finish after this gave up), copied into `destination`
    /// when it answers in time; `.notResponding` when it did not, or Ctrl-C
    /// gave up waiting.
    private func guardedRead(into destination: UnsafeMutableRawPointer, count: Int, at offset: UInt64) -> Result<Int, Errno> {
        guard let guardKey else { return .failure(.notResponding) }
        let fd = self.fd
        let answer = HangGuard.runWaiting(
            in: guardKey,
            { () -> Result<[UInt8], Errno> in
                var bytes = [UInt8](repeating: 0, count: count)
                let read = bytes.withUnsafeMutableBytes { Syscalls.positionedRead(fd, into: $0.baseAddress!, count: count, at: offset) }
                return read.map { Array(bytes[0..<$0]) }
            }, stillWaiting: { !Interruption.isRequested })
        guard let answer else { return .failure(.notResponding) }
        return answer.map { bytes in
            if !bytes.isEmpty { bytes.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) } }
            return bytes.count
        }
    }

    /// A file that cannot seek: one `read` at the current offset, after
    /// reading up to `offset` when it is ahead; going back is refused.
    private func readInOrder<R>(at offset: UInt64, from current: UInt64, count: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R {
        guard offset >= current else { throw FileError(path: path, reason: .custom("cannot go back: the file cannot seek")) }
        var position = current
        while true {
            let wanted = position < offset ? Int(min(UInt64(buffer.count), offset - position)) : min(count, buffer.count)
            switch Syscalls.read(fd, into: buffer.baseAddress!, count: wanted) {
            case .success(let got):
                position += UInt64(got)
                sequentialOffset = position
                if got == 0 || position > offset { return body(UnsafeRawBufferPointer(rebasing: buffer[0..<got])) }
            case .failure(.interrupted): throw FileError(path: path, reason: .interrupted)
            case .failure(let errno): throw FileError(path: path, errno: errno)
            }
        }
    }
}
