import HexDump
import SystemSeam

/// A regular file dumped by several threads at once. The file is cut into
/// chunks of whole lines; worker `w` of `n` reads (`pread`) and formats
/// chunks `w`, `w + n`, `w + 2n` … into its own buffers, and the workers
/// write their output in chunk order, passing a turn from one to the next
/// (a semaphore each). Reading, formatting and writing of different chunks
/// overlap, so every core formats while another reads or writes.
///
/// A chunk's formatter state follows from the file alone: its offset, and
/// for squeezing the two lines before it (read with the chunk), so no
/// worker waits for another's result. The first short read ends the dump,
/// as a single reader's would; a read error is reported after the output
/// of the chunks before it. Output is byte for byte what one thread writes
/// (`ParallelHexDumpTests` compares).
public struct ParallelHexDump: Sendable {
    /// How many threads a dump uses: one a core, at most four.
    public static let defaultWorkers = min(4, Processors.online)
    /// Input bytes a chunk (rounded down to whole lines): its output, about
    /// five times larger, still fits a core's L2 cache.
    public static let defaultChunkBytes = 256 * 1024

    let fd: Int32
    let path: [UInt8]
    let start: UInt64
    let length: UInt64?
    let chunkBytes: Int
    let workers: Int

    /// Dumps `length` bytes (or to the end) of the regular file open on
    /// `fd`, from `start`, without moving its offset.
    public init(fd: Int32, path: [UInt8], start: UInt64, length: UInt64?, chunkBytes: Int = defaultChunkBytes, workers: Int = defaultWorkers) {
        self.fd = fd
        self.path = path
        self.start = start
        self.length = length
        self.workers = max(1, workers)
        self.chunkBytes = chunkBytes
    }

    /// Formats the range with `formatter`'s layout and state and hands each
    /// chunk's output to `write`, in order, from whichever worker made it
    /// (one call at a time; `write` returns false to stop). Leaves
    /// `formatter` as it is after the last byte, for `finish`.
    public func run<Formatter: ChunkFormatter>(_ formatter: inout Formatter, write: (UnsafeRawBufferPointer) -> Bool) throws(FileError) {
        let unit = max(1, formatter.chunkUnit)
        let chunk = max(1, chunkBytes / unit) * unit
        // `write` is called only by the worker holding the turn, and every
        // worker is joined before this function returns.
        try withoutActuallyEscaping(write) { write throws(FileError) in
            try run(formatter: &formatter, chunk: chunk, sink: SharedMemory(write))
        }
    }

    private func run<Formatter: ChunkFormatter>(
        formatter: inout Formatter, chunk: Int, sink: SharedMemory<(UnsafeRawBufferPointer) -> Bool>
    ) throws(FileError) {
        let shared = Shared(initial: formatter)
        var threads: [JoinableThread] = []
        for worker in 1..<workers {
            // Each waits until the ring's size is known; a thread the system
            // will not make leaves a smaller ring, not a hole in it.
            guard
                let thread = JoinableThread({ [self] in
                    shared.waitForStart()
                    work(as: worker, chunk: chunk, shared: shared, sink: sink)
                })
            else { break }
            threads.append(thread)
        }
        shared.start(ring: threads.count + 1)
        work(as: 0, chunk: chunk, shared: shared, sink: sink)
        threads.forEach { $0.join() }
        let outcome = shared.outcome.withLock { $0 }
        if let error = outcome.error { throw error }
        formatter = outcome.formatter
    }

