import Glibc

/// Set by SIGINT while the REPL runs; long operations (enumerating a huge
/// directory, `find` across many pages) poll it and stop with `.interrupted`.
nonisolated(unsafe) private var interruptionFlag: sig_atomic_t = 0

public enum Interruption {
    /// Makes Ctrl-C set the flag instead of ending the program. Without
    /// SA_RESTART, a `read` waiting at the prompt returns EINTR, so the
    /// typed line is abandoned.
    public static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptionFlag = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    public static var isRequested: Bool { interruptionFlag != 0 }

    public static func clear() { interruptionFlag = 0 }

    /// For tests: behave as if Ctrl-C was pressed.
    public static func request() { interruptionFlag = 1 }
}
