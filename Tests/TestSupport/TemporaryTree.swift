import Foundation

/// A temporary folder for the tests, made and filled with POSIX calls so
/// names can be any bytes but `/` and NUL; removed afterwards with
/// everything in it, whatever its permissions. The one tree helper of every
/// test target.
public final class TemporaryTree {
    public let url: URL
    public var path: String { url.path }
    public var bytes: [UInt8] { Array(path.utf8) }

    /// A new folder in the system's temporary folder, or inside `parent`.
    public init(in parent: TemporaryTree? = nil) throws {
        let base = parent?.url ?? FileManager.default.temporaryDirectory
        url = base.appendingPathComponent("filetable-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A new folder in memory (`/dev/shm`, a tmpfs) where the system has
    /// one, else in the temporary folder: for tests that make hundreds of
    /// thousands of entries, which a disk file system makes slowly.
    public static func inMemory() throws -> TemporaryTree {
        var status = stat()
        let memory = URL(fileURLWithPath: "/dev/shm")
        guard stat(memory.path, &status) == 0, access(memory.path, W_OK) == 0 else { return try TemporaryTree() }
        return try TemporaryTree(base: memory)
    }

    private init(base: URL) throws {
        url = base.appendingPathComponent("filetable-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        _ = try? SpawnedProcess.run(
            "/bin/sh", ["-c", "chmod -R u+rwx \"$1\" 2>/dev/null; rm -rf \"$1\"", "sh", path],
            environment: ProcessInfo.processInfo.environment, stdoutPath: "/dev/null", stderrPath: "/dev/null")
    }

    /// Creates a file whose name is given as bytes, holding `contents`, or
    /// `size` bytes of `a`, with the modification time `mtime` if given;
    /// returns its path.
    @discardableResult
    public func file(_ name: [UInt8], contents: String = "", size: Int = 0, mtime: Int? = nil, in subfolder: String? = nil) -> [UInt8] {
        let full = fullPath(name, in: subfolder)
        let fd = cString(full) { open($0, O_CREAT | O_WRONLY, 0o644) }
        precondition(fd >= 0, "could not create test file")
        _ = contents.withCString { write(fd, $0, strlen($0)) }
        if size > 0 { _ = [UInt8](repeating: 0x61, count: size).withUnsafeBytes { write(fd, $0.baseAddress, size) } }
        close(fd)
        if let mtime {
            var times = [timespec(tv_sec: mtime, tv_nsec: 0), timespec(tv_sec: mtime, tv_nsec: 0)]
            _ = cString(full) { utimensat(AT_FDCWD, $0, &times, 0) }
        }
        return full
    }

    public func file(_ name: String, contents: String = "", size: Int = 0, mtime: Int? = nil, in subfolder: String? = nil) {
        file(Array(name.utf8), contents: contents, size: size, mtime: mtime, in: subfolder)
    }

    /// Creates a folder (and the folders on its way).
    public func folder(_ name: String) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(name), withIntermediateDirectories: true)
    }

    public func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url.appendingPathComponent(name).path, withDestinationPath: target)
    }

    /// Removes a file (the tests' own changes to their tree).
    public func remove(_ name: String) {
        _ = cString(fullPath(Array(name.utf8), in: nil)) { unlink($0) }
    }

    private func fullPath(_ name: [UInt8], in subfolder: String?) -> [UInt8] {
        var full = bytes + [0x2F]
        if let subfolder { full += Array(subfolder.utf8) + [0x2F] }
        return full + name
    }

    private func cString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { b in b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count, body) }
    }
}
