import Glibc

/// Hears about changes in directories (inotify), the way a table-view app's
/// table hears from NotificationCenter: one watch a directory, added by its
/// descriptor (through `/proc/self/fd`), so it follows the directory that was
/// read, not whatever a path names later.
public final class DirectoryWatcher {
    /// What happened to a name in a watched directory.
    public enum ChangeKind: Sendable, Equatable {
        /// Created, or moved in.
        case added
        /// Deleted, or moved out.
        case removed
        /// Written, or its status changed.
        case modified
        /// The directory itself went away or moved: its watch is gone.
        case directoryGone
        /// The kernel's queue overflowed: changes were lost, read everything again.
        case overflow
    }

    public struct Change: Sendable, Equatable {
        public let watch: Int32
        public let name: [UInt8]
        public let kind: ChangeKind
    }

    /// Becomes readable when changes are waiting (for `poll`).
    public let descriptor: Int32

    public init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor < 0 { return nil }
    }

    deinit { Glibc.close(descriptor) }

    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF
            | IN_ONLYDIR)

    /// Watches a directory; the watch number, or the error (`ENOSPC` when
    /// `max_user_watches` is reached).
    public func watch(directoryAt directoryFD: Int32) -> Result<Int32, Errno> {
        let path = "/proc/self/fd/\(directoryFD)"
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        return watch >= 0 ? .success(watch) : .failure(Errno(errno))
    }

    public func unwatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor, watch)
    }

    /// The changes waiting now (none when nothing is: never blocks).
    public func readChanges() -> [Change] {
        var changes: [Change] = []
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer, capacity)
            if count <= 0 { break }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let namePointer = (buffer + offset + 16).assumingMemoryBound(to: CChar.self)
                let name = length > 0 ? Array(UnsafeRawBufferPointer(start: namePointer, count: strnlen(namePointer, length))) : []
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changes.append(Change(watch: -1, name: [], kind: .overflow))
                } else if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    changes.append(Change(watch: watch, name: [], kind: .directoryGone))
                } else if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    changes.append(Change(watch: watch, name: name, kind: .added))
                } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    changes.append(Change(watch: watch, name: name, kind: .removed))
                } else if mask & UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE) != 0, !name.isEmpty {
                    changes.append(Change(watch: watch, name: name, kind: .modified))
                }
            }
        }
        return changes
    }
}
