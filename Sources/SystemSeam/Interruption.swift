import Glibc
import Synchronization

/// Set by SIGINT while the REPL runs; long operations (enumerating a huge
/// directory, `find` across many pages) poll it and stop with `.interrupted`,
/// and blocking reads return early (see `Syscalls.valueOrErrno`). An atomic:
/// the handler stores it on whichever thread takes the signal.
private let interruptionFlag = Atomic<Bool>(false)

public enum Interruption {
    /// Makes Ctrl-C set the flag instead of ending the program. Without
    /// SA_RESTART, a `read` waiting at the prompt, or on a terminal or a
    /// `/proc` file being dumped, returns EINTR, so the wait ends.
    public static func install() {
        clear()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptionFlag.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    public static var isRequested: Bool { interruptionFlag.load(ordering: .relaxed) }

    public static func clear() { interruptionFlag.store(false, ordering: .relaxed) }

    /// For tests: behave as if Ctrl-C was pressed.
    public static func request() { interruptionFlag.store(true, ordering: .relaxed) }
}
