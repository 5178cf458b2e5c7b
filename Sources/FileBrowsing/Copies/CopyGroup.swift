/// Files with the same contents, compared byte for byte: one group of copies.
public struct CopyGroup: Sendable {
    /// One file (an inode) of the group: the paths it was met at. A file
    /// with hard links met more than once has more than one path, and those
    /// are "already linked": removing one gains nothing.
    public struct File: Sendable {
        public let identity: FileIdentity
        public let modified: Timestamp
        /// Sorted by bytes; the first is the file's path in the group.
        public let paths: [[UInt8]]
    }

    /// Each file's size in bytes.
    public let size: Int64
    /// Two or more distinct files, ordered by their first path.
    public let files: [File]

    /// What removing all but one copy would free (hard links to one file
    /// count as that file).
    public var gain: Int64 { size * Int64(files.count - 1) }
}

/// What a search for copies found.
public struct CopySearch: Sendable {
    /// Largest space to gain first (then larger files, then by path).
    public var groups: [CopyGroup] = []
    /// Regular files the walk met (of the smallest size asked or more).
    public var filesSeen = 0
    /// Bytes read to compare them.
    public var bytesRead: Int64 = 0
    /// Files left out because they changed while read, by path.
    public var changed: [[UInt8]] = []
    /// Directories and files that could not be read.
    public var errors: [FileError] = []
    /// Ctrl-C stopped it: the groups are what was confirmed so far.
    public var cancelled = false

    public init() {}

    /// The space all groups would free.
    public var totalGain: Int64 { groups.reduce(0) { $0 + $1.gain } }
}
