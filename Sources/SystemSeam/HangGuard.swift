import Glibc
import Synchronization

/// Calls on file systems that can stop answering (FUSE, NFS, SMB, 9P, ...)
/// run on a worker thread with a deadline, so the prompt never freezes: past
/// the deadline the caller gets `Errno.notResponding` and goes on, the call
/// is left to its thread, and its directory is remembered as not responding
/// (later calls there fail at once instead of queueing behind it) until the
/// call comes back, which `completionDescriptor` announces so the page can
/// be drawn again with what it found.
///
/// Off unless `enable()` is called (the interactive REPL does): listings and
/// batches keep blocking, as ls does. Local file systems never use it.
///
/// A thread stuck in such a call cannot be reaped by the kernel until the
/// file system answers (measured with a FUSE file system that sleeps: even
/// SIGKILL waits), so a process that quits meanwhile ends only then.
public enum HangGuard {
    /// The wait before a call is given up on, at the prompt.
    public static let deadline = 0.3

    private static let isEnabled = Atomic<Bool>(false)
    private static let state = Locked(State())
    private static let pipe: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        _ = Glibc.pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }()

    private struct State {
        /// Directories (by descriptor's identity) with a call past its deadline.
        var hung: Set<FileIdentity> = []
    }

    public static func enable() { isEnabled.store(true, ordering: .relaxed) }

    public static var enabled: Bool { isEnabled.load(ordering: .relaxed) }

    /// Readable when a call given up on has come back (read it empty with `drainCompletions`).
    public static var completionDescriptor: Int32 { pipe.read }

    /// Empties the completion pipe; true when something had come back.
    public static func drainCompletions() -> Bool {
        var byte: UInt8 = 0
        var any = false
        while Glibc.read(pipe.read, &byte, 1) == 1 { any = true }
        return any
    }

    /// Whether calls in this directory are waiting on one that did not answer.
    public static func isHung(_ directory: FileIdentity) -> Bool {
        state.withLock { $0.hung.contains(directory) }
    }

    /// Runs `body` in `directory` with the deadline, on a thread of its own;
    /// nil when it did not answer in time (or the directory is not
    /// answering), and then `body` finishes alone.
    public static func run<T: Sendable>(in directory: FileIdentity, _ body: @escaping @Sendable () -> T) -> T? {
        guard !isHung(directory) else { return nil }
        return runWaiting(in: directory, body) { false }
    }

    /// `run`, then, while it has not answered, `stillWaiting` every tenth of
    /// a second (the caller says it waits, and returns false to give up:
    /// Ctrl-C); nil when given up on.
    public static func runWaiting<T: Sendable>(
        in directory: FileIdentity, _ body: @escaping @Sendable () -> T, stillWaiting: () -> Bool
    ) -> T? {
        let job = Job<T>()
        let started = JoinableThread {
            let value = body()
            if job.finish(value) {
                state.withLock { _ = $0.hung.remove(directory) }
                var byte: UInt8 = 1
                _ = Glibc.write(pipe.write, &byte, 1)
            }
        }
        guard let started else { return body() }
        started.detach()
        if let value = job.wait(seconds: deadline) { return value }
        state.withLock { _ = $0.hung.insert(directory) }
        while stillWaiting() {
            if let value = job.wait(seconds: 0.1) {
                state.withLock { _ = $0.hung.remove(directory) }
                return value
            }
        }
        return nil
    }

    /// One call's result, handed from its thread to the caller if the caller still waits.
    private final class Job<T: Sendable>: @unchecked Sendable {
        // Both guarded by `monitor`.
        private var value: T?
        private var abandoned = false
        /// The lock, and its one condition: the value arrived.
        private let monitor = Monitor(conditions: 1)

        /// Stores the value; true when the caller had stopped waiting.
        func finish(_ result: T) -> Bool {
            monitor.withLock {
                value = result
                monitor.broadcast()
                return abandoned
            }
        }

        /// The value if it comes within `seconds`; otherwise nil, and the job
        /// counts as abandoned until waited on again.
        func wait(seconds: Double) -> T? {
            let deadline = Monitor.deadline(after: seconds)
            return monitor.withLock {
                abandoned = false
                while value == nil {
                    if !monitor.wait(until: deadline) && value == nil {
                        abandoned = true
                        return nil
                    }
                }
                return value
            }
        }
    }
}

extension Errno {
    /// A call on a file system that did not answer in time (see `HangGuard`):
    /// not a system error number, so it cannot be mistaken for one.
    public static let notResponding = Errno(-1000)
    /// An input whose first bytes are not what its reader takes (see
    /// `Syscalls.readWholeInput(_:startsAs:bounded:)`): nothing more was read.
    public static let unexpectedStart = Errno(-1001)
    /// An input that is not a regular file and went on past what a reader
    /// holds (`/dev/zero` as a saved scan).
    public static let endlessInput = Errno(-1002)
}

