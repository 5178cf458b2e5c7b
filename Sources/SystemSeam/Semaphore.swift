import Glibc

/// A counting semaphore (POSIX `sem_t`): a turn passed between threads.
/// Any thread may signal or wait; the semaphore outlives every waiter.
public final class Semaphore: @unchecked Sendable {
    private let value: UnsafeMutablePointer<sem_t>

    public init(_ initial: UInt32 = 0) {
        value = .allocate(capacity: 1)
        sem_init(value, 0, initial)
    }

    deinit {
        sem_destroy(value)
        value.deallocate()
    }

    public func signal() { sem_post(value) }

    /// Waits for a signal (a wait cut short by a signal handler waits again).
    public func wait() { while sem_wait(value) != 0 {} }
}

extension Syscalls {
    /// `AT_FDCWD`: "relative to the working directory" where a directory
    /// descriptor is expected.
    public static let workingDirectory: Int32 = AT_FDCWD
    /// `PATH_MAX`: the longest path one call takes.
    public static let longestPath = Int(PATH_MAX)
}
