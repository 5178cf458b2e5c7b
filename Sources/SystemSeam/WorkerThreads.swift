import Synchronization

/// Copies of one job on threads of their own while the calling thread keeps
/// answering (a progress line, Ctrl-C): the search for copies' readers.
public enum WorkerThreads {
    /// How long threads asked to stop may take before they are left to
    /// finish alone: one stuck in a read on a file system that stopped
    /// answering cannot check, and Ctrl-C must give the prompt back within
    /// 0.3 s (`AbandonableOperation` gives the same).
    public static let stopGrace = 0.2

    /// Runs `count` copies of `body`, each on a thread, calling `waiting` on
    /// this thread about every 50 ms until all have returned; without a
    /// thread, runs `body` once here. Once `isStopped` says so, threads
    /// still running after `stopGrace` are abandoned (they finish alone):
    /// `body` must then keep what it writes in objects it holds, never in
    /// the caller's frame.
    public static func run(_ count: Int, waiting: () -> Void, isStopped: () -> Bool = { false }, _ body: @escaping @Sendable () -> Void) {
        let finished = Atomic<Int>(0)
        var threads: [JoinableThread] = []
        for _ in 0..<max(1, count) {
            if let thread = JoinableThread({
                body()
                finished.add(1, ordering: .releasing)
            }) {
                threads.append(thread)
            }
        }
        guard !threads.isEmpty else { return body() }
        var polls = 0
        var stoppedAt: Double?
        while finished.load(ordering: .acquiring) < threads.count {
            if polls % 25 == 0 {
                waiting()
                if stoppedAt == nil, isStopped() { stoppedAt = Syscalls.monotonicSeconds() }
            }
            polls += 1
            if let stoppedAt, Syscalls.monotonicSeconds() - stoppedAt > stopGrace {
                for thread in threads { thread.detach() }
                return
            }
            Syscalls.pause(microseconds: 2_000)
        }
        for thread in threads { thread.join() }
    }
}
