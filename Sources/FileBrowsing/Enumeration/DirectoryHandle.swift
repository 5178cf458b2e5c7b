import Glibc

/// An open directory: the descriptor that lazy `stat`s and deeper `openat`s
/// work relative to, so paths longer than PATH_MAX still work. Closed when the
/// last reference goes away.
public final class DirectoryHandle {
    /// The descriptor, or AT_FDCWD for the current directory's stand-in.
    public let fd: Int32
    /// The path as the user would write it (for messages and headers).
    public let path: [UInt8]
    private let ownsDescriptor: Bool

    private init(fd: Int32, path: [UInt8], owns: Bool) {
        self.fd = fd
        self.path = path
        ownsDescriptor = owns
    }

    deinit {
        if ownsDescriptor { Syscalls.close(fd) }
    }

    /// A stand-in for the working directory (AT_FDCWD), under which command-line
    /// operands are looked up by the path the user typed.
    public static func workingDirectory() -> DirectoryHandle {
        DirectoryHandle(fd: AT_FDCWD, path: [], owns: false)
    }

    /// Opens `name` inside `parent` (or a path relative to the working directory
    /// when `parent` is nil); `displayPath` names it in messages.
    public static func open(_ name: [UInt8], in parent: DirectoryHandle? = nil, displayPath: [UInt8]? = nil,
                            followSymlink: Bool = true) throws(FileError) -> DirectoryHandle {
        let path = displayPath ?? name
        let result = (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                Syscalls.openDirectory(at: parent?.fd ?? AT_FDCWD, name: $0, followSymlink: followSymlink)
            }
        }
        switch result {
        case .success(let fd): return DirectoryHandle(fd: fd, path: path, owns: true)
        case .failure(let errno): throw FileError(path: path, errno: errno)
        }
    }

    /// The directory's own status (device and inode identify it for loop checks).
    public func status() -> Result<FileStatus, Errno> {
        Syscalls.status(of: fd).map(FileStatus.init)
    }

    /// `path` joined with a child's name, with one `/` between them.
    public func childPath(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        PathBytes.join(path, name)
    }
}

/// Joining paths as bytes.
public enum PathBytes {
    public static func join(_ base: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if base.isEmpty { return Array(name) }
        var result = base
        if result.last != 0x2F { result.append(0x2F) }
        result.append(contentsOf: name)
        return result
    }

    public static func join(_ base: [UInt8], _ name: [UInt8]) -> [UInt8] {
        name.withUnsafeBufferPointer { join(base, $0) }
    }
}
