import Glibc

/// Reads one directory's names and `d_type`s with `readdir`, and nothing else:
/// no `stat` happens here.
public enum DirectoryEnumerator {
    /// The entries of an open directory, in the order the file system returns
    /// them. `.` and `..` are kept only when `includeDotEntries` is set.
    public static func list(_ directory: DirectoryHandle, includeDotEntries: Bool = false) throws(FileError) -> NameArena {
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
        var arena = NameArena()
        arena.reserve(entries: 64, bytes: 1024)
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
                    if name[0] == 0x2E && (length == 1 || (length == 2 && name[1] == 0x2E)) && !includeDotEntries {
                        return
                    }
                    arena.append(UnsafeBufferPointer(start: name, count: length), kind: kind)
                }
            }
        }
        return arena
    }
}
