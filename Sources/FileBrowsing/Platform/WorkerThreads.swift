import Synchronization

/// Copies of one job on threads of their own while the calling thread keeps
/// answering (a progress line, Ctrl-C): the search for copies' readers.
enum WorkerThreads {
    /// Runs `count` copies of `body`, each on a thread, calling `waiting` on
    /// this thread about every 50 ms until all have returned; without a
    /// thread, runs `body` once here.
    static func run(_ count: Int, waiting: () -> Void, _ body: @escaping @Sendable () -> Void) {
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
        while finished.load(ordering: .acquiring) < threads.count {
            if polls % 25 == 0 { waiting() }
            polls += 1
            Syscalls.pause(microseconds: 2_000)
        }
        for thread in threads { thread.join() }
    }
}
