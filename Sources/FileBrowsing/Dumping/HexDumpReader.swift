import SystemSeam

/// Reads a file for a dump without ever hanging: the type is checked before
/// opening (directories, FIFOs and sockets are refused), the file is opened
/// read-only and non-blocking, and it is read through one fixed buffer, so
/// memory stays the same whatever the file's size. A file that grows or
/// shrinks meanwhile is dumped as far as `read` goes.
public final class HexDumpReader {
    /// The offset to start at: `skip`, or with `fromEnd` that many bytes
    /// before the end of a regular file (anything else has no end to count from).
    private static func offset(_ skip: UInt64, fromEnd: Bool, of status: FileStatus, path: [UInt8]) throws(FileError) -> UInt64 {
        guard fromEnd else { return skip }
        guard status.kind == .file else { throw FileError(path: path, reason: .custom("cannot count an offset from the end: not a regular file")) }
        return try start(skip, beforeEndOf: UInt64(max(0, status.size)), path: path)
    }

    /// `skip` bytes before the end of `size` bytes; more than the file has
    /// is refused, as xxd's seek fails there ("Sorry, cannot seek").
    private static func start(_ skip: UInt64, beforeEndOf size: UInt64, path: [UInt8]) throws(FileError) -> UInt64 {
        guard skip <= size else {
            throw FileError(path: path, reason: .custom("cannot start \(skip) bytes before the end: it has \(size) bytes"))
        }
        return size - skip
    }

    /// Why a file cannot be dumped.
    public static func refusal(for status: FileStatus) -> String? {
        switch status.kind {
        case .directory: return "Is a directory"
        case .fifo: return "is a FIFO; not read, as reading it could block"
        case .socket: return "is a socket; not read"
        default: return nil
        }
    }

    private let fd: Int32
    /// Where the bytes come from when they are not a descriptor's (a
    /// member inside an archive), and the next offset to read there.
    private let source: (any ByteSource)?
    private var sourceOffset: UInt64 = 0
    public let path: [UInt8]
    /// The file offset of the first byte the reader returns.
    public private(set) var startOffset: UInt64 = 0
    private var remaining: UInt64?
    private let buffer: UnsafeMutableRawBufferPointer
    private var atEnd = false
    /// The bytes left to dump of a regular file opened by path (nil for
    /// anything else): what `parallelDump` needs.
    private var regularFileBytesLeft: UInt64?

    /// Set when the skip went past the end of a non-empty regular file:
    /// its size. A dump of nothing there is not an empty file's dump,
    /// and the caller says so.
    public private(set) var skippedPastEnd: UInt64?

    /// Opens `path` (relative to `directory`, or the working directory) and
    /// skips to `skip` (with `skipFromEnd`, to `skip` bytes before the end of
    /// a regular file; anything else is refused). `length` limits the bytes
    /// returned.
    public init(
        path: [UInt8], name: [UInt8]? = nil, in directory: DirectoryHandle? = nil,
        skip: UInt64 = 0, skipFromEnd: Bool = false, length: UInt64? = nil, bufferSize: Int = 1 << 20
    ) throws(FileError) {
        self.path = path
        let target = name ?? path
        let parent = directory?.fd ?? Syscalls.workingDirectory
        let statusResult = withCString(target) { Syscalls.status(at: parent, name: $0, followSymlink: true) }
        guard case .success(let raw) = statusResult else { throw FileError(path: path, errno: statusResult.failureValue ?? .noSuchFileOrDirectory) }
        let status = FileStatus(raw)
        if let refusal = Self.refusal(for: status) { throw FileError(path: path, reason: .custom(refusal)) }
        let skip = try Self.offset(skip, fromEnd: skipFromEnd, of: status, path: path)
        let opened = withCString(target) { Syscalls.openFile(at: parent, name: $0) }
        guard case .success(let fd) = opened else { throw FileError(path: path, errno: opened.failureValue ?? .permissionDenied) }
        // Opened without blocking; a regular file or device reads normally
        // from here, and Ctrl-C ends a read that waits (`Syscalls.read`).
        Syscalls.makeBlocking(fd)
        self.fd = fd
        source = nil
        remaining = length
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        try skipTo(skip, status: status)
        if status.kind == .file && !atEnd {
            let size = UInt64(max(0, status.size))
            regularFileBytesLeft = min(length ?? .max, size > startOffset ? size - startOffset : 0)
        }
    }

    /// The same dump on several threads (`ParallelHexDump`), for a regular
    /// file with at least `minimumBytes` to dump; nil for anything else,
    /// which is read here, in order.
    public func parallelDump(minimumBytes: UInt64 = 4 << 20) -> ParallelHexDump? {
        guard let left = regularFileBytesLeft, left >= minimumBytes, ParallelHexDump.defaultWorkers > 1 else { return nil }
        return ParallelHexDump(fd: fd, path: path, start: startOffset, length: remaining)
    }

