import FileBrowsing
import Glibc
import Synchronization

/// At a terminal the REPL runs in a child process of its own, and the
/// process the shell started only waits for the child's word that the
/// session is over, then exits with its status. Why: a call stuck in a file
/// system that stopped answering (left on its thread by `HangGuard`) keeps
/// its process alive until the call returns — Linux cannot reap the thread
/// sooner, even after SIGKILL (measured: 29 s with a FUSE file system that
/// sleeps) — and the shell would wait that long after `quit`. The child
/// finishes dying on its own; the user has the shell prompt at once.
enum SessionLauncher {
    /// Set in the child: the descriptor to write the exit status to.
    static let statusVariable = "FILETABLE_SESSION_STATUS_FD"

    /// In the process the shell started: runs the same command line in a
    /// child and returns its status when it says it is done (or when it
    /// ends without saying). Nil when the child cannot be started: the
    /// session then runs here.
    static func runInChild(arguments: [[UInt8]]) -> ExitStatus? {
        runInChild(arguments: arguments, endsOnSignals: false)
    }

    /// For a listing of a file system that can stop answering: the same, but
    /// Ctrl-C and SIGTERM end this process at once (the child is killed and
    /// goes when its call returns), where a stuck listing could not end at all.
    static func runListingInChild(arguments: [[UInt8]]) -> ExitStatus? {
        runInChild(arguments: arguments, endsOnSignals: true)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later),
    /// looked up at run time: Swift's Glibc module does not declare it.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom = CLibrarySymbol.lookUp("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)

    /// The child to signal: killed when a signal ends a listing's launcher,
    /// sent SIGTERM or SIGHUP when the session's launcher gets them.
    private static let childToKill = Atomic<Int32>(0)

    private static func runInChild(arguments: [[UInt8]], endsOnSignals: Bool) -> ExitStatus? {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { return nil }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        // The child gets standard input, output and error, and the status pipe as
        // descriptor 3; nothing else (a pipe someone waits on must not stay open in it).
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 3)
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 4) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child takes Ctrl-C, Ctrl-\ and SIGTERM as filetable always has.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var variables: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = environ[index] {
            variables.append(strdup(entry))
            index += 1
        }
        // "3:PID": only a child of this process takes it as its channel.
        variables.append(strdup("\(statusVariable)=3:\(getpid())"))
        variables.append(nil)
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("filetable")]
        for argument in arguments {
            argv.append((argument + [0]).withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) })
        }
        argv.append(nil)
        defer {
            for pointer in variables { free(pointer) }
            for pointer in argv { free(pointer) }
        }
        if endsOnSignals {
            // Kill the child (it goes when its call returns) and end now.
            Self.handle([SIGINT, SIGTERM, SIGHUP]) { signalNumber in
                let child = SessionLauncher.childToKill.load(ordering: .relaxed)
                if child > 0 { kill(child, SIGKILL) }
                _exit(128 + signalNumber)
            }
        } else {
            signal(SIGINT, SIG_IGN)
            signal(SIGQUIT, SIG_IGN)
            // SIGTERM or a hang-up sent to this process is the session's: pass it on.
            Self.handle([SIGTERM, SIGHUP]) { signalNumber in
                let child = SessionLauncher.childToKill.load(ordering: .relaxed)
                if child > 0 { kill(child, signalNumber) } else { _exit(128 + signalNumber) }
            }
        }
        var child = pid_t()
        let started = posix_spawn(&child, "/proc/self/exe", &actions, &attributes, argv, variables)
        childToKill.store(started == 0 ? child : 0, ordering: .relaxed)
        Glibc.close(writeEnd)
        guard started == 0 else {
            Glibc.close(readEnd)
            signal(SIGINT, SIG_DFL)
            signal(SIGQUIT, SIG_DFL)
            return nil
        }
        // A session's terminal is saved to be put back; a listing's is not raw.
        let terminal = endsOnSignals ? nil : LauncherTerminal()
        let status: Int32
        switch waitForWord(from: readEnd, child: child, terminal: terminal) {
        case .word(let said): return said
        case .ended(let ending): status = ending
        }
        // Ended without a word (a crash, SIGKILL, a signal it does not
        // handle): the terminal it left raw is put back as it was.
        terminal?.restore()
        let signalled = status & 0x7F
        if signalled != 0 {
            // Ended by a signal: end the same way (its default action, not our handler).
            signal(signalled, SIG_DFL)
            raise(signalled)
        }
        return ExitStatus(rawValue: (status >> 8) & 0xFF) ?? .seriousTrouble
    }

    /// How the wait for the child ended: its word (the status it sent) or
    /// its end without one (the `waitpid` status).
    private enum Wait {
        case word(ExitStatus)
        case ended(Int32)
    }

    /// Waits for the child's word on `readEnd`. Meanwhile a child stopped
    /// from outside (`kill -TSTP`) is noticed: the terminal is put back and
    /// this process stops too, so the shell gets its prompt and `fg` goes on;
    /// the child is continued with it (its own handler makes the line raw
    /// again and redraws it).
    private static func waitForWord(from readEnd: Int32, child: pid_t, terminal: LauncherTerminal?) -> Wait {
        var watched = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&watched, 1, 250)
            if ready > 0 {
                var byte: UInt8 = 0
                var count = 0
                repeat { count = Glibc.read(readEnd, &byte, 1) } while count < 0 && errno == EINTR
                if count == 1 { return .word(ExitStatus(rawValue: Int32(byte)) ?? .seriousTrouble) }
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                return .ended(status)
            }
            var status: Int32 = 0
            let changed = waitpid(child, &status, WNOHANG | WUNTRACED)
            if changed == child {
                // WIFSTOPPED, spelled out: the macros do not reach Swift.
                if status & 0xFF == 0x7F {
                    guard ChildState.isStopped(child) else { continue }
                    terminal?.restore()
                    raise(SIGTSTP)
                    kill(child, SIGCONT)
                    continue
                }
                return .ended(status)
            }
        }
    }

    /// Installs `handler` for each of `signals`.
    private static func handle(_ signals: [Int32], with handler: @escaping @convention(c) (Int32) -> Void) {
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// The status descriptor, in a child of a session's launcher; -1 elsewhere.
    nonisolated(unsafe) private static var statusChannel: Int32 = -1

    /// Whether this process is such a child.
    static var isChild: Bool { statusChannel > 2 }

    /// At start-up, before any thread: takes the launcher's status channel
    /// when the variable names this process's parent, and hides it from
    /// everything this process starts (`!`, `pager`, a filetable run from
    /// there, which would otherwise end the outer session). The child also
    /// asks to be sent SIGHUP if the launcher dies (SIGKILL), so it never
    /// draws on a terminal the shell has taken back.
    static func claimStatusChannel() {
        guard let value = Platform.environment(statusVariable) else { return }
        unsetenv(statusVariable)
        let parts = value.split(separator: ":")
        guard parts.count == 2, let fd = Int32(parts[0]), fd > 2, let launcher = pid_t(parts[1]), launcher == getppid(),
            fcntl(fd, F_SETFD, FD_CLOEXEC) == 0
        else { return }
        statusChannel = fd
        ChildState.hangUpWhenParentDies()
        if getppid() != launcher { raise(SIGHUP) }
    }

    /// In the child: says the session is over, with its status.
    static func report(_ status: ExitStatus) {
        guard isChild else { return }
        var byte = UInt8(truncatingIfNeeded: status.rawValue)
        _ = Glibc.write(statusChannel, &byte, 1)
        Glibc.close(statusChannel)
        statusChannel = -1
    }
}
