import Glibc

/// A program the user asked to run from the prompt (`!CMD`, `pager N`): run
/// through `/bin/sh` in the directory the current level lists (entered by
/// its descriptor, so it is the directory the rows came from, whatever its
/// path now leads to), on the terminal as it is between prompts, and waited
/// for. Ctrl-C reaches the child; filetable only waits.
public struct ChildProcess {
    /// `sh -c SCRIPT sh ARGUMENTS…`: the script sees the arguments as `$1`….
    public let script: String
    public let arguments: [[UInt8]]
    /// Variables added to filetable's own environment for the child.
    public var environment: [String: String] = [:]

    public init(script: String, arguments: [[UInt8]], environment: [String: String] = [:]) {
        self.script = script
        self.arguments = arguments
        self.environment = environment
    }

    /// How the child ended, in the words a user reads.
    public enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// nil for a clean exit, else why it was not one.
        public var problem: String? {
            switch self {
            case .exited(0): return nil
            case .exited(127): return "command not found (exit status 127)"
            case .exited(let status): return "exit status \(status)"
            case .signalled(let signal): return "ended by signal \(signal)" + (signal == SIGINT ? " (Ctrl-C)" : "")
            }
        }
    }

    /// glibc's `posix_spawn_file_actions_addfchdir_np` (2.29 and later),
    /// looked up at run time: Swift's Glibc module does not declare it.
    private typealias AddFchdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addFchdir = CLibrarySymbol.lookUp("posix_spawn_file_actions_addfchdir_np", as: AddFchdir.self)

    /// Starts the child in the directory open at `directoryFD` (`AT_FDCWD`:
    /// the working directory) and waits for it. The caller keeps the descriptor.
    /// With `feeding`, the child's standard input is a pipe, and `feeding`
    /// writes into it (on this thread, while the child runs; a write after
    /// the child closed its end fails with EPIPE, never a SIGPIPE): a pager
    /// reading a compressed file's text.
    public func run(inDirectory directoryFD: Int32, feeding: ((_ input: Int32) -> Void)? = nil) -> Result<Ending, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if feeding != nil {
            guard pipe(&pipeEnds) == 0 else { return .failure(Errno(errno)) }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        }
        defer { for end in pipeEnds where end >= 0 { close(end) } }
        if directoryFD != AT_FDCWD {
            guard let addFchdir = Self.addFchdir else { return .failure(Errno(ENOSYS)) }
            let added = addFchdir(&actions, directoryFD)
            guard added == 0 else { return .failure(Errno(added)) }
        }
        let argv: [[UInt8]] = [Array("sh".utf8), Array("-c".utf8), Array(script.utf8), Array("sh".utf8)] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte == 0 ? 0x3F : byte) }
            copy[bytes.count] = 0
            return copy
        }
        cArguments.append(nil)
        defer { cArguments.forEach { $0?.deallocate() } }
        var child: pid_t = 0
        var variables: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = environ[index] {
            let name = String(cString: entry).prefix { $0 != "=" }
            if environment[String(name)] == nil { variables.append(strdup(entry)) }
            index += 1
        }
        for (name, value) in environment { variables.append(strdup(name + "=" + value)) }
        variables.append(nil)
        defer { variables.forEach { free($0) } }
        // filetable ignores SIGXFSZ (a write past `ulimit -f` is an error it
        // reports); an ignored signal survives exec, so the child gets the default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let started = posix_spawn(&child, "/bin/sh", &actions, &attributes, cArguments, variables)
        guard started == 0 else { return .failure(Errno(started)) }
        if let feeding {
            close(pipeEnds[0])
            pipeEnds[0] = -1
            // A pager that quits before the end closes the pipe: EPIPE ends the feeding, not filetable.
            let before = signal(SIGPIPE, SIG_IGN)
            feeding(pipeEnds[1])
            signal(SIGPIPE, before)
            close(pipeEnds[1])
            pipeEnds[1] = -1
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 {
            guard errno == EINTR else { return .failure(Errno(errno)) }
        }
        Interruption.clear()
        // WIFEXITED / WTERMSIG, spelled out: the macros do not reach Swift.
        let signal = status & 0x7F
        return .success(signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal))
    }
}
