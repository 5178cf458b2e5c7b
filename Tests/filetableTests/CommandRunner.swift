import Foundation
import TestSupport
import XCTest

/// Runs the built `filetable` executable and captures what a user would see.
struct CommandResult {
    /// The objects of a JSON Lines file (an export), one a line.
    static func jsonObjects(inFile path: String) throws -> [[String: Any]] {
        try String(decoding: Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    /// The rows of the last page a REPL printed in `text`, as "number name".
    static func lastPage(_ text: String) -> [String] {
        let pages = text.components(separatedBy: "\n").split { $0.hasPrefix("-- ") }
        guard let page = pages.last(where: { $0.contains { $0.hasPrefix("/") && $0.contains(" | ") } }) else { return [] }
        return Array(page.drop { !$0.contains(" | ") }.dropFirst())
    }

    var stdout: Data
    var stderr: String
    var status: Int32
    var text: String { String(decoding: stdout, as: UTF8.self) }
}

enum CommandRunner {
    /// The package's root folder (for Samples/ and golden files).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var executable: URL {
        Bundle.main.bundleURL.appendingPathComponent("filetable")
    }

    /// Runs filetable as a terminal's foreground job (`SpawnedProcess.runAsJob`):
    /// `whileRunning` gets its pid, which is its process group's id too.
    static func runAsJob(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], whileRunning: (pid_t) -> Void
    ) throws -> (ending: SpawnedProcess.Ending, stdout: String, stderr: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-job-\(UUID().uuidString)")
        defer {
            unlink(scratch.path + ".out")
            unlink(scratch.path + ".err")
        }
        let ending = try SpawnedProcess.runAsJob(
            executable.path, arguments, environment: childEnvironment(for: arguments, adding: environment), in: directory?.path,
            stdoutPath: scratch.path + ".out", stderrPath: scratch.path + ".err", whileRunning: whileRunning)
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return (ending, read(scratch.path + ".out"), read(scratch.path + ".err"))
    }

