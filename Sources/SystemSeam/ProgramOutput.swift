import Glibc

/// A program run for what it prints (`git status`), never through a shell:
/// found on `PATH`, its standard input `/dev/null`, its standard error
/// dropped, its standard output read here until it ends, within a deadline
/// and for as long as `stop` says nothing; a program that runs past either
/// is killed (SIGKILL) and waited for. Called from any thread; the caller
/// owns nothing when it returns.
public enum ProgramOutput {
    /// Why a program gave no output to use.
    public enum Failure: Error, Equatable, Sendable {
        /// It could not be started (not installed: ENOENT).
        case notStarted(Errno)
        /// It ran past the deadline and was killed.
        case notResponding
        /// A stop (Ctrl-C) ended it.
        case stopped
        /// It ended with this status (or by a signal, as 128 + the signal).
        case failed(status: Int32, output: [UInt8])
    }

    /// What `program` printed on its standard output, when it exited 0.
    /// `environment` is added to filetable's own; `limit` bounds what is
    /// kept (a hostile repository printing without end).
    public static func run(
        _ program: String, arguments: [[UInt8]], environment: [String: String] = [:], deadline seconds: Double = 10,
        limit: Int = 256 << 20, stop: () -> Bool = { false }
    ) -> Result<[UInt8], Failure> {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return .failure(.notStarted(Errno(errno))) }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { for end in pipeEnds where end >= 0 { close(end) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = [Array(program.utf8)] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        cArguments.append(nil)
        defer { cArguments.forEach { $0?.deallocate() } }
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
        var child: pid_t = 0
        let started = posix_spawnp(&child, program, &actions, nil, cArguments, variables)
        guard started == 0 else { return .failure(.notStarted(Errno(started))) }
        close(pipeEnds[1])
        pipeEnds[1] = -1
        var collected: [UInt8] = []
        let read = readAll(pipeEnds[0], into: &collected, until: Syscalls.monotonicSeconds() + seconds, limit: limit, stop: stop)
        if read != nil { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        switch read {
        case .some(let failure): return .failure(failure)
        case .none:
            let signal = status & 0x7F
            // Ctrl-C at a terminal reaches the program too (one process
            // group): killed by it while a stop is asked, it was stopped.
            if signal != 0 && stop() { return .failure(.stopped) }
            let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            return code == 0 ? .success(collected) : .failure(.failed(status: code, output: collected))
        }
    }

    /// Reads `fd` to its end into `collected`; the failure that cut it short, if any.
    private static func readAll(_ fd: Int32, into collected: inout [UInt8], until deadline: Double, limit: Int, stop: () -> Bool) -> Failure? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if stop() { return .stopped }
            let left = deadline - Syscalls.monotonicSeconds()
            if left <= 0 { return .notResponding }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left, 0.1) * 1000) + 1)
            if ready < 0 && errno != EINTR { return .notStarted(Errno(errno)) }
            if ready <= 0 { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .notStarted(Errno(errno))
            }
            if count == 0 { return nil }
            if collected.count < limit { collected.append(contentsOf: chunk[0..<min(count, limit - collected.count)]) }
        }
    }
}
