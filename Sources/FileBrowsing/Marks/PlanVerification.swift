import SystemSeam

/// Compares each mark with what its path leads to now. Every list of marks,
/// `marks verify` and every export go through here before they trust a path.
public enum PlanVerification {
    public enum Problem: Sendable, Equatable {
        case vanished
        /// A different inode or device: something else stands at the path now.
        case replaced
        /// The same inode, but its type, size or modification time differ.
        case changed(String)
        /// The path cannot be followed (a directory on the way is unreadable, say).
        case unreachable(Errno)
        /// The path's directory is not the directory the mark was read from
        /// (a directory on the way was moved or replaced by a link): the
        /// name there may be another link to the same file, whose removal
        /// would not be what was marked.
        case directoryReplaced

        public var description: String {
            switch self {
            case .vanished: return "vanished"
            case .replaced: return "replaced (the path names a different file now)"
            case .changed(let what): return "changed (\(what))"
            case .unreachable(let errno): return "cannot be checked (\(errno.description))"
            case .directoryReplaced:
                return "its directory is a different directory now (a directory on the way moved or became a link)"
            }
        }

        /// Whether the path can no longer be trusted to name the marked file.
        public var breaksIdentity: Bool {
            switch self {
            case .replaced, .unreachable, .directoryReplaced: return true
            case .vanished, .changed: return false
            }
        }
    }

    /// What is wrong with one mark now, or nil when its path still leads to
    /// the file as it was, in the directory it was read from.
    public static func problem(with mark: Mark) -> Problem? {
        var directories = DirectoryIdentities()
        return problem(with: mark, directories: &directories)
    }

    /// The identities of the directories marks' paths lead through, each
    /// path resolved once per check.
    struct DirectoryIdentities {
        private var known: [[UInt8]: Result<FileIdentity, Errno>] = [:]

        mutating func identity(of path: [UInt8]) -> Result<FileIdentity, Errno> {
            if let found = known[path] { return found }
            let resolved = PathResolution.status(of: path, followingLastLink: true).map(\.identity)
            if known.count > 65536 { known.removeAll(keepingCapacity: true) }
            known[path] = resolved
            return resolved
        }
    }

    static func problem(with mark: Mark, directories: inout DirectoryIdentities) -> Problem? {
        let now: FileStatus
        switch PathResolution.status(of: mark.path) {
        case .success(let status): now = status
        case .failure(let errno) where errno == .noSuchFileOrDirectory: return .vanished
        case .failure(let errno): return .unreachable(errno)
        }
        let then = mark.snapshot
        if now.identity != then.identity { return .replaced }
        switch directories.identity(of: mark.parentAndName.parent) {
        case .success(let identity) where identity != mark.entry.directory: return .directoryReplaced
        case .success: break
        case .failure(let errno): return .unreachable(errno)
        }
        // A file made again under the same inode number has a new birth time.
        if now.changeTime != then.changeTime, let born = then.birthTime, let bornNow = PathResolution.birthTime(of: mark.path), bornNow != born {
            return .replaced
        }
        var differences: [String] = []
        if now.kind != then.kind { differences.append("type") }
        if now.size != then.size { differences.append("size \(then.size) -> \(now.size)") }
        if now.modificationTime != then.modificationTime { differences.append("modification time") }
        // Nothing else differs, yet the kernel changed the status: without a
        // birth time, a file made again with the old size and time looks so.
        if differences.isEmpty && now.changeTime != then.changeTime {
            differences.append(then.birthTime == nil ? "status change time: replaced, or its mode, owner or links changed" : "status change time")
        }
        return differences.isEmpty ? nil : .changed(differences.joined(separator: ", "))
    }

    public static func check(_ marks: [Mark]) -> [(mark: Mark, problem: Problem)] {
        var directories = DirectoryIdentities()
        return marks.compactMap { mark in problem(with: mark, directories: &directories).map { (mark, $0) } }
    }
}
