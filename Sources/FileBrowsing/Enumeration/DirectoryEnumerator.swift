import Glibc

/// Reads one directory's names and `d_type`s, and nothing else: no `stat`
/// happens here. Uses `getdents64` where the C library has it (a buffer sized
/// by the directory: 32 KiB for a small one, up to 256 KiB for a huge one),
/// `readdir` otherwise.
public enum DirectoryEnumerator {
    /// The entries of an open directory, in the order the file system returns
    /// them. `.` and `..` are kept only when `includeDotEntries` is set.
    /// With `ordersByName`, a huge directory is read by a second thread while
    /// this one sorts the names that have arrived, and the arena comes back
    /// with its `naturalOrder` set.
    public static func list(
        _ directory: DirectoryHandle, includeDotEntries: Bool = false,
        ordersByName: Bool = false
    ) throws(FileError) -> NameArena {
        var inodes: [UInt64]? = nil
        return try list(directory, includeDotEntries: includeDotEntries, ordersByName: ordersByName, inodes: &inodes)
    }

    /// `list`, also filling `inodes` (unless nil) with each entry's inode as
    /// the directory reported it (`d_ino`), by entry number: what a row
    /// showed, which a mark checks its name still leads to. Kept beside the
    /// arena, not in it: the sorts pass the arena by value, and a fourth
    /// array made every comparison copy it (callgrind: 14% more for `-1`).
    public static func list(
        _ directory: DirectoryHandle, includeDotEntries: Bool = false,
        ordersByName: Bool = false, inodes: inout [UInt64]?
    ) throws(FileError) -> NameArena {
        try list(
            directory, includeDotEntries: includeDotEntries, ordersByName: ordersByName,
            readAheadThreshold: readAheadThreshold, runLength: NameOrderBuilder.runLength,
            parallelMergeThreshold: NameOrderBuilder.parallelMergeThreshold, inodes: &inodes)
    }

    /// `list` with the thresholds and sort run length made small enough for
    /// tests to reach the threaded paths and the merge.
    static func list(
        _ directory: DirectoryHandle, includeDotEntries: Bool, ordersByName: Bool,
        readAheadThreshold: Int, runLength: Int, parallelMergeThreshold: Int
    ) throws(FileError) -> NameArena {
        var inodes: [UInt64]? = nil
        return try list(
            directory, includeDotEntries: includeDotEntries, ordersByName: ordersByName, readAheadThreshold: readAheadThreshold,
            runLength: runLength, parallelMergeThreshold: parallelMergeThreshold, inodes: &inodes)
    }

    static func list(
        _ directory: DirectoryHandle, includeDotEntries: Bool, ordersByName: Bool,
        readAheadThreshold: Int, runLength: Int, parallelMergeThreshold: Int, inodes: inout [UInt64]?
    ) throws(FileError) -> NameArena {
        var arena = NameArena()
        if inodes != nil { inodes = [] }
        var directorySize = 0
        var expectedEntries = 16
        if case .success(let status) = Syscalls.status(of: directory.fd) {
            // A directory's size roughly tracks its records (ext4 spends 20 to
            // 30 bytes on a short name): room reserved, not touched.
            directorySize = Int(status.st_size)
            expectedEntries = max(16, directorySize / 24)
            arena.reserve(entries: expectedEntries, bytes: expectedEntries * 16)
            inodes?.reserveCapacity(expectedEntries)
        }
        guard let getDirectoryEntries = Syscalls.getDirectoryEntries else {
            try readEntries(directory, includeDotEntries: includeDotEntries, into: &arena, inodes: &inodes)
            return arena
        }
        // Small buffers come from the heap; only huge directories get a large one.
        let bufferSize = min(256 * 1024, max(32 * 1024, directorySize))
        guard ordersByName && directorySize >= readAheadThreshold,
            let reader = try startReadAhead(directory, with: getDirectoryEntries, bufferSize: bufferSize)
        else {
            try readRecords(
                directory, with: getDirectoryEntries, bufferSize: bufferSize, includeDotEntries: includeDotEntries, into: &arena,
                inodes: &inodes)
            return arena
        }
        defer { reader.finish() }
        var order = NameOrderBuilder(expectedCount: expectedEntries, runLength: runLength, parallelMergeThreshold: parallelMergeThreshold)
        try readSortingByName(directory, from: reader, includeDotEntries: includeDotEntries, into: &arena, inodes: &inodes, order: &order)
        arena.naturalOrder = order.finish(in: arena)
        return arena
    }

