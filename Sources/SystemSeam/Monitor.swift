import Glibc

/// The project's one lock: a pthread mutex with condition variables (which
/// ThreadSanitizer sees, unlike the standard library's futex `Mutex`).
/// `Locked` keeps a value behind one; queues and hand-offs wait on its
/// conditions. Any thread may use it; `wait` is called with the lock held
/// (inside `withLock`), `signal` and `broadcast` with it held or just after
/// letting it go, once the waiters' condition was changed under it.
public final class Monitor: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private let conditionCount: Int

    /// A lock with `conditions` condition variables (numbered from 0).
    public init(conditions: Int = 0) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        conditionCount = conditions
        self.conditions = .allocate(capacity: max(1, conditions))
        for index in 0..<conditions { pthread_cond_init(self.conditions + index, nil) }
    }

    deinit {
        for index in 0..<conditionCount { pthread_cond_destroy(conditions + index) }
        pthread_mutex_destroy(mutex)
        conditions.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` with the lock let go (called holding it, as inside
    /// `withLock`); holds it again after.
    public func unlocked(_ body: () -> Void) {
        pthread_mutex_unlock(mutex)
        defer { pthread_mutex_lock(mutex) }
        body()
    }

    /// Waits on condition `condition` (the lock is let go meanwhile).
    public func wait(_ condition: Int = 0) {
        pthread_cond_wait(conditions + condition, mutex)
    }

    /// A moment `seconds` from now, for `wait(_:until:)`.
    static func deadline(after seconds: Double) -> Deadline {
        var until = timespec()
        clock_gettime(CLOCK_REALTIME, &until)
        let nanoseconds = Int(until.tv_nsec) + Int(seconds * 1e9)
        until.tv_sec += nanoseconds / 1_000_000_000
        until.tv_nsec = nanoseconds % 1_000_000_000
        return Deadline(time: until)
    }

    /// A moment to wait until (the realtime clock's).
    public struct Deadline {
        fileprivate var time: timespec
    }

    /// Waits on condition `condition` until `deadline` at the latest; false
    /// when the time ran out.
    func wait(_ condition: Int = 0, until deadline: Deadline) -> Bool {
        var until = deadline.time
        return pthread_cond_timedwait(conditions + condition, mutex, &until) != ETIMEDOUT
    }

    /// Wakes one thread waiting on condition `condition`.
    public func signal(_ condition: Int = 0) { pthread_cond_signal(conditions + condition) }

    /// Wakes every thread waiting on condition `condition`.
    public func broadcast(_ condition: Int = 0) { pthread_cond_broadcast(conditions + condition) }
}
