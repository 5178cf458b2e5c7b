import SystemSeam

/// One member of an archive as its index (tar headers, a zip's central
/// directory) describes it: never a path on disk. The name is kept as
/// stored, bytes and all (`../`, a leading `/`, control bytes); the tree
/// of members places it by its components, and it is shown escaped.
public struct ArchiveMember: Sendable {
    /// The name as stored in the archive.
    public var path: [UInt8]
    public var kind: FileKind
    /// The member's size once decompressed.
    public var size: UInt64
    /// The bytes it takes in the archive, where it is compressed on its own (zip).
    public var compressedSize: UInt64?
    public var permissions: FilePermissions
    public var userID: UInt32 = 0
    public var groupID: UInt32 = 0
    public var modificationTime: Timestamp
    /// A symlink's or hard link's target, as stored (never followed on disk).
    public var linkTarget: [UInt8]?
    /// Where its header starts in the archive (tar: in the decompressed stream).
    public var headerOffset: UInt64
    /// Where its data starts (tar), or its local header (zip: the data
    /// follows that header's variable fields).
    public var dataOffset: UInt64
    /// How its data is compressed: 0 stored, 8 DEFLATE (zip's method numbers).
    public var method: UInt16 = 0
    /// The CRC-32 the archive gives for its data (zip).
    public var crc: UInt32?

    public init(
        path: [UInt8], kind: FileKind, size: UInt64, permissions: FilePermissions, modificationTime: Timestamp, headerOffset: UInt64,
        dataOffset: UInt64
    ) {
        self.path = path
        self.kind = kind
        self.size = size
        self.permissions = permissions
        self.modificationTime = modificationTime
        self.headerOffset = headerOffset
        self.dataOffset = dataOffset
    }
}
