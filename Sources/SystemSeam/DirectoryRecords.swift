import Glibc

/// One entry as the kernel reports it when a directory is read: the
/// record's inode (`d_ino`), type (`d_type`) and name (valid only while
/// the record is at hand).
public struct DirectoryRecord {
    public let inode: UInt64
    public let type: UInt8
    public let name: UnsafeBufferPointer<UInt8>

    @inlinable
    public init(inode: UInt64, type: UInt8, name: UnsafeBufferPointer<UInt8>) {
        self.inode = inode
        self.type = type
        self.name = name
    }

    /// Whether the name is `.` or `..`.
    @inlinable
    public var isDotEntry: Bool {
        name.count <= 2 && name.count > 0 && name[0] == 0x2E && (name.count == 1 || name[1] == 0x2E)
    }
}

extension Syscalls {
    /// Reads every entry of the directory open at `fd` from its start,
    /// handing each record to `body`: `getdents64` into a buffer of
    /// `bufferSize` bytes where the C library has it (one call for hundreds
    /// of entries), else `readdir` on a duplicate of the descriptor (its
    /// stream owns the duplicate). Stops early with `.interrupted` on Ctrl-C.
    /// `rewind: false` is the caller's word that the descriptor was just
    /// opened and nothing has read it (no `lseek` then).
    @inlinable
    public static func readDirectory(
        _ fd: Int32, bufferSize: Int, rewind: Bool = true, _ body: (DirectoryRecord) -> Void
    ) -> Result<Void, DirectoryReadFailure> {
        guard let getDirectoryEntries else { return readDirectoryStream(fd, body) }
        // The descriptor is only used relative to (openat, fstatat), so its
        // read offset is free: rewind it and read.
        if rewind { guard lseek(fd, 0, SEEK_SET) >= 0 else { return .failure(.system(Errno(errno))) } }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            if Interruption.isRequested { return .failure(.interrupted) }
            if let fault = SystemCallFaults.fault(.getdents64) { return .failure(.system(fault)) }
            let count = getDirectoryEntries(fd, buffer, bufferSize)
            if count == 0 { return .success(()) }
            if count < 0 {
                if errno == EINTR { continue }
                // A directory removed while open reads ENOENT: its end, as glibc's readdir (and ls) take it.
                if errno == ENOENT { return .success(()) }
                return .failure(.system(Errno(errno)))
            }
            decodeRecords(UnsafeRawBufferPointer(start: buffer, count: count), body)
        }
    }

    /// Decodes a buffer of `linux_dirent64` records: inode (8 bytes), offset
    /// (8), record length (2), type (1), then the NUL-terminated name. A
    /// record that does not fit what is left of the buffer (too short to hold
    /// its header, or running past the end) ends the decoding: the kernel
    /// never writes one, and nothing past the buffer is read.
    @inlinable
    public static func decodeRecords(_ records: UnsafeRawBufferPointer, _ body: (DirectoryRecord) -> Void) {
        guard let base = records.baseAddress else { return }
        var offset = 0
        while offset + 20 <= records.count {
            let record = base + offset
            let recordLength = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
            guard recordLength >= 20, offset + recordLength <= records.count else { return }
            let name = (record + 19).assumingMemoryBound(to: UInt8.self)
            let length = strnlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), recordLength - 19)
            body(
                DirectoryRecord(
                    inode: record.loadUnaligned(as: UInt64.self), type: record.load(fromByteOffset: 18, as: UInt8.self),
                    name: UnsafeBufferPointer(start: name, count: length)))
            offset += recordLength
        }
    }

    /// `readdir`'s way, where `getdents64` is missing.
    @usableFromInline
    static func readDirectoryStream(_ fd: Int32, _ body: (DirectoryRecord) -> Void) -> Result<Void, DirectoryReadFailure> {
        let copy = dup(fd)
        guard copy >= 0 else { return .failure(.system(Errno(errno))) }
        guard let stream = fdopendir(copy) else {
            let code = errno
            close(copy)
            return .failure(.system(Errno(code)))
        }
        defer { closedir(stream) }
        rewinddir(stream)
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                return errno != 0 ? .failure(.system(Errno(errno))) : .success(())
            }
            let type = entry.pointee.d_type
            let inode = UInt64(entry.pointee.d_ino)
            withUnsafePointer(to: &entry.pointee.d_name) { raw in
                raw.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    body(DirectoryRecord(inode: inode, type: type, name: UnsafeBufferPointer(start: name, count: length)))
                }
            }
        }
    }
}

