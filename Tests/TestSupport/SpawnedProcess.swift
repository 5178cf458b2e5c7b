import Foundation
import Glibc

/// Starts a program and waits for it with `posix_spawn` and `waitpid`.
/// Foundation's `Process.waitUntilExit` polls its run loop every 50 ms on
/// Linux, so each command a test ran cost 50 ms of waiting: thousands of
/// them were most of the suite's time.
public enum SpawnedProcess {
    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later),
    /// which Swift's Glibc module does not declare: looked up at run time.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `executable` with `arguments` (not counting its name) and
    /// exactly `environment`, in `directory` (or here), standard input
    /// inherited, standard output and error written to the files named
    /// (created or truncated); returns its exit code, or the signal's
    /// number when a signal ended it (as `Process.terminationStatus`).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], in directory: String? = nil,
        stdoutPath: String, stderrPath: String
    ) throws -> Int32 {
        switch try run(executable, arguments, environment: environment, in: directory, stdoutPath: stdoutPath, stderrPath: stderrPath, asJob: false) {
        case .exited(let code): return code
        case .signalled(let signal): return signal
        }
    }

    /// How a program ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Runs as `run` does, but as a shell starts a terminal's foreground
    /// job: in a process group of its own (its pid the group's id) with
    /// SIGINT at its default, so that `kill(-pid, SIGINT)` is Ctrl-C to it
    /// and to every program it started. `whileRunning` is called with the
    /// pid before it is waited for.
    public static func runAsJob(
        _ executable: String, _ arguments: [String], environment: [String: String], in directory: String? = nil,
        stdoutPath: String, stderrPath: String, whileRunning: (pid_t) -> Void
    ) throws -> Ending {
        try run(
            executable, arguments, environment: environment, in: directory, stdoutPath: stdoutPath, stderrPath: stderrPath, asJob: true,
            whileRunning: whileRunning)
    }

    private static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], in directory: String?, stdoutPath: String,
        stderrPath: String, asJob: Bool, whileRunning: (pid_t) -> Void = { _ in }
    ) throws -> Ending {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let directory {
            guard let addChdir else { throw SpawnError(description: "posix_spawn_file_actions_addchdir_np is missing") }
            _ = directory.withCString { addChdir(&actions, $0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if asJob {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGINT)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard started == 0 else { throw SpawnError(description: "\(executable): \(String(cString: strerror(started)))") }
        whileRunning(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        return signalled != 0 ? .signalled(signalled) : .exited((status >> 8) & 0xFF)
    }

    /// Runs `script` with `/bin/sh` in `directory`; its status and its
    /// standard output (standard error is discarded).
    public static func shell(_ script: String, in directory: String? = nil) throws -> (status: Int32, output: String) {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-spawn-\(UUID().uuidString)").path
        defer { unlink(outPath) }
        let status = try run(
            "/bin/sh", ["-c", script], environment: ProcessInfo.processInfo.environment, in: directory, stdoutPath: outPath,
            stderrPath: "/dev/null")
        let output = FileManager.default.contents(atPath: outPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (status, output)
    }
}
