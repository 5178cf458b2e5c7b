import Glibc

/// Reads one directory's names and `d_type`s, and nothing else: no `stat`
/// happens here. Uses `getdents64` where the C library has it (a buffer sized
/// by the directory: 32 KiB for a small one, up to 256 KiB for a huge one),
/// `readdir` otherwise.
public enum DirectoryEnumerator {
    /// The entries of an open directory, in the order the file system returns
    /// them. `.` and `..` are kept only when `includeDotEntries` is set.
    public static func list(_ directory: DirectoryHandle, includeDotEntries: Bool = false) throws(FileError) -> NameArena {
        var arena = NameArena()
        var directorySize = 0
        if case .success(let status) = Syscalls.status(of: directory.fd) {
            // A directory's size roughly tracks its records: room reserved, not touched.
            directorySize = Int(status.st_size)
            let estimate = max(16, directorySize / 32)
            arena.reserve(entries: estimate, bytes: estimate * 16)
        }
        if let getDirectoryEntries = Syscalls.getDirectoryEntries {
            // Small buffers come from the heap; only huge directories get a large one.
            let bufferSize = min(256 * 1024, max(32 * 1024, directorySize))
            try readRecords(directory, with: getDirectoryEntries, bufferSize: bufferSize, includeDotEntries: includeDotEntries, into: &arena)
        } else {
            try readEntries(directory, includeDotEntries: includeDotEntries, into: &arena)
        }
        return arena
    }

    @inline(__always)
    private static func isDotEntry(_ name: UnsafePointer<UInt8>, length: Int) -> Bool {
        name[0] == 0x2E && (length == 1 || (length == 2 && name[1] == 0x2E))
    }

    /// Parses `linux_dirent64` records: inode (8), offset (8), record length (2),
    /// type (1), then the NUL-terminated name.
    private static func readRecords(_ directory: DirectoryHandle, with getDirectoryEntries: Syscalls.GetDirectoryEntries,
                                    bufferSize capacity: Int, includeDotEntries: Bool, into arena: inout NameArena) throws(FileError) {
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
            var offset = 0
            while offset < count {
                let record = buffer + offset
                let recordLength = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                let type = record.load(fromByteOffset: 18, as: UInt8.self)
                let name = (record + 19).assumingMemoryBound(to: UInt8.self)
                let length = strnlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), recordLength - 19)
                if includeDotEntries || !isDotEntry(name, length: length) {
                    arena.append(UnsafeBufferPointer(start: name, count: length), kind: FileKind(directoryType: type))
                }
                offset += recordLength
            }
        }
    }

    private static func readEntries(_ directory: DirectoryHandle, includeDotEntries: Bool, into arena: inout NameArena) throws(FileError) {
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
                    }
                }
            }
        }
    }
}
