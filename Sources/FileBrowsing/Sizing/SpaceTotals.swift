import SystemSeam

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
    /// With `du --time`: the latest time of anything in the tree, itself
    /// included (nil when the scan does not read times).
    public var latestTime: Timestamp?

    public init() {}

    public init(apparentBytes: Int64, diskBytes: Int64, files: Int = 0, directories: Int = 0, unreadable: Int = 0) {
        self.apparentBytes = apparentBytes
        self.diskBytes = diskBytes
        self.files = files
        self.directories = directories
        self.unreadable = unreadable
    }

    /// Added up, held at the largest value rather than overflowing (a
    /// saved scan read back may hold any numbers).
    public static func += (lhs: inout SpaceTotals, rhs: SpaceTotals) {
        lhs.apparentBytes = saturated(lhs.apparentBytes, rhs.apparentBytes)
        lhs.diskBytes = saturated(lhs.diskBytes, rhs.diskBytes)
        lhs.files = saturated(lhs.files, rhs.files)
        lhs.directories = saturated(lhs.directories, rhs.directories)
        lhs.unreadable = saturated(lhs.unreadable, rhs.unreadable)
        if let time = rhs.latestTime, lhs.latestTime.map({ time > $0 }) ?? true { lhs.latestTime = time }
    }

    @inline(__always)
    private static func saturated<T: FixedWidthInteger>(_ a: T, _ b: T) -> T {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? T.max : T.min) : sum
    }

    /// The bytes `du` shows: allocated, or apparent (`--apparent-size`).
    public func bytes(apparent: Bool) -> Int64 { apparent ? apparentBytes : diskBytes }
}
