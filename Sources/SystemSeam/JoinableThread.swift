import Glibc

/// A POSIX thread running one `@Sendable` closure, joined by whoever started
/// it: the read-ahead of a huge directory and the two-thread passes over it.
/// Whatever the closure touches must be Sendable; memory shared on purpose
/// crosses as `SharedMemory`, which says why that is safe.
public final class JoinableThread {
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread; nil if the system would not make one.
    public init?(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Job(body)).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
                job.body()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
    }

    /// Lets the thread run on its own: nobody will wait for it.
    public func detach() {
        guard !joined else { return }
        joined = true
        pthread_detach(thread)
    }

    /// Waits for the closure to return (once; later calls return at once).
    public func join() {
        guard !joined else { return }
        pthread_join(thread, nil)
        joined = true
    }

    deinit { join() }

    /// The closure, handed to the new thread, which releases it when done.
    private final class Job: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// Memory handed to a second thread for the length of a `TwoThreads.run`.
/// Pointers are not Sendable; this wrapper is the one place that says they
/// may cross, and on what terms: the two threads write disjoint parts of the
/// memory or only read it, and the caller joins the thread before it uses
/// the results or frees the memory.
public struct SharedMemory<Pointer>: @unchecked Sendable {
    public let pointer: Pointer
    public init(_ pointer: Pointer) { self.pointer = pointer }
}
