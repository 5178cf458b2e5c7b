import SystemSeam

/// A directory's calls through `HangGuard` where its file system can stop answering.
extension DirectoryHandle {
    /// Whether calls here go through `HangGuard`: it is on, and the
    /// directory lies on a file system that can stop answering.
    public var isGuarded: Bool { HangGuard.enabled && mayHang && identity != nil }

    /// Whether a call on the entry `name` goes through `HangGuard`: the
    /// directory's calls do, or the entry is the mount point of a file
    /// system that can stop answering (a dead sshfs in an ordinary home:
    /// `lstat` of the mount point waits on it, where the rest of the
    /// directory answers at once). Where no such mount exists, as on most
    /// machines, this asks nothing of the directory.
    public func guardsCalls(on name: [UInt8]) -> Bool {
        isGuarded || (HangGuard.enabled && hangProneMountNames.contains(name))
    }

    /// Whether some entry here is the mount point of a file system that can
    /// stop answering, with the guard on (calls then look at each name).
    public var holdsHangProneMounts: Bool { HangGuard.enabled && !hangProneMountNames.isEmpty }

    /// `body` on the entry `name`, through `HangGuard` where `guardsCalls(on:)`
    /// says so (keyed by the mount point when only it can hang, so its
    /// neighbours still answer): `.notResponding` when it did not answer in time.
    public func guarded<T: Sendable>(on name: [UInt8], _ body: @escaping @Sendable () -> Result<T, Errno>) -> Result<T, Errno> {
        if isGuarded { return guarded(body) }
        guard HangGuard.enabled, hangProneMountNames.contains(name) else { return body() }
        let key = FileIdentity(device: .max - 3, inode: UInt64(truncatingIfNeeded: (path + [0x2F] + name).hashValue))
        return HangGuard.run(in: key, body) ?? .failure(.notResponding)
    }

    /// Reads the first entry of the directory open at `fd` through a
    /// descriptor of its own: a probe, run under the guard before work that
    /// would read the directory on the caller's thread (a reload, a path
    /// completion), that says whether the file system answers.
    public static func probeEntries(_ fd: Int32) -> Result<Void, Errno> {
        Syscalls.readFirstEntry(ofDirectoryAt: fd)
    }

    /// Opens the directory at `path` and reads its first entries on a
    /// thread of its own, under the guard: how a session starts on a mount
    /// that may not answer. `stillWaiting` is asked every tenth of a second
    /// past the deadline (false gives up: Ctrl-C); nil when given up on,
    /// the call left to finish alone. Use from the main thread.
    public static func awaitFirstRead(of path: [UInt8], stillWaiting: () -> Bool) -> Result<Void, Errno>? {
        // No directory's identity is known before it answers: one key for start-up.
        let startUp = FileIdentity(device: .max, inode: .max)
        return HangGuard.runWaiting(
            in: startUp,
            {
                withCString(path) { Syscalls.openDirectory(at: Syscalls.workingDirectory, name: $0, followSymlink: true) }.flatMap { fd in
                    defer { Syscalls.close(fd) }
                    return probeEntries(fd)
                }
            }, stillWaiting: stillWaiting)
    }

    /// `probeEntries` with the deadline where calls can hang: `.notResponding`
    /// when the directory did not answer in time.
    public func answersReads() -> Result<Void, Errno> {
        let fd = self.fd
        return guarded { DirectoryHandle.probeEntries(fd) }
    }

    /// `body` as it is, or through `HangGuard` where calls can hang:
    /// `.notResponding` when it did not answer in time.
    func guarded<T: Sendable>(_ body: @escaping @Sendable () -> Result<T, Errno>) -> Result<T, Errno> {
        guard isGuarded, let identity else { return body() }
        return HangGuard.run(in: identity, body) ?? .failure(.notResponding)
    }
}
