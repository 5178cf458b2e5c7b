/// A value shared between threads behind the project's lock (`Monitor`),
/// which ThreadSanitizer sees, so a TSan run of the threads that share it
/// stays meaningful.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let monitor: Monitor

    /// `value` behind the lock, with `conditions` condition variables to wait on.
    public init(_ value: Value, conditions: Int = 0) {
        self.value = value
        monitor = Monitor(conditions: conditions)
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try monitor.withLock { try body(&value) }
    }

    /// Waits on condition `condition` until `ready` gives an answer (asked
    /// with the lock held, first at once, then after each wake-up), and
    /// returns it. The lock is let go while waiting.
    public func wait<Answer>(on condition: Int, until ready: (inout Value) -> Answer?) -> Answer {
        monitor.withLock {
            while true {
                if let answer = ready(&value) { return answer }
                monitor.wait(condition)
            }
        }
    }

    /// As `wait(on:until:)`, for at most `seconds`: nil when the time ran out first.
    public func wait<Answer>(on condition: Int, seconds: Double, until ready: (inout Value) -> Answer?) -> Answer? {
        let deadline = Monitor.deadline(after: seconds)
        return monitor.withLock {
            while true {
                if let answer = ready(&value) { return answer }
                guard monitor.wait(condition, until: deadline) else { return ready(&value) }
            }
        }
    }

    /// Wakes every thread waiting on condition `condition` (taking the lock,
    /// so a thread about to wait does not miss it).
    public func broadcast(_ condition: Int) {
        monitor.withLock { monitor.broadcast(condition) }
    }
}
