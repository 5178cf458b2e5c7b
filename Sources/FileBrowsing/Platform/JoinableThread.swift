import Glibc

/// A POSIX thread running one closure, joined by whoever started it: the
/// read-ahead of a huge directory and the two-thread passes over it.
final class JoinableThread {
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread; nil if the system would not make one.
    init?(_ body: @escaping () -> Void) {
        let context = Unmanaged.passRetained(Job(body)).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
    }

    /// Waits for the closure to return (once; later calls return at once).
    func join() {
        guard !joined else { return }
        pthread_join(thread, nil)
        joined = true
    }

    deinit { join() }

    /// The closure, handed to the new thread, which releases it when done.
    private final class Job: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
