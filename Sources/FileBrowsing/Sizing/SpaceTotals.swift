/// What a file or a tree takes: bytes as `du --apparent-size` counts them
/// and as `du` counts them (allocated blocks), with the files and
/// directories counted and the directories that could not be read.
/// A file with several hard links counts once.
public struct SpaceTotals: Sendable, Equatable {
    public var apparentBytes: Int64 = 0
    public var diskBytes: Int64 = 0
    public var files = 0
    public var directories = 0
    public var unreadable = 0

    public init() {}

    public init(apparentBytes: Int64, diskBytes: Int64, files: Int = 0, directories: Int = 0, unreadable: Int = 0) {
        self.apparentBytes = apparentBytes
        self.diskBytes = diskBytes
        self.files = files
        self.directories = directories
        self.unreadable = unreadable
    }

    public static func += (lhs: inout SpaceTotals, rhs: SpaceTotals) {
        lhs.apparentBytes += rhs.apparentBytes
        lhs.diskBytes += rhs.diskBytes
        lhs.files += rhs.files
        lhs.directories += rhs.directories
        lhs.unreadable += rhs.unreadable
    }

    /// The bytes `du` shows: allocated, or apparent (`--apparent-size`).
    public func bytes(apparent: Bool) -> Int64 { apparent ? apparentBytes : diskBytes }
}
