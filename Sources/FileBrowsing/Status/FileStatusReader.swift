import SystemSeam

/// `stat` on a path relative to the working directory, for command-line
/// operands (inside directories the listing reads status lazily).
public enum FileStatusReader {
    public static func status(of path: [UInt8], followSymlink: Bool) -> Result<FileStatus, Errno> {
        withCString(path) { Syscalls.status(at: Syscalls.workingDirectory, name: $0, followSymlink: followSymlink) }.map(FileStatus.init)
    }
}
