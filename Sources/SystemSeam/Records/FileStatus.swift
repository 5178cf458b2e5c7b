/// The metadata `stat` gives for one entry, as plain Swift values.
public struct FileStatus: Sendable, Equatable {
    public var kind: FileKind
    public var permissions: FilePermissions
    public var size: Int64
    public var linkCount: UInt64
    public var userID: UInt32
    public var groupID: UInt32
    public var inode: UInt64
    public var device: UInt64
    /// For character and block devices, the device they stand for.
    public var representedDevice: UInt64
    /// Allocated 512-byte blocks.
    public var blocks: Int64
    public var modificationTime: Timestamp
    public var accessTime: Timestamp
    public var changeTime: Timestamp
    /// When the file was made, where the file system keeps it; read only
    /// when a listing shows or sorts by it (`--time=birth`: see `read`).
    public var birthTime: Timestamp?

    /// A status made of its parts (a member inside an archive, a test's).
    public init(
        kind: FileKind, permissions: FilePermissions, size: Int64, linkCount: UInt64, userID: UInt32, groupID: UInt32, inode: UInt64,
        device: UInt64, representedDevice: UInt64, blocks: Int64, modificationTime: Timestamp, accessTime: Timestamp,
        changeTime: Timestamp, birthTime: Timestamp? = nil
    ) {
        self.kind = kind
        self.permissions = permissions
        self.size = size
        self.linkCount = linkCount
        self.userID = userID
        self.groupID = groupID
        self.inode = inode
        self.device = device
        self.representedDevice = representedDevice
        self.blocks = blocks
        self.modificationTime = modificationTime
        self.accessTime = accessTime
        self.changeTime = changeTime
        self.birthTime = birthTime
    }

    /// One of the times, as `ls` picks them (`-u` access, `-c` change,
    /// `--time=birth`; an unknown birth time as 0, the order ls gives it).
    public func time(_ field: TimeField) -> Timestamp {
        switch field {
        case .modification: return modificationTime
        case .access: return accessTime
        case .change: return changeTime
        case .birth: return birthTime ?? Timestamp(seconds: 0)
        }
    }

    /// The status of `name` in the directory open at `fd` (`stat`), with
    /// its birth time (`statx`) when `withBirth`.
    public static func read(at fd: Int32, name: UnsafePointer<CChar>, followSymlink: Bool, withBirth: Bool) -> Result<FileStatus, Errno> {
        Syscalls.status(at: fd, name: name, followSymlink: followSymlink).map { raw in
            var status = FileStatus(raw)
            if withBirth { status.birthTime = Syscalls.birthTime(at: fd, name: name, followSymlink: followSymlink) }
            return status
        }
    }

    /// The device's major and minor numbers (for `ls -l` on devices).
    public var deviceNumbers: (major: UInt32, minor: UInt32) {
        let dev = representedDevice
        let major = UInt32(((dev >> 32) & 0xFFFF_F000) | ((dev >> 8) & 0x0000_0FFF))
        let minor = UInt32(((dev >> 12) & 0xFFFF_FF00) | (dev & 0x0000_00FF))
        return (major, minor)
    }
}

/// A point in time with nanoseconds, as `stat` reports it.
public struct Timestamp: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}

/// Which of a file's times a listing shows and sorts by.
public enum TimeField: String, Sendable, CaseIterable {
    case modification, access, change, birth
}
