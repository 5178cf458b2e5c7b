import SystemSeam

/// Files with the same contents, compared byte for byte: one group of copies.
public struct CopyGroup: Sendable {
    /// One file (an inode) of the group, and the records of the walk that
    /// met it: more than one when it has hard links (those are "already
    /// linked": removing one gains nothing). Paths are made when asked
    /// (`CopyGroup.paths(of:)`): a million held at once would cost 100 MB.
    public struct File: Sendable {
        public let identity: FileIdentity
        public let modified: Timestamp
        let firstRecord: UInt32
        let otherRecords: [UInt32]
    }

    /// Each file's size in bytes.
    public let size: Int64
    /// Two or more distinct files, ordered by their first path.
    public let files: [File]
    /// The walk's records the files' paths are made from.
    let source: RecordedFiles

    /// What removing all but one copy would free (hard links to one file
    /// count as that file).
    public var gain: Int64 { size * Int64(files.count - 1) }

    /// The paths a file was met at, sorted by bytes.
    public func paths(of file: File) -> [[UInt8]] {
        let first = source.path(of: Int(file.firstRecord))
        guard !file.otherRecords.isEmpty else { return [first] }
        return ([first] + file.otherRecords.map { source.path(of: Int($0)) }).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The first path of the group's first file (what messages name it by).
    public var firstPath: [UInt8] { paths(of: files[0])[0] }
}

extension [CopyGroup] {
    /// The space these groups would free.
    public var totalGain: Int64 { reduce(0) { $0 + $1.gain } }
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
    public var totalGain: Int64 { groups.totalGain }
    /// The distinct files in the groups.
    public var fileCount: Int { groups.reduce(0) { $0 + $1.files.count } }
}
