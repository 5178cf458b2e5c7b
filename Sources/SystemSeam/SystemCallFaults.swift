import Glibc
import Synchronization

/// Test-only faults: makes chosen system calls fail with a chosen errno, as
/// swift-system's mocking driver does, so a test reaches what no tree on
/// disk gives a root user (`EACCES` from `openat`), what a disk gives only
/// when failing (`EIO` from `getdents64`), and a race (`ENOENT` from the
/// `stat` of a name `getdents64` just listed).
///
/// Compiled into debug builds only (the tests'): a release build has no
/// table to look at and pays nothing. Rules apply to every thread of the
/// process; a test arms them, runs, and calls `removeAll` in its tear-down.
public enum SystemCallFaults {
    /// The calls that can be made to fail.
    public enum Call: Sendable, Hashable {
        /// `openat` of a directory, a file, or a search-only descriptor.
        case openat
        /// `getdents64` (and `readdir` where it stands in): reading a directory's entries.
        case getdents64
        /// `fstatat` and `statx`: a name's status.
        case stat
    }

    #if DEBUG
        private struct Rule {
            let call: Call
            let errno: Errno
            /// Only calls on this name (the last component handed to the call); nil: any.
            let name: [UInt8]?
            var remaining: Int
        }

        private static let armed = Atomic<Bool>(false)
        private static let rules = Locked<[Rule]>([])

        /// Makes the next `times` calls of `call` (on `name` only, when
        /// given) fail with `errno`.
        public static func inject(_ call: Call, _ errno: Errno, onName name: String? = nil, times: Int = .max) {
            rules.withLock { $0.append(Rule(call: call, errno: errno, name: name.map { Array($0.utf8) }, remaining: times)) }
            armed.store(true, ordering: .releasing)
        }

        /// Every call behaves again.
        public static func removeAll() {
            rules.withLock { $0.removeAll() }
            armed.store(false, ordering: .releasing)
        }

        /// The errno `call` on `name` is to fail with, if a rule says so (and counts it).
        @usableFromInline
        static func fault(_ call: Call, name: UnsafePointer<CChar>? = nil) -> Errno? {
            guard armed.load(ordering: .acquiring) else { return nil }
            return matching(call, name: name)
        }

        private static func matching(_ call: Call, name: UnsafePointer<CChar>?) -> Errno? {
            let named = name.map { pointer in
                Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            }
            return rules.withLock { rules -> Errno? in
                guard
                    let index = rules.firstIndex(where: { rule in
                        rule.call == call && rule.remaining > 0 && (rule.name == nil || rule.name == named.map(lastComponent))
                    })
                else { return nil }
                rules[index].remaining -= 1
                return rules[index].errno
            }
        }

        private static func lastComponent(_ path: [UInt8]) -> [UInt8] {
            PathBytes.split(path).name
        }
    #else
        @inlinable
        static func fault(_ call: Call, name: UnsafePointer<CChar>? = nil) -> Errno? { nil }
    #endif
}
