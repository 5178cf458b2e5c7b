import SystemSeam

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
        let (rewind, status) = directory.beginReadingEntries()
        if let status {
            // A directory's size roughly tracks its records (ext4 spends 20 to
            // 30 bytes on a short name): room reserved, not touched.
            directorySize = Int(status.size)
            expectedEntries = max(16, directorySize / 24)
            arena.reserve(entries: expectedEntries, bytes: expectedEntries * 16)
            inodes?.reserveCapacity(expectedEntries)
        }
        // Small buffers come from the heap; only huge directories get a large one.
        let bufferSize = min(256 * 1024, max(32 * 1024, directorySize))
        guard ordersByName && directorySize >= readAheadThreshold, let getDirectoryEntries = Syscalls.getDirectoryEntries,
            let reader = try startReadAhead(directory, with: getDirectoryEntries, bufferSize: bufferSize, rewind: rewind)
        else {
            let read = Syscalls.readDirectory(directory.fd, bufferSize: bufferSize, rewind: rewind) { record in
                if includeDotEntries || !record.isDotEntry {
                    arena.append(record.name, kind: FileKind(directoryType: record.type))
                    inodes?.append(record.inode)
                }
            }
            switch read {
            case .success: return arena
            case .failure(.interrupted): throw FileError(path: directory.path, reason: .interrupted)
            case .failure(.system(let errno)): throw FileError(path: directory.path, errno: errno)
            }
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
        bufferSize: Int, rewind: Bool
    ) throws(FileError) -> DirectoryReadAhead? {
        if rewind, case .failure(let errno) = Syscalls.seek(directory.fd, to: 0) { throw FileError(path: directory.path, errno: errno) }
        return DirectoryReadAhead(fd: directory.fd, read: getDirectoryEntries, bufferSize: bufferSize)
    }

    /// Appends the names of a buffer of directory records, telling
    /// `appended` each name and its entry number while the record is at hand.
    @inline(__always)
    private static func parse(
        _ records: UnsafeRawBufferPointer, includeDotEntries: Bool, into arena: inout NameArena, inodes: inout [UInt64]?,
        appended: (UnsafeBufferPointer<UInt8>, Int) -> Void = { _, _ in }
    ) {
        Syscalls.decodeRecords(records) { record in
            if includeDotEntries || !record.isDotEntry {
                arena.append(record.name, kind: FileKind(directoryType: record.type))
                inodes?.append(record.inode)
                appended(record.name, arena.count - 1)
            }
        }
    }
}
