import FileBrowsing
import SystemSeam

/// At a terminal the REPL runs in a child process of its own, and the
/// process the shell started only waits for the child's word that the
/// session is over, then exits with its status. Why: a call stuck in a file
/// system that stopped answering (left on its thread by `HangGuard`) keeps
/// its process alive until the call returns — Linux cannot reap the thread
/// sooner, even after SIGKILL (measured: 29 s with a FUSE file system that
/// sleeps) — and the shell would wait that long after `quit`. The child
/// finishes dying on its own; the user has the shell prompt at once.
/// The process calls are `ChildSession`'s; this is the policy.
enum SessionLauncher {
    /// Set in the child: the descriptor to write the exit status to.
    static let statusVariable = "FILETABLE_SESSION_STATUS_FD"

    /// In the process the shell started: runs the same command line in a
    /// child and returns its status when it says it is done (or when it
    /// ends without saying). Nil when the child cannot be started: the
    /// session then runs here.
    static func runInChild(arguments: [[UInt8]]) -> ExitStatus? {
        run(arguments: arguments, endsOnSignals: false)
    }

    /// For a listing of a file system that can stop answering: the same, but
    /// Ctrl-C and SIGTERM end this process at once (the child is killed and
    /// goes when its call returns), where a stuck listing could not end at all.
    static func runListingInChild(arguments: [[UInt8]]) -> ExitStatus? {
        run(arguments: arguments, endsOnSignals: true)
    }

    private static func run(arguments: [[UInt8]], endsOnSignals: Bool) -> ExitStatus? {
        switch ChildSession.run(
            arguments: arguments, programName: ThisProcess.programPath, statusVariable: statusVariable, endsOnSignals: endsOnSignals)
        {
        case nil: return nil
        case .word(let byte): return ExitStatus(rawValue: Int32(byte)) ?? .seriousTrouble
        case .exited(let code): return ExitStatus(rawValue: code) ?? .seriousTrouble
        }
    }

    /// Whether this process is a session's child (it reports its status).
    static var isChild: Bool { ChildSession.isChild }

    /// At start-up, before any thread: takes the launcher's status channel
    /// when this process is a session's child.
    static func claimStatusChannel() { ChildSession.claimStatusChannel(named: statusVariable) }

    /// In the child: says the session is over, with its status.
    static func report(_ status: ExitStatus) { ChildSession.report(UInt8(truncatingIfNeeded: status.rawValue)) }
}