    /// The environment filetable runs in: the tests' own, with the locale,
    /// zone, terminal and home every test assumes, then `extra`.
    private static func childEnvironment(for arguments: [String], adding extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["LC_ALL"] = locale(for: arguments.joined(separator: " "))
        env["TZ"] = "UTC"
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "LS_COLORS")
        env.removeValue(forKey: "TREE_COLORS")
        // ls colours only a terminal type it knows: the same one everywhere.
        if env["TERM"] == nil { env["TERM"] = "xterm" }
        env["HOME"] = temporaryHome
        env.removeValue(forKey: "XDG_STATE_HOME")
        useChildSanitizerOptions(&env)
        for (key, value) in extra { env[key] = value }
        return env
    }

    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        stdoutPath: String? = nil
    ) throws -> CommandResult {
        let env = childEnvironment(for: arguments, adding: environment)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-run-\(UUID().uuidString)")
        let outPath = stdoutPath ?? scratch.path + ".out"
        let errPath = scratch.path + ".err"
        defer {
            if stdoutPath == nil { unlink(outPath) }
            unlink(errPath)
        }
        let status = try SpawnedProcess.run(
            executable.path, arguments, environment: env, in: directory?.path, stdoutPath: outPath, stderrPath: errPath)
        let outData = stdoutPath == nil ? (FileManager.default.contents(atPath: outPath) ?? Data()) : Data()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return CommandResult(stdout: outData, stderr: String(decoding: errData, as: UTF8.self), status: status)
    }

    /// The home every program a test starts is given: a folder of the
    /// tests' own, made once (never the user's: a session keeps its history
    /// there, and a home that does not exist is said on standard error).
    /// Removed when the test process exits (a run left one behind each time).
    static let temporaryHome: String = {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-tests-home-\(getpid())").path
        mkdir(home, 0o700)
        atexit {
            try? FileManager.default.removeItem(atPath: CommandRunner.temporaryHome)
        }
        return home
    }()

    /// The C locale, which ls's comparisons assume; but C.UTF-8 for
    /// `--tree`, which follows the locale as tree does (UTF-8 lines), and
    /// whose tests compare with `LC_ALL=C.UTF-8 tree`: what a user at a
    /// UTF-8 terminal sees. `TreeLocaleEndToEndTests` holds the C locale's.
    private static func locale(for command: String) -> String {
        command.contains("--tree") ? "C.UTF-8" : "C"
    }

    /// Runs a shell command line (for pipes and redirections) and returns its output and status.
    static func shell(_ script: String, in directory: URL? = nil) throws -> CommandResult {
        var env = ProcessInfo.processInfo.environment
        env["LC_ALL"] = locale(for: script)
        env["TZ"] = "UTC"
        env["FILETABLE"] = executable.path
        if env["TERM"] == nil { env["TERM"] = "xterm" }
        env["HOME"] = temporaryHome
        env.removeValue(forKey: "XDG_STATE_HOME")
        useChildSanitizerOptions(&env)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-sh-\(UUID().uuidString)")
        let outPath = scratch.path + ".out"
        let errPath = scratch.path + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let status = try SpawnedProcess.run(
            "/bin/sh", ["-c", script], environment: env, in: directory?.path, stdoutPath: outPath, stderrPath: errPath)
        let outData = FileManager.default.contents(atPath: outPath) ?? Data()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return CommandResult(stdout: outData, stderr: String(decoding: errData, as: UTF8.self), status: status)
    }

    /// Runs each script twice in one shell each, `TOOL` standing for
    /// `filetable` (with `mode`, as `--xxd`) and then for `peer`, and asserts
    /// the outputs are the same, each failure named by its script's `label`.
    static func assertSameAsPeer(
        _ scripts: [String], peer: String, mode: String = "", in directory: URL, label: (Int) -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let filetable = "\"$FILETABLE\"" + (mode.isEmpty ? "" : " " + mode)
        let ours = try shellBatch(scripts.map { $0.replacingOccurrences(of: "TOOL", with: filetable) }, in: directory)
        let theirs = try shellBatch(scripts.map { $0.replacingOccurrences(of: "TOOL", with: peer) }, in: directory)
        for index in scripts.indices {
            XCTAssertEqual(ours[index].text, theirs[index].text, label(index), file: file, line: line)
        }
    }

    /// Runs several shell commands in one shell (one process start for all,
    /// where a test compares hundreds of runs): each command's output,
    /// errors and status kept apart, byte for byte, as `shell` gives them.
    static func shellBatch(_ scripts: [String], in directory: URL? = nil) throws -> [CommandResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let batch = scripts.enumerated().map { index, script in
            "( \(script)\n) >'\(folder.path)/\(index).out' 2>'\(folder.path)/\(index).err'; echo $? >'\(folder.path)/\(index).status'"
        }.joined(separator: "\n")
        _ = try shell(batch, in: directory)
        return scripts.indices.map { index in
            let read = { (suffix: String) in FileManager.default.contents(atPath: "\(folder.path)/\(index).\(suffix)") ?? Data() }
            let status = Int32(String(decoding: read("status"), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            return CommandResult(stdout: read("out"), stderr: String(decoding: read("err"), as: UTF8.self), status: status)
        }
    }

    /// Runs a shell command with `system()`, which waits for the shell alone:
    /// a daemon it starts (the tmux server) may keep inherited descriptors open,
    /// which makes Foundation's `Process` wait forever. Returns the output.
    static func system(_ script: String) -> String {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-sys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        _ = Glibc.system("(\(script)) > '\(outPath)' 2>&1")
        return (FileManager.default.contents(atPath: outPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Under `.ci/sanitizers` the test runner itself runs without leak
    /// detection (XCTest on Linux leaves its test cases behind at exit), but
    /// the filetable it starts is checked: `FILETABLE_CHILD_ASAN_OPTIONS`
    /// becomes the child's `ASAN_OPTIONS`.
    private static func useChildSanitizerOptions(_ env: inout [String: String]) {
        if let options = env["FILETABLE_CHILD_ASAN_OPTIONS"] { env["ASAN_OPTIONS"] = options }
    }

    /// What to put before a shell command so permissions apply to it: as
    /// root (who reads everything), `setpriv` to user nobody, with `temp`
    /// opened to it; otherwise nothing. Skips the test when that cannot be done.
    static func unprivilegedPrefix(reaching temp: TemporaryTree) throws -> String {
        guard getuid() == 0 else { return "" }
        guard isInstalled("setpriv") else { throw XCTSkip("skipped: running as root without setpriv to drop privileges") }
        let prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups "
        chmod(temp.path, 0o755)
        guard try shell("\(prefix)test -x \"$FILETABLE\"").status == 0 else {
            throw XCTSkip("skipped: the built binary is not reachable by an unprivileged user")
        }
        return prefix
    }

    /// A REPL script as the end-to-end tests run one: `filetable FLAGS
    /// --page-size N -e COMMANDS .` in the tree.
    static func script(
        _ commands: String, in temp: TemporaryTree, pageSize: Int = 20, flags: [String] = [], environment: [String: String] = [:]
    ) throws -> CommandResult {
        try run(["--page-size", String(pageSize)] + flags + ["-e", commands, "."], in: temp.url, environment: environment)
    }

    static func isInstalled(_ tool: String) -> Bool {
        (try? shell("command -v \(tool)").status) == 0
    }

    /// Whether the installed ls takes `option` (a newer coreutils' word), so
    /// a test compares with it only where it can.
    static func lsAccepts(_ option: String) -> Bool {
        (try? shell("ls \(option) / >/dev/null 2>&1"))?.status == 0
    }
}
