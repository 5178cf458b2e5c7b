import SystemSeam

/// A failure on one path, with what was being done and why, for messages of
/// the form `filetable: PATH: reason`.
public struct FileError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in the words a user acts on.
    public enum Reason: Sendable, Equatable {
        case system(Errno)
        /// A symlink loop or an already-listed directory met while following links.
        case alreadyListed
        case notADirectory
        /// Ctrl-C stopped the operation.
        case interrupted
        case custom(String)
    }

    /// The path exactly as bytes (it may not be valid UTF-8).
    public let path: [UInt8]
    public let reason: Reason

    public init(path: [UInt8], reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public init(path: [UInt8], errno: Errno) {
        self.init(path: path, reason: .system(errno))
    }

    public var reasonText: String {
        switch reason {
        case .system(let errno): return errno.description
        case .alreadyListed: return "not listing already-listed directory"
        case .notADirectory: return "Not a directory"
        case .interrupted: return "interrupted"
        case .custom(let text): return text
        }
    }

    /// `PATH: reason`, with the path escaped for the terminal.
    public var description: String {
        "\(NameEscaping.escape(path)): \(reasonText)"
    }
}