    /// One worker's loop: read and format its next chunk, wait for the turn,
    /// write, pass the turn on. Every pass takes and passes the turn, even
    /// once the dump has stopped, so no worker waits for ever.
    private func work<Formatter: ChunkFormatter>(
        as worker: Int, chunk: Int, shared: Shared<Formatter>, sink: SharedMemory<(UnsafeRawBufferPointer) -> Bool>
    ) {
        let lookback = shared.initial.lookback
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: lookback + chunk, alignment: 16)
        var output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: shared.initial.outputCapacity(for: chunk))
        defer {
            input.deallocate()
            output.deallocate()
        }
        let ring = shared.ring
        var index = worker
        var ended = false
        while !ended {
            // Read and format before waiting for the turn: the overlap.
            let prepared =
                shared.isStopped
                ? nil : prepare(index: index, chunk: chunk, lookback: lookback, input: input, output: &output, initial: shared.initial)
            shared.waitForTurn(worker)
            if shared.isStopped {
                ended = true
            } else if let prepared {
                switch prepared {
                case .failure(let error):
                    shared.finish(error: error)
                    ended = true
                case .success(let (written, formatter, isLast)):
                    let accepted = written == 0 || sink.pointer(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: output[0..<written])))
                    if isLast || !accepted {
                        shared.finish(formatter: formatter)
                        ended = true
                    }
                }
            }
            shared.passTurn(from: worker)
            index += ring
        }
    }

    /// Reads chunk `index` (and, when squeezing, up to two lines before it)
    /// and formats it: the bytes written, the formatter after it, and whether
    /// it is the last chunk (a short read, or the end of the range).
    private func prepare<Formatter: ChunkFormatter>(
        index: Int, chunk: Int, lookback: Int, input: UnsafeMutableRawBufferPointer,
        output: inout UnsafeMutableBufferPointer<UInt8>, initial: Formatter
    ) -> Result<(Int, Formatter, Bool), FileError> {
        let (relative, overflow) = UInt64(index).multipliedReportingOverflow(by: UInt64(chunk))
        var wanted = UInt64(chunk)
        if let length { wanted = length > relative ? min(wanted, length - relative) : 0 }
        guard !overflow, wanted > 0 else { return .success((0, initial.resumed(at: start &+ relative, after: nil), true)) }
        let before = Int(min(UInt64(lookback), relative))
        let readFrom = start + relative - UInt64(before)
        let asked = before + Int(wanted)
        var filled = 0
        reading: while filled < asked {
            switch Syscalls.positionedRead(fd, into: input.baseAddress! + filled, count: asked - filled, at: readFrom + UInt64(filled)) {
            case .success(0): break reading
            case .success(let count): filled += count
            case .failure(let errno): return .failure(FileError(path: path, errno: errno))
            }
        }
        let got = max(0, filled - before)
        let preceding = UnsafeRawBufferPointer(rebasing: input[0..<min(filled, before)])
        var formatter = index == 0 ? initial : initial.resumed(at: start + relative, after: preceding)
        let written = got > 0 ? formatter.format(UnsafeRawBufferPointer(rebasing: input[before..<(before + got)]), into: &output) : 0
        let isLast = UInt64(got) < wanted || length.map { relative + wanted >= $0 } == true
        return .success((written, formatter, isLast))
    }

    /// What the workers share: the turn semaphores, the stop flag and the outcome.
    private final class Shared<Formatter: ChunkFormatter>: @unchecked Sendable {
        let initial: Formatter
        /// A turn semaphore for each worker of the ring, made by `start`;
        /// the first worker's starts with the first turn.
        private var turns: [Semaphore] = []
        private let started = Semaphore()
        private let ringSize = Locked(1)
        private let stopped = Locked(false)
        let outcome: Locked<(formatter: Formatter, error: FileError?)>

        init(initial: Formatter) {
            self.initial = initial
            outcome = Locked((initial, nil))
        }

        /// Sets the ring's size (the workers that exist) and lets the threads go.
        func start(ring: Int) {
            turns = (0..<ring).map { worker in Semaphore(worker == 0 ? 1 : 0) }
            ringSize.withLock { $0 = ring }
            for _ in 1..<ring { started.signal() }
        }

        func waitForStart() { started.wait() }

        var ring: Int { ringSize.withLock { $0 } }
        var isStopped: Bool { stopped.withLock { $0 } }

        func waitForTurn(_ worker: Int) { turns[worker].wait() }

        func passTurn(from worker: Int) { turns[(worker + 1) % turns.count].signal() }

        func finish(formatter: Formatter) {
            outcome.withLock { $0.formatter = formatter }
            stopped.withLock { $0 = true }
        }

        func finish(error: FileError) {
            outcome.withLock { $0.error = error }
            stopped.withLock { $0 = true }
        }
    }
}
