import Glibc

/// Splits a piece of work between this thread and a second one, for the few
/// passes over a huge directory that read memory at random (copying names
/// into display order, merging sorted runs): two cores wait on memory in
/// parallel. Both halves must touch disjoint memory or only read shared data.
enum TwoThreads {
    /// Runs `background` on a new thread while `foreground` runs here, and
    /// returns when both are done. Without a thread, runs one after the other.
    static func run(_ foreground: () -> Void, alongside background: @escaping () -> Void) {
        let job = Job(background)
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            foreground()
            background()
            return
        }
        foreground()
        pthread_join(thread, nil)
    }

    /// The background half, handed to the new thread; joined before `run`
    /// returns, so nothing it captures outlives the call.
    private final class Job: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
