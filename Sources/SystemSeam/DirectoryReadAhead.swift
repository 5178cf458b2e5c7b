/// Reads a huge directory's records on a second thread while the caller
/// parses and sorts what has already arrived.
///
/// `getdents64` spends its time in the kernel (about 0.35 s for a million
/// names on ext4); with a reader thread that time overlaps the caller's work on
/// the names instead of adding to it. Records pass through a ring of buffers:
/// the reader fills them in order and waits when all are full, the caller takes
/// them in order with `next()`. Only huge directories are worth a thread.
///
/// Sendable by hand: every field the two threads share (`results`, `filled`,
/// `consumed`, `stopping`) is read and written under `lock`, and a buffer is
/// written by the reader only while the caller does not hold it.
public final class DirectoryReadAhead: @unchecked Sendable {
    /// One filled buffer: its bytes, or the `errno` the read failed with.
    public enum Chunk {
        case records(UnsafeRawBufferPointer)
        case end
        case failure(Int32)
    }

    private let fd: Int32
    private let read: Syscalls.GetDirectoryEntries
    private let bufferSize: Int
    private let buffers: [UnsafeMutableRawPointer]
    /// Bytes read into each buffer, or minus the errno.
    private var results: [Int]
    /// Buffers filled by the reader and handed back by the caller, counted
    /// from the start: the ring slot of buffer n is n % buffers.count.
    private var filled = 0
    private var consumed = 0
    private var stopping = false
    /// The caller holds the buffer `next()` returned last.
    private var handedOut = false
    /// The lock, and its one condition: a buffer was filled, given back, or the reader told to stop.
    private let monitor = Monitor(conditions: 1)
    private var thread: JoinableThread?

    /// Starts reading `fd` from its current offset; nil if no thread could be made.
    public init?(fd: Int32, read: @escaping Syscalls.GetDirectoryEntries, bufferSize: Int, bufferCount: Int = 4) {
        self.fd = fd
        self.read = read
        self.bufferSize = bufferSize
        buffers = (0..<bufferCount).map { _ in UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8) }
        results = Array(repeating: 0, count: bufferCount)
        // The thread holds the reader until it returns; `finish` joins it.
        guard let thread = JoinableThread({ [self] in readAll() }) else { return nil }
        self.thread = thread
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// The reader thread: fill buffers in order until the directory ends,
    /// a read fails or the caller stops.
    private func readAll() {
        // Ctrl-C belongs to the main thread, which polls for it.
        Syscalls.blockInterruptOnThisThread()
        while true {
            let slot = monitor.withLock { () -> Int? in
                while filled - consumed == buffers.count && !stopping { monitor.wait() }
                return stopping ? nil : filled % buffers.count
            }
            guard let slot else { return }
            let result: Int
            let call = SystemCallFaults.fault(.getdents64).map { Result<Int, Errno>.failure($0) }
            switch call ?? Syscalls.valueOrErrno({ read(fd, buffers[slot], bufferSize) }) {
            case .success(let count): result = count
            case .failure(let errno): result = -Int(errno.rawValue)
            }
            monitor.withLock {
                results[slot] = result
                filled += 1
                monitor.broadcast()
            }
            if result <= 0 { return }
        }
    }

    /// The next buffer of records, waiting for the reader if need be. The
    /// previous chunk's bytes are given back to the reader by this call.
    public func next() -> Chunk {
        monitor.withLock {
            if handedOut {
                consumed += 1
                monitor.broadcast()
            }
            while filled == consumed { monitor.wait() }
            let slot = consumed % buffers.count
            let result = results[slot]
            handedOut = result > 0
            if result == 0 { return .end }
            if result < 0 { return .failure(Int32(-result)) }
            return .records(UnsafeRawBufferPointer(start: buffers[slot], count: result))
        }
    }

    /// Stops the reader (if it is still going) and waits for it to finish.
    public func finish() {
        monitor.withLock {
            stopping = true
            monitor.broadcast()
        }
        thread?.join()
    }
}
