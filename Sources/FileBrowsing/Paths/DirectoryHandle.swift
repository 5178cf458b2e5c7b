import SystemSeam

/// An open directory: the descriptor that lazy `stat`s and deeper `openat`s
/// work relative to, so paths longer than Syscalls.longestPath still work. Closed when the
/// last reference goes away; a directory opened inside another can also be
/// closed while no one claims it and opened again when claimed
/// (`claimDescriptor`, `releaseDescriptorClaim`: see `ReleasableDescriptor`).
public final class DirectoryHandle {
    /// The descriptor, or Syscalls.workingDirectory for the current directory's stand-in.
    /// Valid while the handle's creator or someone else holds a claim.
    public var fd: Int32 {
        guard let releasable else { return fixedFD }
        let open = releasable.openDescriptor
        return open >= 0 ? open : releasable.reopen(name: pathNode.component, through: nil)
    }
    private let fixedFD: Int32
    /// Set for a directory opened inside another: its descriptor can be let go.
    let releasable: ReleasableDescriptor?
    /// The path as the user would write it (for messages and headers),
    /// made from `pathNode` when asked: a handle opened inside another keeps
    /// only its own name, so a walk 5,000 levels deep holds each name once
    /// rather than a whole path per level (which grew with depth squared).
    public var path: [UInt8] { pathNode.bytes }
    let pathNode: PathNode
    private let ownsDescriptor: Bool
    /// On a file system whose calls can hang (network, FUSE), asked once.
    public private(set) lazy var mayHang: Bool = fd >= 0 && HangProneFileSystems.contains(fd)
    /// Its entries that are mount points of file systems that can stop
    /// answering (see `guardsCalls(on:)`), asked once: empty, at no cost,
    /// where the machine has no such mount.
    private(set) lazy var hangProneMountNames: Set<[UInt8]> = {
        guard HangProneFileSystems.anyMayHang, let physical = physicalPath() else { return [] }
        return HangProneFileSystems.mountNames(in: physical)
    }()

    convenience init(fd: Int32, path: [UInt8], owns: Bool) {
        self.init(fd: fd, node: PathNode(parent: nil, component: path), owns: owns)
    }

    private init(fd: Int32, node: PathNode, owns: Bool, releasable: ReleasableDescriptor? = nil) {
        fixedFD = releasable == nil ? fd : -1
        pathNode = node
        ownsDescriptor = owns && releasable == nil
        self.releasable = releasable
    }

    deinit {
        if ownsDescriptor { Syscalls.close(fixedFD) }
    }

    /// Takes a claim on the descriptor (opening it again if it was let go);
    /// `child`, an open directory inside this one, finds it fastest (its
    /// `..`). Every claim is let go with `releaseDescriptorClaim`. Nothing
    /// for a directory not opened inside another: its descriptor stays open.
    public func claimDescriptor(through child: DirectoryHandle? = nil) {
        releasable?.claim(name: pathNode.component, through: child)
    }

    /// Lets a claim go: the last one closes the descriptor until the next claim.
    public func releaseDescriptorClaim() {
        releasable?.release()
    }

    /// The descriptor if it is open now (never opened again for this:
    /// see `ReleasableDescriptor.open`).
    var descriptorIfOpen: Int32? {
        guard let releasable else { return fixedFD >= 0 || fixedFD == Syscalls.workingDirectory ? fixedFD : nil }
        let open = releasable.openDescriptor
        return open >= 0 ? open : nil
    }

    /// A directory that could not be opened, named by `path`: every call
    /// through it fails (`EBADF`), so its rows say they cannot be read.
    public static func unreachable(path: [UInt8]) -> DirectoryHandle {
        DirectoryHandle(fd: -1, path: path, owns: false)
    }

    /// A stand-in for the working directory (Syscalls.workingDirectory), under which command-line
    /// operands are looked up by the path the user typed.
    public static func workingDirectory() -> DirectoryHandle {
        DirectoryHandle(fd: Syscalls.workingDirectory, path: [], owns: false)
    }

    /// Opens `name` inside `parent` (or a path relative to the working directory
    /// when `parent` is nil); `displayPath` names it in messages. `name` is one
    /// component, or a path shorter than Syscalls.longestPath; `open(resolving:)` takes any path.
    public static func open(
        _ name: [UInt8], in parent: DirectoryHandle? = nil, displayPath: [UInt8]? = nil,
        followSymlink: Bool = true
    ) throws(FileError) -> DirectoryHandle {
        let path = displayPath ?? name
        let parentFD = parent?.fd ?? Syscalls.workingDirectory
        let open: @Sendable () -> Result<Int32, Errno> = {
            withCString(name) { Syscalls.openDirectory(at: parentFD, name: $0, followSymlink: followSymlink) }
        }
        let result =
            parent.map { parent in
                // The mount point of a file system that can stop answering opens
                // at once (its root is known), then its first `fstat` or read
                // waits on it: those are asked under the guard too.
                guard !parent.isGuarded, parent.holdsHangProneMounts, parent.guardsCalls(on: name) else { return parent.guarded(on: name, open) }
                return parent.guarded(on: name) { open().flatMap(answersFirstCalls) }
            } ?? open()
        switch result {
        case .success(let fd): return DirectoryHandle(fd: fd, path: path, owns: true)
        case .failure(let errno): throw FileError(path: path, errno: errno)
        }
    }