    /// Keeps the reader (and its descriptor) alive while `body` runs.
    public func keepingOpen<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body() }
    }

    /// Reads standard input (a pipe or a redirected file) from `skip` on.
    public init(
        standardInput path: [UInt8], skip: UInt64 = 0, skipFromEnd: Bool = false, length: UInt64? = nil, bufferSize: Int = 1 << 20
    ) throws(FileError) {
        self.path = path
        let duplicated = Syscalls.duplicate(0)
        guard case .success(let fd) = duplicated else { throw FileError(path: path, errno: duplicated.failureValue ?? .badFileDescriptor) }
        self.fd = fd
        source = nil
        remaining = length
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        // From here on deinit closes the descriptor, whatever is thrown.
        switch Syscalls.status(of: fd) {
        case .success(let raw):
            // A redirected file can count from its end; a pipe cannot.
            let status = FileStatus(raw)
            try skipTo(Self.offset(skip, fromEnd: skipFromEnd, of: status, path: path), status: status)
        case .failure(let errno): throw FileError(path: path, errno: errno)
        }
    }

    /// A read failure as the user sees it: Ctrl-C is "interrupted".
    private func failure(_ errno: Errno) -> FileError {
        errno == .interrupted ? FileError(path: path, reason: .interrupted) : FileError(path: path, errno: errno)
    }

    /// Reads `source`'s bytes (a member inside an archive), from `skip`
    /// (or `skip` before its end) for at most `length` bytes.
    public init(
        source: any ByteSource, skip: UInt64 = 0, skipFromEnd: Bool = false, length: UInt64? = nil, bufferSize: Int = 1 << 20
    ) throws(FileError) {
        let size = source.size ?? 0
        let start = skipFromEnd ? try Self.start(skip, beforeEndOf: size, path: source.path) : skip
        path = source.path
        fd = -1
        self.source = source
        remaining = length
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(bufferSize, ViewedFile.blockSize), alignment: 16)
        if start >= size && start > 0 {
            startOffset = size
            if start > size { skippedPastEnd = size }
            atEnd = true
        } else {
            startOffset = start
        }
        sourceOffset = startOffset
    }

    deinit {
        if fd >= 0 { Syscalls.close(fd) }
        buffer.deallocate()
    }

    /// Skips as `hexdump` does: past the end of a regular file, the dump starts
    /// (and ends) at its size; elsewhere seek, or read and discard.
    private func skipTo(_ skip: UInt64, status: FileStatus) throws(FileError) {
        guard skip > 0 else { return }
        if status.kind == .file && status.size > 0 && skip >= UInt64(status.size) {
            startOffset = UInt64(status.size)
            // At the end is an empty dump from there, as hexdump's; past it is a mistake.
            if skip > UInt64(status.size) { skippedPastEnd = UInt64(status.size) }
            atEnd = true
            return
        }
        if status.kind == .file && status.size > 0, case .success = Syscalls.seek(fd, to: skip) {
            startOffset = skip
            return
        }
        var left = skip
        while left > 0 {
            let asked = Int(min(UInt64(buffer.count), left))
            let count: Int
            switch Syscalls.read(fd, into: buffer.baseAddress!, count: asked) {
            case .success(let value): count = value
            case .failure(let errno): throw failure(errno)
            }
            if count == 0 { break }
            left -= UInt64(count)
            startOffset += UInt64(count)
        }
        if left > 0 { atEnd = true }
    }

    /// Reads the next chunk, a whole number of `lineLength` bytes unless the
    /// file ended (empty at the end), and hands it to `body`. The bytes live
    /// in the reader's buffer: they are valid inside `body` only, while the
    /// reader is kept alive for it.
    public func withNextChunk<R>(lineLength: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R {
        let chunk = try next(lineLength: lineLength)
        return withExtendedLifetime(self) { body(chunk) }
    }

    private func next(lineLength: Int) throws(FileError) -> UnsafeRawBufferPointer {
        guard !atEnd else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        var wanted = buffer.count - buffer.count % max(1, min(lineLength, buffer.count))
        if let remaining { wanted = Int(min(UInt64(wanted), remaining)) }
        var filled = 0
        if let source {
            while filled < wanted {
                let count = try source.read(at: sourceOffset, count: wanted - filled) { bytes in
                    buffer.baseAddress!.advanced(by: filled).copyMemory(
                        from: bytes.baseAddress ?? UnsafeRawPointer(buffer.baseAddress!), byteCount: bytes.count)
                    return bytes.count
                }
                if count == 0 {
                    atEnd = true
                    break
                }
                filled += count
                sourceOffset += UInt64(count)
            }
        }
        while source == nil && filled < wanted {
            let asked = wanted - filled
            let count: Int
            switch Syscalls.read(fd, into: buffer.baseAddress! + filled, count: asked) {
            case .success(let value): count = value
            case .failure(.wouldBlock): throw FileError(path: path, reason: .custom("reading would block"))
            case .failure(let errno): throw failure(errno)
            }
            if count == 0 {
                atEnd = true
                break
            }
            filled += count
            // A device or pipe returns what it has: hand out whole lines now.
            if count < asked && filled % lineLength == 0 { break }
        }
        if let remaining {
            self.remaining = remaining - UInt64(filled)
            if self.remaining == 0 { atEnd = true }
        }
        return UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
    }
}
