import SystemSeam

/// The regular files a `SpaceScan` met, kept compactly for the search for
/// copies: a name arena, and per file its directory (a `PathNode` shared by
/// the directory's files), inode (the device as a small index), size,
/// and modification time (nanoseconds). A million files cost their names
/// plus about 35 bytes each.
public struct RecordedFiles: Sendable {
    /// The directories files were met in.
    private(set) var directories: [PathNode] = []
    private var directoryOfFile: [UInt32] = []
    public private(set) var names = NameArena()
    private var devices: [UInt64] = []
    private var deviceOfFile: [UInt16] = []
    private var inodes: [UInt64] = []
    public private(set) var sizes: [Int64] = []
    private var times: [Int64] = []

    public init() {}

    public var count: Int { sizes.count }

    /// The path of file `index` (its directory's path and its name).
    public func path(of index: Int) -> [UInt8] {
        let directory = directories[Int(directoryOfFile[index])]
        return names.withName(at: index) { PathBytes.join(directory.bytes, $0) }
    }

    /// The directory file `index` was met in (an index into the directories met).
    func directoryIndex(of index: Int) -> Int { Int(directoryOfFile[index]) }

    /// The path of directory `directory` (a `directoryIndex`).
    func directoryPath(_ directory: Int) -> [UInt8] { directories[directory].bytes }

    public func identity(of index: Int) -> FileIdentity {
        FileIdentity(device: devices[Int(deviceOfFile[index])], inode: inodes[index])
    }

    public func modified(of index: Int) -> Timestamp {
        let time = times[index]
        let seconds = time >= 0 ? time / 1_000_000_000 : (time - 999_999_999) / 1_000_000_000
        return Timestamp(seconds: seconds, nanoseconds: Int32(time - seconds * 1_000_000_000))
    }

    /// A time as one number of nanoseconds (clamped to ±292 years of 1970).
    private static func nanoseconds(_ time: Timestamp) -> Int64 {
        let limit = Int64.max / 1_000_000_000 - 1
        return min(max(time.seconds, -limit), limit) * 1_000_000_000 + Int64(time.nanoseconds)
    }

    /// The files one worker met in one directory, added at once under the scan's lock.
    struct Batch {
        var names = NameArena()
        var identities: [FileIdentity] = []
        var sizes: [Int64] = []
        var modified: [Timestamp] = []
        var isEmpty: Bool { sizes.isEmpty }

        mutating func append(name: UnsafeBufferPointer<UInt8>, identity: FileIdentity, size: Int64, modified time: Timestamp) {
            names.append(name, kind: .file)
            identities.append(identity)
            sizes.append(size)
            modified.append(time)
        }
    }

    /// Adds the files of one directory.
    mutating func add(_ batch: Batch, in directory: PathNode) {
        directories.append(directory)
        let directoryIndex = UInt32(directories.count - 1)
        for index in 0..<batch.sizes.count {
            batch.names.withName(at: index) { names.append($0, kind: .file) }
            directoryOfFile.append(directoryIndex)
            append(identity: batch.identities[index], size: batch.sizes[index], modified: batch.modified[index])
        }
    }

    private mutating func append(identity: FileIdentity, size: Int64, modified: Timestamp) {
        // A tree spans few devices: the last one, else a search of the few.
        let device: Int
        if let last = deviceOfFile.last, devices[Int(last)] == identity.device {
            device = Int(last)
        } else if let known = devices.firstIndex(of: identity.device) {
            device = known
        } else {
            devices.append(identity.device)
            device = devices.count - 1
        }
        deviceOfFile.append(UInt16(truncatingIfNeeded: device))
        inodes.append(identity.inode)
        sizes.append(size)
        times.append(Self.nanoseconds(modified))
    }

    /// Adds every file of `other` (the files of another root).
    public mutating func add(_ other: RecordedFiles) {
        guard count > 0 else {
            self = other
            return
        }
        let offset = UInt32(directories.count)
        directories += other.directories
        for index in 0..<other.count {
            other.names.withName(at: index) { names.append($0, kind: .file) }
            directoryOfFile.append(other.directoryOfFile[index] + offset)
            append(identity: other.identity(of: index), size: other.sizes[index], modified: other.modified(of: index))
        }
    }
}
