/// The regular files a `SpaceScan` met, kept compactly for the search for
/// copies: a name arena, and per file its directory (a `PathNode` shared by
/// the directory's files), identity, size, modification time and link count.
/// A million files cost their names plus about 40 bytes each.
public struct RecordedFiles: Sendable {
    /// The directories files were met in.
    private(set) var directories: [PathNode] = []
    private var directoryOfFile: [UInt32] = []
    public private(set) var names = NameArena()
    public private(set) var identities: [FileIdentity] = []
    public private(set) var sizes: [Int64] = []
    public private(set) var modified: [Timestamp] = []
    public private(set) var linkCounts: [UInt32] = []

    public init() {}

    public var count: Int { sizes.count }

    /// The path of file `index` (its directory's path and its name).
    public func path(of index: Int) -> [UInt8] {
        let directory = directories[Int(directoryOfFile[index])]
        return names.withName(at: index) { PathBytes.join(directory.bytes, $0) }
    }

    /// The files one worker met in one directory, added at once under the scan's lock.
    struct Batch {
        var names = NameArena()
        var identities: [FileIdentity] = []
        var sizes: [Int64] = []
        var modified: [Timestamp] = []
        var linkCounts: [UInt32] = []
        var isEmpty: Bool { sizes.isEmpty }

        mutating func append(name: UnsafeBufferPointer<UInt8>, identity: FileIdentity, size: Int64, modified time: Timestamp, linkCount: UInt32) {
            names.append(name, kind: .file)
            identities.append(identity)
            sizes.append(size)
            modified.append(time)
            linkCounts.append(linkCount)
        }
    }

    /// Adds the files of one directory.
    mutating func add(_ batch: Batch, in directory: PathNode) {
        directories.append(directory)
        let directoryIndex = UInt32(directories.count - 1)
        for index in 0..<batch.sizes.count {
            batch.names.withName(at: index) { names.append($0, kind: .file) }
            directoryOfFile.append(directoryIndex)
        }
        identities += batch.identities
        sizes += batch.sizes
        modified += batch.modified
        linkCounts += batch.linkCounts
    }

    /// Adds every file of `other` (the files of another root).
    public mutating func add(_ other: RecordedFiles) {
        let offset = UInt32(directories.count)
        directories += other.directories
        for index in 0..<other.count {
            other.names.withName(at: index) { names.append($0, kind: .file) }
            directoryOfFile.append(other.directoryOfFile[index] + offset)
        }
        identities += other.identities
        sizes += other.sizes
        modified += other.modified
        linkCounts += other.linkCounts
    }
}
