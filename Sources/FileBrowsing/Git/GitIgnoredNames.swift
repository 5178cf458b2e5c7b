import SystemSeam

/// `--git-ignore`: the names a directory's listing leaves out because git
/// ignores them (as `tree --gitignore` and `eza --git-ignore` do), asked of
/// git once a work tree (`GitWorkTrees`). Shared by the listings of one
/// run, from any thread (under a lock); outside a work tree nothing is
/// left out. Equal only to itself.
public final class GitIgnoredNames: Equatable, @unchecked Sendable {
    private let trees = Locked(GitWorkTrees(deadline: 30))

    public init() {}

    /// What the listing of the directory at `path` leaves out: every name,
    /// inside a directory git ignores whole; else the names git ignores.
    public func leftOut(in path: [UInt8]) -> (all: Bool, names: Set<[UInt8]>) {
        trees.withLock { trees in
            guard case .success(let status) = trees.status(ofDirectory: path) else { return (false, []) }
            return (status.isIgnoredWhole, status.ignoredNames)
        }
    }

    public static func == (a: GitIgnoredNames, b: GitIgnoredNames) -> Bool { a === b }
}
