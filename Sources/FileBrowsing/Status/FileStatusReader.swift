import SystemSeam

/// `stat` on a path relative to the working directory, for command-line
/// operands (inside directories the listing reads status lazily).
public enum FileStatusReader {
    public static func status(of path: [UInt8], followSymlink: Bool) -> Result<FileStatus, Errno> {
        withCString(path) { Syscalls.status(at: Syscalls.workingDirectory, name: $0, followSymlink: followSymlink) }.map(FileStatus.init)
    }

    /// `lstat` of the entry `name` of an open directory (one component).
    public static func status(ofEntry name: [UInt8], in directory: DirectoryHandle) -> Result<FileStatus, Errno> {
        withCString(name) { Syscalls.status(at: directory.fd, name: $0, followSymlink: false) }.map(FileStatus.init)
    }
}
