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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let directory {
            guard let addChdir else { throw SpawnError(description: "posix_spawn_file_actions_addchdir_np is missing") }
            _ = directory.withCString { addChdir(&actions, $0) }
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let started = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard started == 0 else { throw SpawnError(description: "\(executable): \(String(cString: strerror(started)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        return signalled != 0 ? signalled : (status >> 8) & 0xFF
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