/// Why reading a directory stopped.
public enum DirectoryReadFailure: Error {
    case system(Errno)
    case interrupted
}

/// The fields of a `struct statx` filetable reads, decoded from the
/// kernel's layout: the mask of what it filled in, the link count, the mode,
/// the inode, the sizes, the birth time and the device.
public struct ExtendedStatusRecord {
    /// `STATX_BTIME`.
    @usableFromInline static let birthTimeMask: UInt32 = 0x800
    /// Type, mode, link count, inode, size, blocks (what `du` needs), and
    /// the access, modification and change times (the search for copies
    /// checks files by the second; `du --time` shows any of them).
    @usableFromInline static let sizeMask: UInt32 = 0x1 | 0x2 | 0x4 | 0x20 | 0x40 | 0x80 | 0x100 | 0x200 | 0x400
    /// What a mark's snapshot holds: type, inode, size, the modification,
    /// change and birth times.
    @usableFromInline static let snapshotMask: UInt32 = 0x1 | 0x100 | 0x200 | 0x40 | 0x80 | 0x800
    /// `AT_STATX_DONT_SYNC`: what the cache has, no round trip on network file systems.
    @usableFromInline static let dontSync: Int32 = 0x4000
    /// The size of `struct statx`.
    public static let size = 256

    @usableFromInline let mask: UInt32
    public let linkCount: UInt32
    @usableFromInline let mode: UInt16
    public let inode: UInt64
    public let size: Int64
    /// Allocated 512-byte blocks.
    public let blocks: Int64
    @usableFromInline let birthTime: Timestamp
    @usableFromInline let changeTime: Timestamp
    public let modificationTime: Timestamp
    @usableFromInline let accessTime: Timestamp
    /// The device, encoded as `st_dev` is (so identities match `stat`'s).
    public let device: UInt64

    /// Decodes a record: `stx_mask` at 0, `stx_nlink` at 16, `stx_mode` at
    /// 28, `stx_ino` at 32, `stx_size` at 40, `stx_blocks` at 48, `stx_atime` at 64, `stx_btime`
    /// (a signed 64-bit second, an unsigned 32-bit nanosecond) at 80,
    /// `stx_ctime` at 96, `stx_mtime` at 112,
    /// `stx_dev_major` and `stx_dev_minor` at 136 and 140.
    @inlinable
    init(_ buffer: UnsafeRawPointer) {
        mask = buffer.load(fromByteOffset: 0, as: UInt32.self)
        linkCount = buffer.load(fromByteOffset: 16, as: UInt32.self)
        mode = buffer.load(fromByteOffset: 28, as: UInt16.self)
        inode = buffer.load(fromByteOffset: 32, as: UInt64.self)
        size = Int64(bitPattern: buffer.load(fromByteOffset: 40, as: UInt64.self))
        blocks = Int64(bitPattern: buffer.load(fromByteOffset: 48, as: UInt64.self))
        birthTime = Timestamp(
            seconds: buffer.load(fromByteOffset: 80, as: Int64.self),
            nanoseconds: Int32(bitPattern: buffer.load(fromByteOffset: 88, as: UInt32.self)))
        changeTime = Timestamp(
            seconds: buffer.load(fromByteOffset: 96, as: Int64.self),
            nanoseconds: Int32(bitPattern: buffer.load(fromByteOffset: 104, as: UInt32.self)))
        modificationTime = Timestamp(
            seconds: buffer.load(fromByteOffset: 112, as: Int64.self),
            nanoseconds: Int32(bitPattern: buffer.load(fromByteOffset: 120, as: UInt32.self)))
        accessTime = Timestamp(
            seconds: buffer.load(fromByteOffset: 64, as: Int64.self),
            nanoseconds: Int32(bitPattern: buffer.load(fromByteOffset: 72, as: UInt32.self)))
        device = Self.device(major: buffer.load(fromByteOffset: 136, as: UInt32.self), minor: buffer.load(fromByteOffset: 140, as: UInt32.self))
    }

