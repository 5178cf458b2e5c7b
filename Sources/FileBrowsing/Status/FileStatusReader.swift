import Glibc

/// `stat` on a path relative to the working directory, for command-line
/// operands (inside directories the list model reads status lazily).
public enum FileStatusReader {
    public static func status(of path: [UInt8], followSymlink: Bool) -> Result<FileStatus, Errno> {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                Syscalls.status(at: AT_FDCWD, name: $0, followSymlink: followSymlink)
            }
        }.map(FileStatus.init)
    }
}
