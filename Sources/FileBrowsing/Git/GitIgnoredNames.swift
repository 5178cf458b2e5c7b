import SystemSeam

/// `--git-ignore`: the names a directory's listing leaves out because git
/// ignores them (as `tree --gitignore` and `eza --git-ignore` do), asked of
/// git once a work tree (`GitWorkTrees`). Shared by the listings of one
/// run, from any thread (under a lock); outside a work tree nothing is
/// left out. Equal only to itself.
public final class GitIgnoredNames: Equatable, @unchecked Sendable {
    private let trees: Locked<GitWorkTrees>

    /// `stop` ends a git that has not answered (Ctrl-C's flag unless told
    /// otherwise); nothing is left out then, and the next listing asks again.
    public init(stop: @escaping () -> Bool = { Interruption.isRequested }) {
        trees = Locked(GitWorkTrees(deadline: 30, stop: stop))
    }

    /// What the listing of the directory at `path` leaves out: every name,
    /// inside a directory git ignores whole; else the names git ignores.
    public func leftOut(in path: [UInt8]) -> (all: Bool, names: Set<[UInt8]>) {
        trees.withLock { trees in
            guard case .success(let status) = trees.status(ofDirectory: path) else { return (false, []) }
            return (status.isIgnoredWhole, status.ignoredNames)
        }
    }

    /// Why git cannot say what the directory at `path` holds; nil when it can.
    public func unavailable(in path: [UInt8]) -> GitWorkTrees.Unavailable? {
        trees.withLock { trees in
            guard case .failure(let reason) = trees.status(ofDirectory: path) else { return nil }
            return reason
        }
    }

    /// The status of the directory at `path`'s entries; nil outside a work tree.
    public func status(in path: [UInt8]) -> GitDirectoryStatus? {
        trees.withLock { trees in
            guard case .success(let status) = trees.status(ofDirectory: path) else { return nil }
            return status
        }
    }

    public static func == (a: GitIgnoredNames, b: GitIgnoredNames) -> Bool { a === b }
}

/// `filter --git KIND`: only the entries git says are of a kind (a
/// directory when something below it is), asked through `names`.
public struct GitKind: Equatable, Sendable {
    /// The word typed (`modified`), for the header.
    public let word: String
    /// Any of these flags keeps an entry; empty: the unchanged ones.
    public let flags: GitFlags
    public let names: GitIgnoredNames

    /// The kinds `filter --git` takes, by word.
    public static let words: [(word: String, flags: GitFlags)] = [
        ("modified", [.indexModified, .workTreeModified]), ("new", [.indexNew, .workTreeNew]),
        ("deleted", [.indexDeleted, .workTreeDeleted]), ("renamed", [.indexRenamed, .workTreeRenamed]),
        ("typechange", [.indexTypeChange, .workTreeTypeChange]), ("ignored", .ignored), ("conflicted", .conflicted),
        ("staged", [.indexNew, .indexModified, .indexDeleted, .indexRenamed, .indexTypeChange]),
        ("unstaged", [.workTreeNew, .workTreeModified, .workTreeDeleted, .workTreeRenamed, .workTreeTypeChange]),
        ("changed", GitFlags(rawValue: 0xFFFF).subtracting(.ignored)), ("clean", []),
    ]

    public init?(word: String, names: GitIgnoredNames) {
        guard let kind = Self.words.first(where: { $0.word == word.lowercased() }) else { return nil }
        self.word = kind.word
        self.flags = kind.flags
        self.names = names
    }

    /// Whether an entry of these flags is kept.
    public func keeps(_ entry: GitFlags) -> Bool { flags.isEmpty ? entry.isEmpty : !entry.isDisjoint(with: flags) }
}
