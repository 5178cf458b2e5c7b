import SystemSeam

/// How a work tree's directory differs from a git revision (`compare --rev
/// REV`), asked of git, read-only: `git diff --name-status` between the
/// revision and the files on disk (no renames: a moved file is gone there
/// and new here, as `diff -rq` would say), the untracked files git does not
/// ignore, and how many of the revision's files are unchanged. Paths are
/// below the directory; git never names one with a `..` component.
public struct GitRevisionChanges: Sendable {
    /// How one path differs, in the comparison level's words.
    public enum Kind: Int, Sendable, CaseIterable {
        /// On disk and not in the revision (added since, or untracked).
        case onlyHere
        /// In the revision and no longer on disk.
        case onlyThere
        /// In both, with other bytes (or a conflict being merged).
        case contentsDiffer
        /// In both, one a file and the other a link (or a submodule).
        case typesDiffer
    }

    /// Each path that differs and how, in git's order (by path).
    public var entries: [(path: [UInt8], kind: Kind)] = []
    /// The revision's files below the directory that are the same on disk.
    public var sameFiles = 0

    /// The differences of the directory at `directory` from `revision`, or
    /// why git cannot say them, in a user's words; `stop` ends a git that
    /// has not answered (Ctrl-C's flag unless told otherwise).
    public static func read(
        _ directory: [UInt8], against revision: [UInt8], stop: @escaping () -> Bool = { Interruption.isRequested }
    ) -> Result<GitRevisionChanges, FileError> {
        let shown = String(decoding: revision, as: UTF8.self)
        let run = { (words: [String], last: [[UInt8]]) -> Result<[UInt8], FileError> in
            let ran = ProgramOutput.run(
                "git", arguments: [Array("-C".utf8), directory] + words.map { Array($0.utf8) } + last,
                environment: ["GIT_OPTIONAL_LOCKS": "0"], deadline: 30, stop: stop)
            switch ran {
            case .success(let output): return .success(output)
            case .failure(.notStarted):
                return .failure(FileError(path: directory, reason: .custom("git is not installed; compare --rev reads a revision with it")))
            case .failure(let failure):
                return .failure(
                    GitRevisionFile.cutShort(failure, path: directory)
                        ?? FileError(path: directory, reason: .custom("'\(shown)' is not a revision here (or not in a git work tree)")))
            }
        }
        let safe = ["-c", "core.fsmonitor=false", "--no-optional-locks"]
        return run(safe + ["rev-parse", "--verify", "--quiet", "--end-of-options"], [revision + Array("^{commit}".utf8)]).flatMap { _ in
            run(
                safe + ["diff", "--no-ext-diff", "--no-textconv", "--no-renames", "--relative", "--name-status", "-z", "--end-of-options"],
                [revision, Array("--".utf8)])
        }.flatMap { differences in
            run(safe + ["ls-files", "-z", "--others", "--exclude-standard"], []).map { (differences, $0) }
        }.flatMap { differences, untracked in
            run(safe + ["ls-tree", "-r", "-z", "--full-tree", "--name-only", "--end-of-options"], [revision + Array(":./".utf8)]).map {
                Self(differences: differences, untracked: untracked, filesThere: $0.lazy.filter { $0 == 0 }.count)
            }
        }
    }

    /// From `git diff --name-status -z` (a letter, then the path, each
    /// NUL-ended), `git ls-files -z --others` and the count of the
    /// revision's files.
    init(differences: [UInt8], untracked: [UInt8], filesThere: Int) {
        let fields = differences.split(separator: 0, omittingEmptySubsequences: false)
        var index = 0
        var changedThere = 0
        while index + 1 < fields.count {
            let letter = fields[index].first
            let path = Array(fields[index + 1])
            index += 2
            let kind: Kind
            switch letter {
            case UInt8(ascii: "A"): kind = .onlyHere
            case UInt8(ascii: "D"): kind = .onlyThere
            case UInt8(ascii: "T"): kind = .typesDiffer
            default: kind = .contentsDiffer
            }
            if kind != .onlyHere { changedThere += 1 }
            entries.append((path, kind))
        }
        for path in untracked.split(separator: 0) { entries.append((Array(path), .onlyHere)) }
        entries.sort { $0.path.lexicographicallyPrecedes($1.path) }
        sameFiles = max(0, filesThere - changedThere)
    }
}
