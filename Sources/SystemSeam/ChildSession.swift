import Glibc
import Synchronization

/// The process mechanics of running a session in a child of its own (see
/// `SessionLauncher` for why): starting the child with a status pipe,
/// waiting for its word while following its stops, passing signals on, and,
/// in the child, claiming and answering on that pipe.
public enum ChildSession {
    /// How a child's run ended: the byte it said, or its exit code when it
    /// ended without a word.
    public enum Outcome: Equatable, Sendable {
        case word(UInt8)
        case exited(Int32)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later),
    /// looked up at run time: Swift's Glibc module does not declare it.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom = CLibrarySymbol.lookUp("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)

    /// The child to signal: killed when a signal ends a listing's launcher,
    /// sent SIGTERM or SIGHUP when the session's launcher gets them.
    private static let childToKill = Atomic<Int32>(0)

    /// Runs this program again (`/proc/self/exe`) with `arguments` in a
    /// child that gets descriptors 0-2 and a status pipe as descriptor 3,
    /// named to it in the environment variable `statusVariable`, and waits
    /// for the child's one-byte word. Nil when the child cannot be started.
    /// With `endsOnSignals`, Ctrl-C, SIGTERM and SIGHUP kill the child and
    /// end this process at once; otherwise Ctrl-C and Ctrl-\\ are ignored
    /// here (they are the child's) and SIGTERM and SIGHUP are passed on, and
    /// the terminal is saved and put back if the child ends without a word.
    /// A child ended by a signal ends this process the same way.
    /// Call from the main thread, before any other thread is started.
    /// `programName` is the child's `argv[0]` (the name filetable was run
    /// by: as `ls`, the child is `ls` too).
    public static func run(
        arguments: [[UInt8]], programName: [UInt8] = Array("filetable".utf8), statusVariable: String, endsOnSignals: Bool
    )
        -> Outcome?
    {
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
        var argv: [UnsafeMutablePointer<CChar>?] = []
        for argument in [programName.isEmpty ? Array("filetable".utf8) : programName] + arguments {
            argv.append((argument + [0]).withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) })
        }
        argv.append(nil)
        defer {
            for pointer in variables { free(pointer) }
            for pointer in argv { free(pointer) }
        }
        passSignalsOn(endsOnSignals: endsOnSignals)
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
        case .word(let said): return .word(said)
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
        return .exited((status >> 8) & 0xFF)
    }

    /// With `endsOnSignals`, Ctrl-C, SIGTERM and SIGHUP kill the child and
    /// end this process; otherwise Ctrl-C and Ctrl-\\ are the child's (ignored
    /// here) and SIGTERM and SIGHUP are passed on to it.
    private static func passSignalsOn(endsOnSignals: Bool) {
        if endsOnSignals {
            // Kill the child (it goes when its call returns) and end now.
            Self.handle([SIGINT, SIGTERM, SIGHUP]) { signalNumber in
                let child = ChildSession.childToKill.load(ordering: .relaxed)
                if child > 0 { kill(child, SIGKILL) }
                _exit(128 + signalNumber)
            }
        } else {
            signal(SIGINT, SIG_IGN)
            signal(SIGQUIT, SIG_IGN)
            // SIGTERM or a hang-up sent to this process is the session's: pass it on.
            Self.handle([SIGTERM, SIGHUP]) { signalNumber in
                let child = ChildSession.childToKill.load(ordering: .relaxed)
                if child > 0 { kill(child, signalNumber) } else { _exit(128 + signalNumber) }
            }
        }
    }

    /// How the wait for the child ended: its word (the status it sent) or
    /// its end without one (the `waitpid` status).
    private enum Wait {
        case word(UInt8)
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
                if count == 1 { return .word(byte) }
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
    public static var isChild: Bool { statusChannel > 2 }

    /// At start-up, before any thread: takes the launcher's status channel
    /// when the variable names this process's parent, and hides it from
    /// everything this process starts (`!`, `pager`, a filetable run from
    /// there, which would otherwise end the outer session). The child also
    /// asks to be sent SIGHUP if the launcher dies (SIGKILL), so it never
    /// draws on a terminal the shell has taken back.
    public static func claimStatusChannel(named statusVariable: String) {
        guard let value = Syscalls.environment(statusVariable) else { return }
        unsetenv(statusVariable)
        let parts = value.split(separator: ":")
        guard parts.count == 2, let fd = Int32(parts[0]), fd > 2, let launcher = pid_t(parts[1]), launcher == getppid(),
            fcntl(fd, F_SETFD, FD_CLOEXEC) == 0
        else { return }
        statusChannel = fd
        ChildState.hangUpWhenParentDies()
        if getppid() != launcher { raise(SIGHUP) }
    }

    /// In the child: says the session is over, with its status (one byte).
    public static func report(_ status: UInt8) {
        guard isChild else { return }
        var byte = status
        _ = Glibc.write(statusChannel, &byte, 1)
        Glibc.close(statusChannel)
        statusChannel = -1
    }
}
