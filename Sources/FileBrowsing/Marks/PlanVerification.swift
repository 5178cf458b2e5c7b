/// Compares each marked path with its snapshot.
public enum PlanVerification {
    public enum Problem: Sendable, Equatable {
        case vanished
        /// A different inode or device: something else stands at the path now.
        case replaced
        /// The same inode, but its type, size or modification time differ.
        case changed(String)

        public var description: String {
            switch self {
            case .vanished: return "vanished"
            case .replaced: return "replaced (a different file now)"
            case .changed(let what): return "changed (\(what))"
            }
        }
    }

    public static func check(_ marks: [Mark]) -> [(mark: Mark, problem: Problem)] {
        marks.compactMap { mark in
            guard case .success(let status) = FileStatusReader.status(of: mark.path, followSymlink: false) else {
                return (mark, .vanished)
            }
            let now = MarkSnapshot(status), then = mark.snapshot
            if now.inode != then.inode || now.device != then.device { return (mark, .replaced) }
            var differences: [String] = []
            if now.kind != then.kind { differences.append("type") }
            if now.size != then.size { differences.append("size \(then.size) -> \(now.size)") }
            if now.modificationTime != then.modificationTime { differences.append("modification time") }
            return differences.isEmpty ? nil : (mark, .changed(differences.joined(separator: ", ")))
        }
    }
}