    @inlinable
    public var isDirectory: Bool { mode & 0o170000 == 0o040000 }
    @inlinable
    public var kind: FileKind { FileKind(mode: mode_t(mode)) }

    /// The time `du --time` shows (no birth time here: du has none).
    @inlinable
    public func time(_ field: TimeField) -> Timestamp {
        switch field {
        case .access: return accessTime
        case .change: return changeTime
        case .modification, .birth: return modificationTime
        }
    }

    /// `makedev(3)`: a major and minor as `st_dev` encodes them.
    @inlinable
    static func device(major: UInt32, minor: UInt32) -> UInt64 {
        let major = UInt64(major)
        let minor = UInt64(minor)
        return (major & 0xFFFF_F000) << 32 | (major & 0xFFF) << 8 | (minor & 0xFFFF_FF00) << 12 | (minor & 0xFF)
    }
}

extension Syscalls {
    /// `statx` of `name` in the directory open at `parent` (a link followed
    /// only when asked: `du -L`; from the cache), for `du`'s fields, decoded; the error when
    /// the call fails (`ENOSYS` without `statx`). `buffer` holds
    /// `ExtendedStatusRecord.size` bytes.
    @inline(__always)
    public static func sizeStatus(
        at parent: Int32, name: UnsafePointer<CChar>, buffer: UnsafeMutableRawPointer, followSymlink: Bool = false
    ) -> Result<ExtendedStatusRecord, Errno> {
        guard let extendedStatus else { return .failure(.notImplemented) }
        if let fault = SystemCallFaults.fault(.stat, name: name) { return .failure(fault) }
        let flags = (followSymlink ? 0 : AT_SYMLINK_NOFOLLOW) | ExtendedStatusRecord.dontSync
        guard extendedStatus(parent, name, flags, ExtendedStatusRecord.sizeMask, buffer) == 0 else {
            return .failure(Errno(errno))
        }
        return .success(ExtendedStatusRecord(buffer))
    }

    /// A mark's snapshot of `name` in the directory open at `parent` (links
    /// not followed), with its birth time where the file system keeps one:
    /// one `statx` call, or `fstatat` where there is no `statx`.
    public static func markSnapshot(at parent: Int32, name: UnsafePointer<CChar>) -> Result<MarkSnapshot, Errno> {
        let withoutBirth = { status(at: parent, name: name, followSymlink: false).map { MarkSnapshot(FileStatus($0)) } }
        guard let extendedStatus else { return withoutBirth() }
        if let fault = SystemCallFaults.fault(.stat, name: name) { return .failure(fault) }
        return withUnsafeTemporaryAllocation(byteCount: ExtendedStatusRecord.size, alignment: 8) { buffer -> Result<MarkSnapshot, Errno> in
            let base = buffer.baseAddress!
            guard extendedStatus(parent, name, AT_SYMLINK_NOFOLLOW, ExtendedStatusRecord.snapshotMask, base) == 0 else {
                return errno == ENOSYS ? withoutBirth() : .failure(Errno(errno))
            }
            let record = ExtendedStatusRecord(base)
            return .success(
                MarkSnapshot(
                    device: record.device, inode: record.inode, size: record.size, modificationTime: record.modificationTime,
                    changeTime: record.changeTime,
                    birthTime: record.mask & ExtendedStatusRecord.birthTimeMask != 0 ? record.birthTime : nil, kind: record.kind))
        }
    }

    /// One `getdents64` call into `buffer` (EINTR retried): the bytes of
    /// records read, 0 at the end.
    public static func readDirectoryRecords(_ fd: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int) -> Result<Int, Errno> {
        guard let getDirectoryEntries else { return .failure(Errno(ENOSYS)) }
        if let fault = SystemCallFaults.fault(.getdents64) { return .failure(fault) }
        while true {
            let count = getDirectoryEntries(fd, buffer, capacity)
            if count >= 0 { return .success(count) }
            // A removed directory: its end (as glibc's readdir).
            if errno == ENOENT { return .success(0) }
            if errno != EINTR { return .failure(Errno(errno)) }
        }
    }

    /// Whether the calls `du` reads a tree with (`getdents64`, `statx`) exist.
    public static var readsSizes: Bool { getDirectoryEntries != nil && extendedStatus != nil }
}
