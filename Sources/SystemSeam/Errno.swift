import Glibc

/// A POSIX error number with the system's message for it.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    public static let noSuchFileOrDirectory = Errno(ENOENT)
    public static let permissionDenied = Errno(EACCES)
    public static let notADirectory = Errno(ENOTDIR)
    public static let isADirectory = Errno(EISDIR)
    public static let tooManySymbolicLinks = Errno(ELOOP)
    public static let fileExists = Errno(EEXIST)
    public static let badFileDescriptor = Errno(EBADF)
    public static let wouldBlock = Errno(EAGAIN)
    public static let invalidArgument = Errno(EINVAL)
    public static let nameTooLong = Errno(ENAMETOOLONG)
    public static let notImplemented = Errno(ENOSYS)
    public static let brokenPipe = Errno(EPIPE)
    /// A seek on a terminal, pipe or socket.
    public static let illegalSeek = Errno(ESPIPE)
    /// A call cut short by a signal; `Syscalls` returns it only when Ctrl-C
    /// asked to stop waiting.
    public static let interrupted = Errno(EINTR)

    /// The message `strerror` gives, such as "No such file or directory".
    public var description: String {
        if self == .notResponding { return "not responding (the file system did not answer)" }
        if self == .unexpectedStart { return "does not start as this input must (nothing more was read)" }
        if self == .endlessInput { return "more than 1 GiB from a pipe or a device (an endless input?); save it to a file first" }
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }
}
