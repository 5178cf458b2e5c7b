import Glibc

// The decoders of the C library's status records: `stat`, `timespec`, a
// mode's type bits and `d_type`, into the plain values the rest of the
// code uses.

extension FileKind {
    /// From `readdir`'s `d_type`; `.unknown` where the file system does not say.
    public init(directoryType: UInt8) {
        switch Int32(directoryType) {
        case Int32(DT_REG): self = .file
        case Int32(DT_DIR): self = .directory
        case Int32(DT_LNK): self = .symlink
        case Int32(DT_FIFO): self = .fifo
        case Int32(DT_SOCK): self = .socket
        case Int32(DT_CHR): self = .characterDevice
        case Int32(DT_BLK): self = .blockDevice
        default: self = .unknown
        }
    }

    /// From the type bits of `st_mode`.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symlink
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .unknown
        }
    }
}

extension FileStatus {
    /// A `stat` record's fields.
    public init(_ s: stat) {
        kind = FileKind(mode: s.st_mode)
        permissions = FilePermissions(rawValue: UInt32(s.st_mode))
        size = Int64(s.st_size)
        linkCount = UInt64(s.st_nlink)
        userID = s.st_uid
        groupID = s.st_gid
        inode = UInt64(s.st_ino)
        device = UInt64(s.st_dev)
        representedDevice = UInt64(s.st_rdev)
        blocks = Int64(s.st_blocks)
        modificationTime = Timestamp(s.st_mtim)
        accessTime = Timestamp(s.st_atim)
        changeTime = Timestamp(s.st_ctim)
    }
}

extension Timestamp {
    public init(_ t: timespec) {
        self.init(seconds: Int64(t.tv_sec), nanoseconds: Int32(t.tv_nsec))
    }
}
