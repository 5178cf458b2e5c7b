/// A value shared between threads behind the project's lock (`Monitor`),
/// which ThreadSanitizer sees, so a TSan run of the threads that share it
/// stays meaningful.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let monitor = Monitor()

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try monitor.withLock { try body(&value) }
    }
}
