import SystemSeam

/// One way two trees differ at one name, as `diff -rq` reports it: the
/// name is in one tree only, the two are files whose contents differ, or
/// they are not both regular files nor both directories.
public struct TreeDifference: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// In the first tree only (`Only in A/dir: name`).
        case onlyInFirst
        /// In the second tree only.
        case onlyInSecond
        /// Two regular files whose bytes differ (`Files A/x and B/x differ`).
        case contentsDiffer
        /// Two regular files, one of which changed while they were compared:
        /// never called the same, reported as differing.
        case changedWhileCompared
        /// Anything else that is not two directories: what each is, in
        /// diff's words (`regular empty file`, `directory`, `fifo`).
        case typesDiffer(first: String, second: String)
        /// Two regular files of the same bytes, read and compared (reported
        /// only when asked: `TreeComparison.reportsSameFiles`).
        case same
    }

    public let kind: Kind
    /// The directory holding the entry, below the trees' tops ("" at the top).
    public let directory: [UInt8]
    public let name: [UInt8]

    public init(kind: Kind, directory: [UInt8], name: [UInt8]) {
        self.kind = kind
        self.directory = directory
        self.name = name
    }

    /// The entry's path below the tops (`sub/deep/f`).
    public var path: [UInt8] { directory.isEmpty ? name : directory + [0x2F] + name }

    /// What a file is, in diff's words (its `file_type`): a regular file
    /// is "regular empty file" when empty.
    public static func typeName(_ status: FileStatus) -> String { typeName(kind: status.kind, size: status.size) }

    /// What a file of `kind` and `size` bytes is, in diff's words.
    public static func typeName(kind: FileKind, size: Int64) -> String {
        switch kind {
        case .file: return size == 0 ? "regular empty file" : "regular file"
        case .directory: return "directory"
        case .symlink: return "symbolic link"
        case .fifo: return "fifo"
        case .socket: return "socket"
        case .characterDevice: return "character special file"
        case .blockDevice: return "block special file"
        case .unknown: return "weird file"
        }
    }
}
