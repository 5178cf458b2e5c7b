import Synchronization

/// What a comparison learns about a name in both trees before it reports:
/// both statuses (links followed), and for two regular files of different
/// identities the verdict on their bytes. Worked out for a directory's
/// names at once, on several threads (the reads are where the time goes),
/// then reported in order by the walk.
struct PreparedPair: Sendable {
    var first: Result<FileStatus, Errno>
    var second: Result<FileStatus, Errno>
    var verdict: Result<ContentPair.Verdict, ContentPairFailure>?
}

/// Prepares the pairs of a directory on up to `threads` threads, each with
/// its own `ContentPair` (buffers are per thread).
final class PairPreparation: @unchecked Sendable {
    /// One comparer a thread, made once and used by that slice only.
    private let comparers: [ContentPair]

    init(threads: Int) {
        comparers = (0..<max(1, threads)).map { _ in ContentPair() }
    }

    /// The pairs for `names` (each in both directories, `first` and
    /// `second` open descriptors), in the order given.
    func prepare(_ names: [[UInt8]], first: Int32, second: Int32, isCancelled: @escaping @Sendable () -> Bool) -> [PreparedPair] {
        let count = names.count
        var results = [PreparedPair?](repeating: nil, count: count)
        // A small directory is not worth a thread.
        let slices = count < 16 ? 1 : min(comparers.count, count)
        results.withUnsafeMutableBufferPointer { buffer in
            let shared = SharedSlots(buffer)
            let work: @Sendable (Int) -> Void = { slice in
                let comparer = self.comparers[slice]
                var index = slice
                // Interleaved, so large and small files spread over the threads.
                while index < count {
                    if isCancelled() { return }
                    shared.store(Self.prepare(names[index], first: first, second: second, with: comparer), at: index)
                    index += slices
                }
            }
            var threads: [JoinableThread] = []
            // A slice whose thread could not be made runs here.
            var here = [0]
            for slice in 1..<slices {
                if let thread = JoinableThread({ work(slice) }) { threads.append(thread) } else { here.append(slice) }
            }
            for slice in here { work(slice) }
            for thread in threads { thread.join() }
        }
        return results.map { $0 ?? PreparedPair(first: .failure(.interrupted), second: .failure(.interrupted), verdict: nil) }
    }

    private static func prepare(_ name: [UInt8], first: Int32, second: Int32, with comparer: ContentPair) -> PreparedPair {
        let a = withCString(name) { Syscalls.status(at: first, name: $0, followSymlink: true) }.map(FileStatus.init)
        let b = withCString(name) { Syscalls.status(at: second, name: $0, followSymlink: true) }.map(FileStatus.init)
        var pair = PreparedPair(first: a, second: b, verdict: nil)
        if case .success(let x) = a, case .success(let y) = b, x.kind == .file, y.kind == .file, x.identity != y.identity {
            do throws(ContentPairFailure) {
                pair.verdict = .success(try comparer.compare(name, in: first, status: x, with: name, in: second, status: y))
            } catch {
                pair.verdict = .failure(error)
            }
        }
        return pair
    }
}

/// Slots of an array the preparing threads fill, each its own indices; the
/// array outlives them (they are joined before it is let go).
private final class SharedSlots: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<PreparedPair?>

    init(_ buffer: UnsafeMutableBufferPointer<PreparedPair?>) { self.buffer = buffer }

    func store(_ pair: PreparedPair, at index: Int) { buffer[index] = pair }
}
