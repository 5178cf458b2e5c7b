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
    /// Forgets a stop asked: before each command, and once one was obeyed.
    let forget: () -> Void

    /// Ctrl-C, through the flag its handler sets.
    static var ctrlC: StopSource { StopSource(isRequested: { Interruption.isRequested }, forget: { Interruption.clear() }) }
}
