import Synchronization

/// What one long operation and the thread waiting on it share: a stop
/// asked for this operation alone (not a process-wide flag), and the last
/// progress it reported, which the waiting thread draws.
public final class OperationToken<Progress: Sendable>: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let progress = Locked<Progress?>(nil)

    public init() {}

    /// Whether the operation was asked to stop (it stops at its next check).
    public var isStopped: Bool { stopped.load(ordering: .relaxed) }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Called by the operation, from its thread, as often as it likes.
    public func report(_ value: Progress) { progress.withLock { $0 = value } }

    /// The last progress reported, for the waiting thread.
    public var latest: Progress? { progress.withLock { $0 } }
}

/// A long operation of the prompt (a comparison of two trees, say) run on
/// a thread of its own while the prompt's thread waits, draws its progress
/// and watches for Ctrl-C. A stop is asked of the operation through its
/// token, and it returns what it has at its next check (a partial result
/// it says is partial); one stuck in the kernel (a file system that stopped
/// answering) cannot check, so past `grace` it is abandoned: the prompt
/// comes back, and the thread finishes alone, its result dropped.
///
/// Contract: `body` runs on another thread and must not touch what the
/// caller uses meanwhile; the caller hands it what it needs and forgets it.
public enum AbandonableOperation {
    /// A value handed across threads by a caller that stops using it.
    private struct Handoff<Value>: @unchecked Sendable {
        let value: Value
    }

    private static let keys = Atomic<UInt64>(0)

    /// `body`'s result; nil when it was abandoned. `waiting` is called on
    /// this thread about every tenth of a second with the latest progress;
    /// `stopAsked` says whether the user asked to stop (Ctrl-C).
    public static func run<Result, Progress>(
        token: OperationToken<Progress>, grace: Double = 0.2, _ body: @escaping (OperationToken<Progress>) -> Result,
        waiting: (Progress?) -> Void, stopAsked: () -> Bool
    ) -> Result? {
        let work = Handoff(value: body)
        // A key of its own: the guard's record of what did not answer is per operation.
        let key = FileIdentity(device: .max - 4, inode: keys.add(1, ordering: .relaxed).newValue)
        var stoppedAt: Double?
        // A stop asked before the start: the operation stops at its first check.
        if stopAsked() {
            token.stop()
            stoppedAt = MonotonicClock.seconds
        }
        let result = HangGuard.runWaiting(
            in: key, { Handoff(value: work.value(token)) },
            stillWaiting: {
                waiting(token.latest)
                if stoppedAt == nil, stopAsked() {
                    token.stop()
                    stoppedAt = MonotonicClock.seconds
                }
                return stoppedAt.map { MonotonicClock.seconds - $0 < grace } ?? true
            })
        return result?.value
    }

    /// `run` for a body that throws: its value or its error, as a
    /// `Result`; nil when it was abandoned.
    public static func run<Success, Failure: Error, Progress>(
        token: OperationToken<Progress>, grace: Double = 0.2, catching body: @escaping (OperationToken<Progress>) throws(Failure) -> Success,
        waiting: (Progress?) -> Void, stopAsked: () -> Bool
    ) -> Result<Success, Failure>? {
        run(token: token, grace: grace, { token in Result { () throws(Failure) in try body(token) } }, waiting: waiting, stopAsked: stopAsked)
    }
}