    /// Takes the reader's buffers in turn: parses each, keys its names and
    /// sorts every complete run, while the reader fetches the next buffers.
    private static func readSortingByName(
        _ directory: DirectoryHandle, from reader: DirectoryReadAhead, includeDotEntries: Bool,
        into arena: inout NameArena, inodes: inout [UInt64]?, order: inout NameOrderBuilder
    ) throws(FileError) {
        while true {
            if Interruption.isRequested { throw FileError(path: directory.path, reason: .interrupted) }
            switch reader.next() {
            case .end:
                return
            case .failure(let code):
                throw FileError(path: directory.path, errno: Errno(code))
            case .records(let records):
                parse(records, includeDotEntries: includeDotEntries, into: &arena, inodes: &inodes) { name, index in
                    order.add(name, index: index)
                }
                order.sortCompleteRuns(in: arena)
            }
        }
    }

    /// Directories this large (in `st_size` bytes, about 40,000 names on ext4)
    /// are read ahead on a second thread when sorted by name.
    static let readAheadThreshold = 1 << 20

    private static func startReadAhead(
        _ directory: DirectoryHandle, with getDirectoryEntries: @escaping Syscalls.GetDirectoryEntries,
        bufferSize: Int
    ) throws(FileError) -> DirectoryReadAhead? {
        guard lseek(directory.fd, 0, SEEK_SET) >= 0 else { throw FileError(path: directory.path, errno: Errno(errno)) }
        return DirectoryReadAhead(fd: directory.fd, read: getDirectoryEntries, bufferSize: bufferSize)
    }

    @inline(__always)
    private static func isDotEntry(_ name: UnsafePointer<UInt8>, length: Int) -> Bool {
        name[0] == 0x2E && (length == 1 || (length == 2 && name[1] == 0x2E))
    }

    /// Parses `linux_dirent64` records: inode (8), offset (8), record length (2),
    /// type (1), then the NUL-terminated name.
    private static func readRecords(
        _ directory: DirectoryHandle, with getDirectoryEntries: Syscalls.GetDirectoryEntries,
        bufferSize capacity: Int, includeDotEntries: Bool, into arena: inout NameArena, inodes: inout [UInt64]?
    ) throws(FileError) {
        // The handle's descriptor is only used relative to (openat, fstatat),
        // so its read offset is free: rewind it and read.
        let fd = directory.fd
        guard lseek(fd, 0, SEEK_SET) >= 0 else { throw FileError(path: directory.path, errno: Errno(errno)) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            if Interruption.isRequested { throw FileError(path: directory.path, reason: .interrupted) }
            let count = getDirectoryEntries(fd, buffer, capacity)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: directory.path, errno: Errno(errno))
            }
            parse(UnsafeRawBufferPointer(start: buffer, count: count), includeDotEntries: includeDotEntries, into: &arena, inodes: &inodes)
        }
    }

    /// Appends the names of a buffer of `linux_dirent64` records, telling
    /// `appended` each name and its entry number while the record is at hand.
    @inline(__always)
    private static func parse(
        _ records: UnsafeRawBufferPointer, includeDotEntries: Bool, into arena: inout NameArena, inodes: inout [UInt64]?,
        appended: (UnsafeBufferPointer<UInt8>, Int) -> Void = { _, _ in }
    ) {
        var offset = 0
        let base = records.baseAddress!
        while offset < records.count {
            let record = base + offset
            let recordLength = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
            let type = record.load(fromByteOffset: 18, as: UInt8.self)
            let name = (record + 19).assumingMemoryBound(to: UInt8.self)
            let length = strnlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), recordLength - 19)
            if includeDotEntries || !isDotEntry(name, length: length) {
                let bytes = UnsafeBufferPointer(start: name, count: length)
                arena.append(bytes, kind: FileKind(directoryType: type))
                inodes?.append(record.loadUnaligned(as: UInt64.self))
                appended(bytes, arena.count - 1)
            }
            offset += recordLength
        }
    }

    private static func readEntries(
        _ directory: DirectoryHandle, includeDotEntries: Bool, into arena: inout NameArena, inodes: inout [UInt64]?
    ) throws(FileError) {
        // fdopendir takes ownership of its descriptor, so give it a duplicate.
        let copy = dup(directory.fd)
        guard copy >= 0 else { throw FileError(path: directory.path, errno: Errno(errno)) }
        guard let stream = fdopendir(copy) else {
            let code = errno
            Syscalls.close(copy)
            throw FileError(path: directory.path, errno: Errno(code))
        }
        defer { closedir(stream) }
        rewinddir(stream)
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw FileError(path: directory.path, errno: Errno(errno)) }
                break
            }
            let kind = FileKind(directoryType: entry.pointee.d_type)
            withUnsafePointer(to: &entry.pointee.d_name) { raw in
                raw.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    if includeDotEntries || !isDotEntry(name, length: length) {
                        arena.append(UnsafeBufferPointer(start: name, count: length), kind: kind)
                        inodes?.append(UInt64(entry.pointee.d_ino))
                    }
                }
            }
        }
    }
}
