/// Splits a piece of work between this thread and a second one, for the few
/// passes over a huge directory that read memory at random (copying names
/// into display order, merging sorted runs): two cores wait on memory in
/// parallel. Both halves must touch disjoint memory or only read shared data.
enum TwoThreads {
    /// Runs `background` on a new thread while `foreground` runs here, and
    /// returns when both are done. Without a thread, runs one after the other.
    static func run(_ foreground: () -> Void, alongside background: @escaping () -> Void) {
        guard let thread = JoinableThread(background) else {
            foreground()
            background()
            return
        }
        foreground()
        thread.join()
    }
}
