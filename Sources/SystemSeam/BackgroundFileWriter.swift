/// Writes chunks to a file on a thread of its own while the caller makes
/// the next: a kept scan is encoded on one core and written on another, so
/// the two no longer take turns (the writing is a third of the encoding's
/// time). Each chunk is copied when handed over into one of a few buffers
/// that go round (fresh memory a chunk cost a page fault every 4 KiB).
///
/// Thread contract: one producer calls `write` and then `finish`, which
/// waits for the thread; the caller owns the descriptor and keeps it open
/// until `finish` returns.
public final class BackgroundFileWriter: @unchecked Sendable {
    private let fd: Int32
    private let queue = BoundedQueue<[UInt8]>(maximumCount: 2)
    /// Buffers written and handed back, for the next chunks.
    private let written = BoundedQueue<[UInt8]>(maximumCount: 4)
    /// Buffers made so far (the producer's count): at most three go round.
    private var buffersMade = 0
    private var thread: JoinableThread?
    /// The first error the thread met (it writes nothing after it); read
    /// only after `finish` has joined the thread.
    private var failure: Errno?

    public init(fd: Int32) {
        self.fd = fd
        thread = JoinableThread { self.drain() }
    }

    /// Hands `chunk` on to be written (written here when no thread could
    /// be made); false when writing has failed (`finish` says why).
    public func write(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard thread != nil else {
            if failure == nil, case .failure(let errno) = Syscalls.writeAll(fd, chunk) { failure = errno }
            return failure == nil
        }
        // A buffer written already, else a new one (three at most), else wait for one.
        var buffer: [UInt8]
        if let reused = written.tryPop() {
            buffer = reused
        } else if buffersMade < 3 {
            buffersMade += 1
            buffer = []
        } else {
            guard let reused = written.pop() else { return false }
            buffer = reused
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: chunk.bindMemory(to: UInt8.self))
        return queue.push(buffer)
    }

    /// Waits until every chunk is written; the first error, if any.
    public func finish() -> Errno? {
        queue.close()
        thread?.join()
        written.close()
        thread = nil
        return failure
    }

    private func drain() {
        while let chunk = queue.pop() {
            let result = chunk.withUnsafeBytes { Syscalls.writeAll(fd, $0) }
            if case .failure(let errno) = result {
                failure = errno
                // The producer's next hand-over fails: it stops encoding.
                queue.close()
                written.close()
                return
            }
            written.push(chunk)
        }
    }
}
