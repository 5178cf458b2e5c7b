import Glibc

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
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { return nil }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child takes Ctrl-C and Ctrl-\ as the REPL always has; this process ignores them.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var variables: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = environ[index] {
            variables.append(strdup(entry))
            index += 1
        }
        variables.append(strdup("\(statusVariable)=\(writeEnd)"))
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
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        var child = pid_t()
        let started = posix_spawn(&child, "/proc/self/exe", nil, &attributes, argv, variables)
        Glibc.close(writeEnd)
        guard started == 0 else {
            Glibc.close(readEnd)
            signal(SIGINT, SIG_DFL)
            signal(SIGQUIT, SIG_DFL)
            return nil
        }
        var byte: UInt8 = 0
        var count = 0
        repeat { count = Glibc.read(readEnd, &byte, 1) } while count < 0 && errno == EINTR
        if count == 1 { return ExitStatus(rawValue: Int32(byte)) ?? .seriousTrouble }
        // Ended without a word (a crash, a signal): its own status.
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        if signalled != 0 {
            signal(SIGINT, SIG_DFL)
            signal(SIGQUIT, SIG_DFL)
            raise(signalled)
        }
        return ExitStatus(rawValue: (status >> 8) & 0xFF) ?? .seriousTrouble
    }

    /// Whether this process is such a child.
    static var isChild: Bool { Platform.environment(statusVariable) != nil }

    /// In the child: says the session is over, with its status.
    static func report(_ status: ExitStatus) {
        guard let text = Platform.environment(statusVariable), let fd = Int32(text), fd > 2 else { return }
        var byte = UInt8(truncatingIfNeeded: status.rawValue)
        _ = Glibc.write(fd, &byte, 1)
        Glibc.close(fd)
    }
}
