import SystemSeam

/// A directory entry, named by the identity of the directory it was read
/// from and its name there: what a row is, whatever path led to it.
public struct EntryKey: Hashable, Sendable {
    public let directory: FileIdentity
    public let name: [UInt8]

    public init(directory: FileIdentity, name: [UInt8]) {
        self.directory = directory
        self.name = name
    }
}

/// One entry marked for simulated deletion. Marking never touches the file.
///
/// The mark is the entry (its directory's identity and its name) and the file
/// it held (the snapshot's device and inode), read through the descriptor the
/// row came from; `path` is the absolute path that named that same file when
/// it was marked, which exports write and every check resolves again.
public struct Mark: Sendable, Equatable {
    public let entry: EntryKey
    /// The absolute path, as bytes.
    public let path: [UInt8]
    public let snapshot: MarkSnapshot

    public init(entry: EntryKey, path: [UInt8], snapshot: MarkSnapshot) {
        self.entry = entry
        self.path = path
        self.snapshot = snapshot
    }

    /// The parent directory's path and the last component.
    public var parentAndName: (parent: [UInt8], name: [UInt8]) { PathBytes.split(path) }
}
