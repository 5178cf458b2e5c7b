/// Splits a piece of work between this thread and a second one, for the few
/// passes over a huge directory that read memory at random (copying names
/// into display order, merging sorted runs): two cores wait on memory in
/// parallel. Both halves must touch disjoint memory or only read shared data.
public enum TwoThreads {
    /// Runs `background` on a new thread while `foreground` runs here, and
    /// returns the background's result when both are done. Without a thread,
    /// runs one after the other.
    public static func run<Result: Sendable>(_ foreground: () -> Void, alongside background: @escaping @Sendable () -> Result) -> Result {
        let outcome = Locked<Result?>(nil)
        guard
            let thread = JoinableThread({
                let result = background()
                outcome.withLock { $0 = result }
            })
        else {
            foreground()
            return background()
        }
        foreground()
        thread.join()
        return outcome.withLock { $0! }
    }
}
