import Synchronization
import SystemSeam

/// The descriptor of a directory opened inside another (`DirectoryHandle.open(child:of:)`),
/// which can be closed while nobody needs it and opened again when someone
/// does: how a walk thousands of levels deep keeps a bounded number of
/// descriptors open (ls and tree go on at any depth, whatever `ulimit -n`).
///
/// Whoever needs the descriptor holds a *claim*: the handle's creator holds
/// the first. The descriptor closes when the last claim is let go (its
/// device and inode noted first) and opens again with the next claim: from
/// an open child's `..` when the claimer names one, otherwise by name from
/// the nearest ancestor still open, the way the walk first opened it. It is
/// reopened only if it is still the same directory (same device and inode);
/// else it stays closed and calls through it fail (`EBADF`).
///
/// Thread contract: claims are taken and let go from any thread, without a
/// lock unless the descriptor must close or open (a claim that meets a
/// closing descriptor either keeps it open or waits to open it again);
/// `fd` may be read from any thread, and the descriptor it returns stays
/// valid while the caller (or anyone) holds a claim. The walks keep to
/// that: each side claims the levels it works on.
final class ReleasableDescriptor: @unchecked Sendable {
    /// The directory this one was opened inside, and how (links followed or not).
    let parent: DirectoryHandle
    let followSymlink: Bool
    /// The open descriptor, or -1 while closed.
    private let stored: Atomic<Int32>
    private let claims = Atomic<Int>(1)
    /// The identity noted at closing, behind `lock`.
    private var identity: FileIdentity?
    /// One lock for every releasable descriptor, taken only to close or
    /// open one (a few times a directory deeper than the walks' window).
    private static let lock = Monitor()

    init(fd: Int32, parent: DirectoryHandle, followSymlink: Bool) {
        stored = Atomic(fd)
        self.parent = parent
        self.followSymlink = followSymlink
    }

    deinit {
        let fd = stored.load(ordering: .sequentiallyConsistent)
        if fd >= 0 { Syscalls.close(fd) }
    }

    /// The descriptor while open, else -1 (see `reopen`).
    var openDescriptor: Int32 { stored.load(ordering: .sequentiallyConsistent) }

    /// Takes a claim; opens the descriptor again if it was closed. `child`,
    /// an open directory inside this one, lets it be found as the child's `..`.
    func claim(name: [UInt8], through child: DirectoryHandle?) {
        claims.add(1, ordering: .sequentiallyConsistent)
        if stored.load(ordering: .sequentiallyConsistent) < 0 { _ = reopen(name: name, through: child) }
    }

    /// Lets a claim go; the last one closes the descriptor. A claim taken
    /// meanwhile either saw the descriptor (which then stays open) or saw
    /// it gone and opens it again under the lock.
    func release() {
        guard claims.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 else { return }
        Self.lock.withLock {
            guard claims.load(ordering: .sequentiallyConsistent) == 0 else { return }
            let fd = stored.exchange(-1, ordering: .sequentiallyConsistent)
            guard fd >= 0 else { return }
            if claims.load(ordering: .sequentiallyConsistent) > 0 {
                stored.store(fd, ordering: .sequentiallyConsistent)
                return
            }
            if case .success(let status) = Syscalls.status(of: fd) { identity = FileStatus(status).identity }
            Syscalls.close(fd)
        }
    }

    /// Opens the directory again and keeps the descriptor, unless another
    /// thread did first; checks that it is the directory that was closed.
    /// -1 if it is gone or was replaced. (A use outside any claim opens it
    /// too; it then stays open until the next claim is let go.)
    func reopen(name: [UInt8], through child: DirectoryHandle?) -> Int32 {
        Self.lock.withLock {
            let present = stored.load(ordering: .sequentiallyConsistent)
            if present >= 0 { return present }
            guard
                let opened = Self.open(
                    name: name, parent: parent, followSymlink: followSymlink, through: child, expected: identity)
            else { return -1 }
            stored.store(opened, ordering: .sequentiallyConsistent)
            return opened
        }
    }

    /// A new descriptor for `name` inside `parent`: the child's `..` when
    /// that is the directory expected, else opened by names from the
    /// nearest ancestor still open (each step as the walk took it). Called
    /// with the lock held, which no descriptor closes without: one seen
    /// open here stays open.
    private static func open(
        name: [UInt8], parent: DirectoryHandle, followSymlink: Bool, through child: DirectoryHandle?, expected: FileIdentity?
    ) -> Int32? {
        if let expected, let below = child?.descriptorIfOpen,
            case .success(let up) = withCString([0x2E, 0x2E], { Syscalls.openDirectory(at: below, name: $0, followSymlink: false) })
        {
            if identity(of: up) == expected { return up }
            Syscalls.close(up)
        }
        // The path down from the nearest open ancestor: (name, follow) pairs, deepest last.
        var steps: [(name: [UInt8], follow: Bool)] = [(name, followSymlink)]
        var above = parent
        while above.descriptorIfOpen == nil, let releasable = above.releasable {
            steps.append((above.pathNode.component, releasable.followSymlink))
            above = releasable.parent
        }
        guard var fd = above.descriptorIfOpen else { return nil }
        var owned = false
        for step in steps.reversed() {
            let next = withCString(step.name) { Syscalls.openDirectory(at: fd, name: $0, followSymlink: step.follow) }
            if owned { Syscalls.close(fd) }
            guard case .success(let opened) = next else { return nil }
            fd = opened
            owned = true
        }
        if let expected, identity(of: fd) != expected {
            Syscalls.close(fd)
            return nil
        }
        return fd
    }

    private static func identity(of fd: Int32) -> FileIdentity? {
        guard case .success(let status) = Syscalls.status(of: fd) else { return nil }
        return FileStatus(status).identity
    }
}