    /// `fd` when a directory there answers its first calls (`fstat`, `fstatfs`,
    /// a read of its first entry); closed, with the failure, otherwise.
    private static func answersFirstCalls(_ fd: Int32) -> Result<Int32, Errno> {
        let answered = Syscalls.status(of: fd).flatMap { _ in probeEntries(fd) }
        guard case .failure(let errno) = answered else {
            _ = HangProneFileSystems.contains(fd)
            return .success(fd)
        }
        Syscalls.close(fd)
        return .failure(errno)
    }

    /// Opens the directory entry `name` of `parent` (one component); its path
    /// is the parent's joined with `name`, kept as a link to the parent's.
    public static func open(child name: [UInt8], of parent: DirectoryHandle, followSymlink: Bool) throws(FileError) -> DirectoryHandle {
        let parentFD = parent.fd
        let probesMount = !parent.isGuarded && parent.holdsHangProneMounts && parent.guardsCalls(on: name)
        let result = parent.guarded(on: name) {
            withCString(name) { Syscalls.openDirectory(at: parentFD, name: $0, followSymlink: followSymlink) }.flatMap { fd in
                probesMount ? answersFirstCalls(fd) : .success(fd)
            }
        }
        let node = PathNode(parent: parent.pathNode, component: name)
        switch result {
        case .success(let fd):
            let releasable = ReleasableDescriptor(fd: fd, parent: parent, followSymlink: followSymlink)
            let handle = DirectoryHandle(fd: fd, node: node, owns: true, releasable: releasable)
            // A probed mount's first entry was read.
            handle.entriesUnread = !probesMount
            return handle
        case .failure(let errno): throw FileError(path: node.bytes, errno: errno)
        }
    }

    /// Opens the directory `path` names, of any length: the kernel resolves
    /// each piece shorter than Syscalls.longestPath (links followed, only search permission
    /// needed on the way), `openat` chains the pieces. This is how a path the
    /// user walked is opened again, and why it names the same directory the
    /// kernel would find.
    public static func open(resolving path: [UInt8], displayPath: [UInt8]? = nil) throws(FileError) -> DirectoryHandle {
        let label = displayPath ?? path
        // On a file system that can stop answering, the open alone proves
        // nothing (a dead mount's root opens at once): its first calls are asked too.
        let probes = HangGuard.enabled && HangProneFileSystems.mayHang(path: path)
        let resolve: @Sendable () -> Result<Int32, Errno> = {
            probes ? PathResolution.openDirectory(path).flatMap(answersFirstCalls) : PathResolution.openDirectory(path)
        }
        // At the prompt, a path into a file system that stops answering must not freeze it:
        // the walk runs with a deadline, and the same path is not tried again while it hangs.
        let key = FileIdentity(device: .max, inode: UInt64(truncatingIfNeeded: path.hashValue))
        let result = HangGuard.enabled ? HangGuard.run(in: key, resolve) ?? .failure(.notResponding) : resolve()
        switch result {
        case .success(let fd): return DirectoryHandle(fd: fd, path: label, owns: true)
        case .failure(let errno): throw FileError(path: label, errno: errno)
        }
    }

    /// The directory's own status (device and inode identify it for loop checks).
    public func status() -> Result<FileStatus, Errno> {
        let status = Syscalls.status(of: fd).map(FileStatus.init)
        if entriesUnread, case .success(let read) = status { statusWhileUnread = read }
        return status
    }

    /// The descriptor was opened at the start of the directory's entries and
    /// nothing has read them yet: the first listing need not rewind, nor ask
    /// `fstat` again for a status read since the opening (two calls a
    /// directory, in a walk of thousands of small ones). False wherever it
    /// cannot be sure (a probed mount, a descriptor handed in).
    private var entriesUnread = false
    /// The status `status()` read while the entries were unread.
    private var statusWhileUnread: FileStatus?

    /// Called by a listing about to read the entries from their start:
    /// whether it must rewind the descriptor first, and the directory's
    /// status (its size sizes the listing's buffers), nil if `fstat` failed.
    func beginReadingEntries() -> (rewind: Bool, status: FileStatus?) {
        let unread = entriesUnread
        let status = unread ? statusWhileUnread ?? (try? status().get()) : (try? status().get())
        entriesUnread = false
        statusWhileUnread = nil
        return (!unread, status)
    }

    /// The directory's device and inode, read once; nil if `fstat` failed.
    public private(set) lazy var identity: FileIdentity? = try? status().get().identity

    /// The identities of this directory and of each directory above it, as
    /// the file system has them (`..` after `..`, not the path's text), up to
    /// the root: what decides whether a marked directory contains this one.
    public func physicalAncestry() -> [FileIdentity] {
        guard let own = identity else { return [] }
        var chain = [own]
        var below = fd
        defer { if below != fd { Syscalls.close(below) } }
        while chain.count < 1_000_000,
            case .success(let parent) = withCString([0x2E, 0x2E], { Syscalls.openSearchOnly(at: below, name: $0) })
        {
            if below != fd { Syscalls.close(below) }
            below = parent
            // The root is its own parent.
            guard case .success(let status) = Syscalls.status(of: parent),
                FileStatus(status).identity != chain.last
            else { break }
            chain.append(FileStatus(status).identity)
        }
        return chain
    }

    /// Where the directory really is (`pwd -P`), as the kernel reports it; nil
    /// where it cannot say (a path too long for `/proc`, or no `/proc`).
    public func physicalPath() -> [UInt8]? {
        guard
            case .success(let target) = withCString(
                Array("/proc/self/fd/\(fd)".utf8),
                {
                    Syscalls.linkTarget(at: Syscalls.workingDirectory, name: $0)
                }), target.first == 0x2F
        else { return nil }
        return target
    }

    /// `path` joined with a child's name, with one `/` between them.
    public func childPath(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        PathBytes.join(path, name)
    }
}