/// Whether a directory lies on a file system whose calls can hang: network
/// and user-space file systems (`statfs`'s type, or for a path not yet
/// opened, the mount table, which asks the file system nothing).
public enum HangProneFileSystems {
    /// The mount table's names of those file systems (and `fuse.*`), as bytes:
    /// every start reads the table, and bytes compared cost a few
    /// instructions where Strings split and hashed cost 40,000 a line.
    private static let typeNames: [[UInt8]] = ["nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "afs", "coda", "fuse"].map { Array($0.utf8) }

    /// Whether `path` (absolute, or relative to the working directory) lies
    /// under a mount of such a file system, by /proc/self/mounts (read once:
    /// with no such mount, as on most machines, nothing more is done).
    public static func mayHang(path: [UInt8]) -> Bool {
        guard mounts.contains(where: \.hangs) else { return false }
        var absolute = path
        if path.first != 0x2F {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return false }
            let length = buffer.firstIndex(of: 0) ?? buffer.count
            absolute = PathBytes.join(buffer[0..<length].map { UInt8(bitPattern: $0) }, path)
        }
        // The deepest mount point that covers the path decides.
        var best: (length: Int, hangs: Bool) = (-1, false)
        for mount in mounts where mount.point.count > best.length {
            let point = mount.point
            let covers =
                point == [0x2F] || absolute == point
                || (absolute.starts(with: point) && absolute.count > point.count && absolute[point.count] == 0x2F)
            if covers { best = (point.count, mount.hangs) }
        }
        return best.hangs
    }

    /// The names in the directory at `physicalPath` that are mount points
    /// of file systems that can stop answering (from the mount table: the
    /// mount itself is never asked).
    public static func mountNames(in physicalPath: [UInt8]) -> Set<[UInt8]> {
        var names = Set<[UInt8]>()
        for mount in mounts where mount.hangs && mount.point.count > physicalPath.count {
            let (parent, name) = PathBytes.split(mount.point)
            if (parent.isEmpty ? [0x2F] : parent) == physicalPath { names.insert(name) }
        }
        return names
    }

    /// The mount points below `physicalPath` (a directory's own path, as
    /// the kernel has it) of file systems that can stop answering.
    public static func mountPoints(below physicalPath: [UInt8]) -> [[UInt8]] {
        let prefix = physicalPath == [0x2F] ? physicalPath : physicalPath + [0x2F]
        return mounts.filter { $0.hangs && $0.point.count > prefix.count && $0.point.starts(with: prefix) }.map(\.point)
    }

    /// Whether any mount's file system can stop answering (most machines: none).
    public static var anyMayHang: Bool { mounts.contains(where: \.hangs) }

    /// Every mount point, and whether its file system can stop answering.
    private static let mounts: [(point: [UInt8], hangs: Bool)] = {
        guard let file = fopen("/proc/self/mounts", "r") else { return [] }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var mounts: [(point: [UInt8], hangs: Bool)] = []
        while getline(&line, &capacity, file) > 0, let line {
            // `device point type options ...`, fields split at single spaces.
            let bytes = UnsafeRawBufferPointer(start: line, count: strlen(line))
            guard let afterDevice = bytes.firstIndex(of: 0x20),
                let afterPoint = bytes[(afterDevice + 1)...].firstIndex(of: 0x20)
            else { continue }
            let type = bytes[(afterPoint + 1)...].prefix { $0 != 0x20 && $0 != 0x0A }
            let hangs = typeNames.contains { type.elementsEqual($0) } || type.starts(with: "fuse.".utf8)
            mounts.append((Array(bytes[(afterDevice + 1)..<afterPoint]), hangs))
        }
        return mounts
    }()

    private static let types: Set<Int> = [
        0x6573_5546,  // FUSE
        0x6969,  // NFS
        0x517B,  // SMB
        0xFF53_4D42,  // CIFS
        0xFE53_4D42,  // SMB2
        0x0102_1997,  // 9P
        0x00C3_6400,  // Ceph
        0x5346_414F,  // AFS
        0x7375_7245,  // Coda
    ]

    /// `fstatfs(2)`, looked up at run time: the Glibc module does not declare it.
    private typealias FileSystemStatus = @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32
    private static let fileSystemStatus = CLibrarySymbol.lookUp("fstatfs", as: FileSystemStatus.self)

    public static func contains(_ fd: Int32) -> Bool {
        guard let fileSystemStatus else { return false }
        // struct statfs (120 bytes on Linux) begins with f_type, a long.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
        defer { buffer.deallocate() }
        guard fileSystemStatus(fd, buffer) == 0 else { return false }
        return types.contains(buffer.load(as: Int.self))
    }
}
