/// What a path was when it was marked, so a plan can be checked before anything
/// real happens: a different inode means the path was replaced, a different
/// size, time or type means it changed.
public struct MarkSnapshot: Sendable, Equatable {
    public var kind: FileKind
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modificationTime: Timestamp

    public init(_ status: FileStatus) {
        kind = status.kind
        device = status.device
        inode = status.inode
        size = status.size
        modificationTime = status.modificationTime
    }
}

/// One path marked for simulated deletion. Marking never touches the file.
public struct Mark: Sendable, Equatable {
    /// The absolute path, as bytes.
    public let path: [UInt8]
    public let snapshot: MarkSnapshot

    public init(path: [UInt8], snapshot: MarkSnapshot) {
        self.path = path
        self.snapshot = snapshot
    }

    /// The parent directory's path and the last component.
    public var parentAndName: (parent: [UInt8], name: [UInt8]) {
        guard let slash = path.lastIndex(of: 0x2F) else { return ([], path) }
        return (slash == 0 ? [0x2F] : Array(path[..<slash]), Array(path[(slash + 1)...]))
    }
}
