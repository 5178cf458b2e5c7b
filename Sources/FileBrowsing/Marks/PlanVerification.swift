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

        public var description: String {
            switch self {
            case .vanished: return "vanished"
            case .replaced: return "replaced (the path names a different file now)"
            case .changed(let what): return "changed (\(what))"
            case .unreachable(let errno): return "cannot be checked (\(errno.description))"
            }
        }

        /// Whether the path can no longer be trusted to name the marked file.
        public var breaksIdentity: Bool {
            switch self {
            case .replaced, .unreachable: return true
            case .vanished, .changed: return false
            }
        }
    }

    /// What is wrong with one mark now, or nil when its path still leads to
    /// the file as it was.
    public static func problem(with mark: Mark) -> Problem? {
        let now: FileStatus
        switch PathResolution.status(of: mark.path) {
        case .success(let status): now = status
        case .failure(let errno) where errno == .noSuchFileOrDirectory: return .vanished
        case .failure(let errno): return .unreachable(errno)
        }
        let then = mark.snapshot
        if now.identity != then.identity { return .replaced }
        var differences: [String] = []
        if now.kind != then.kind { differences.append("type") }
        if now.size != then.size { differences.append("size \(then.size) -> \(now.size)") }
        if now.modificationTime != then.modificationTime { differences.append("modification time") }
        return differences.isEmpty ? nil : .changed(differences.joined(separator: ", "))
    }

    public static func check(_ marks: [Mark]) -> [(mark: Mark, problem: Problem)] {
        marks.compactMap { mark in problem(with: mark).map { (mark, $0) } }
    }
}
