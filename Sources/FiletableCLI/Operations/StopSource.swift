import FileBrowsing
import SystemSeam

/// Where a person's request to stop the running operation comes from:
/// Ctrl-C at a terminal (SIGINT sets `Interruption`'s flag), or what a
/// test scripts. The session's commands ask it, never the flag, and hand
/// it on to the operation's own stop (a scan's `cancel`, an
/// `OperationToken`), so a stop reaches the operation running and no other.
struct StopSource {
    /// Whether a stop was asked since the last `forget`.
    let isRequested: () -> Bool
    /// Forgets a stop asked: before each line is read (the prompt) or each
    /// command runs (the screen), and once one was obeyed. Never when an
    /// operation starts: a Ctrl-C typed just after Enter stops the
    /// operation it meant (it was forgotten, and a compare on a stuck mount
    /// then waited out the stall).
    let forget: () -> Void

    /// Ctrl-C, through the flag its handler sets.
    static var ctrlC: StopSource { StopSource(isRequested: { Interruption.isRequested }, forget: { Interruption.clear() }) }
}
