import SystemSeam

/// The git status of the directories a listing passes through, asked of the
/// `git` program (never a format of git's read here): once a work tree,
/// `git status --porcelain=v2`, then each directory's entries worked out
/// from it, a directory's the sum of what is below it, as `eza --git`
/// shows them. Read-only: git runs with `--no-optional-locks` (a status
/// never takes the index lock or writes the index) and `core.fsmonitor`
/// off (no program of the repository's runs), within a deadline.
///
/// Used from one thread at a time.
public final class GitWorkTrees {
    /// Why a directory has no status.
    public enum Unavailable: Error, Equatable, Sendable {
        /// No `git` program to run.
        case noGit
        /// Not inside a work tree (or inside `.git`).
        case notAWorkTree
        /// git did not answer within the deadline.
        case notResponding
        /// A stop (Ctrl-C) ended git before it answered.
        case stopped
        /// git failed otherwise.
        case failed

        /// Asking again may answer (a stop or a deadline cut git short).
        public var isTransient: Bool { self == .stopped || self == .notResponding }

        /// One line for the user, about `path`.
        public func message(for path: String) -> String {
            switch self {
            case .noGit: return "git is not installed"
            case .notAWorkTree: return "\(path): not in a git work tree"
            case .notResponding: return "\(path): git did not answer in time"
            case .stopped: return "\(path): stopped by Ctrl-C before git answered"
            case .failed: return "\(path): git status failed"
            }
        }

        /// The line for the git column, which shows `--` where git cannot say.
        public func columnMessage(for path: String) -> String {
            (self == .noGit ? "--git: " : "") + message(for: path) + "; the git column shows --"
        }
    }

    /// One work tree's status: every path git named, from its root.
    private var trees: [[UInt8]: Result<[(path: [UInt8], flags: GitFlags)], Unavailable>] = [:]
    private var directories: [[UInt8]: Result<GitDirectoryStatus, Unavailable>] = [:]
    private let stop: () -> Bool
    private let deadline: Double

    /// `stop` is asked while git runs (Ctrl-C's flag unless told otherwise):
    /// when it says yes git is killed and the answer is `.stopped`.
    public init(deadline: Double = 10, stop: @escaping () -> Bool = { Interruption.isRequested }) {
        self.deadline = deadline
        self.stop = stop
    }

    /// The status of the entries of the directory at `path`.
    public func status(ofDirectory path: [UInt8]) -> Result<GitDirectoryStatus, Unavailable> {
        if let known = directories[path] { return known }
        let found = locate(path).flatMap { root, prefix in tree(at: root).map { GitDirectoryStatus(entries: $0, prefix: prefix) } }
        // A stop is not an answer: the next ask runs git again (a deadline
        // is kept: a git that hangs costs it once, not once a directory).
        if case .failure(.stopped) = found { return found }
        directories[path] = found
        return found
    }

    /// The work tree's root holding `path`, and `path` below it (`src/`, or empty at the root).
    func locateRoot(_ path: [UInt8]) -> Result<(root: [UInt8], prefix: [UInt8]), Unavailable> { locate(path) }

    /// Runs git with `arguments`, read-only, within the deadline.
    func runGit(_ arguments: [[UInt8]]) -> Result<[UInt8], Unavailable> { run(arguments) }

    private func locate(_ path: [UInt8]) -> Result<(root: [UInt8], prefix: [UInt8]), Unavailable> {
        run([Array("-C".utf8), path] + ["rev-parse", "--show-toplevel", "--show-prefix"].map { Array($0.utf8) }).flatMap { output in
            let lines = output.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            guard lines.count >= 2, !lines[0].isEmpty else { return .failure(.notAWorkTree) }
            return .success((lines[0], lines[1]))
        }
    }

    /// Every path git names in the work tree at `root`, sorted.
    private func tree(at root: [UInt8]) -> Result<[(path: [UInt8], flags: GitFlags)], Unavailable> {
        if let known = trees[root] { return known }
        let words = { (words: [String]) in words.map { Array($0.utf8) } }
        let arguments: [[UInt8]] =
            words(["-c", "core.fsmonitor=false", "-C"]) + [root]
            + words(["--no-optional-locks", "status", "--porcelain=v2", "-z", "--untracked-files=all", "--ignored=matching"])
        let read = run(arguments).map { GitPorcelain.entries($0).sorted { $0.path.lexicographicallyPrecedes($1.path) } }
        if case .failure(.stopped) = read { return read }
        trees[root] = read
        return read
    }

    private func run(_ arguments: [[UInt8]]) -> Result<[UInt8], Unavailable> {
        let ran = ProgramOutput.run(
            "git", arguments: arguments, environment: ["GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"], deadline: deadline, stop: stop)
        switch ran {
        case .success(let output): return .success(output)
        case .failure(.notStarted): return .failure(.noGit)
        case .failure(.notResponding): return .failure(.notResponding)
        case .failure(.stopped): return .failure(.stopped)
        case .failure(.failed(status: 128, _)): return .failure(.notAWorkTree)
        case .failure: return .failure(.failed)
        }
    }
}

/// One directory's entries as git sees them: each name's flags, a
/// directory's the sum of what is below it, everything ignored inside a
/// directory git ignores whole.
public struct GitDirectoryStatus: Sendable {
    private var byName: [[UInt8]: GitFlags] = [:]
    /// The directory itself is ignored (inside an ignored directory).
    private var allIgnored = false

    init(entries: [(path: [UInt8], flags: GitFlags)], prefix: [UInt8]) {
        for (path, flags) in entries {
            // An ignored directory above this one: all of it is ignored.
            if flags == .ignored, path.last == 0x2F, prefix.starts(with: path) {
                allIgnored = true
                continue
            }
            guard path.count > prefix.count, path.starts(with: prefix) else { continue }
            let rest = path[prefix.count...]
            let name = Array(rest.prefix { $0 != 0x2F })
            // Ignored is the entry's own, never summed up from below (as eza
            // has it): a directory holding an ignored file is not ignored.
            if flags == .ignored && rest.count > name.count + 1 { continue }
            byName[name, default: []].formUnion(flags)
        }
        // `.git` at the root is git's own: ignored, as eza shows it.
        if prefix.isEmpty { byName[Array(".git".utf8), default: []].insert(.ignored) }
    }

    /// The flags of the entry `name`.
    public func flags(ofName name: [UInt8]) -> GitFlags {
        allIgnored ? .ignored : byName[name] ?? []
    }

    /// The directory lies inside one git ignores whole.
    public var isIgnoredWhole: Bool { allIgnored }

    /// The names git ignores here (`.git` among them at a work tree's root).
    public var ignoredNames: Set<[UInt8]> { Set(byName.filter { $0.value.contains(.ignored) }.keys) }
}

extension GitWorkTrees {
    /// What `git clean -ndX` (with `untracked`: `git clean -nd`) would
    /// remove below the directory at `path`, as paths below it (a
    /// directory's ending with `/`): ignored files and whole ignored
    /// directories (or untracked files and whole untracked directories).
    /// Read from `git status --porcelain=v2` (git clean itself is never run,
    /// not even with -n): its untracked directories shown whole and ignored
    /// paths as git clean names them; an untracked directory holding
    /// something ignored (which `git clean -nd` keeps) gives its untracked
    /// files one by one.
    public func cleanable(below path: [UInt8], untracked: Bool) -> Result<[[UInt8]], Unavailable> {
        locateRoot(path).flatMap { _, prefix in
            status(in: path, untrackedFiles: "normal", ignored: "traditional").flatMap { entries in
                let below = { (entry: (path: [UInt8], flags: GitFlags)) -> [UInt8]? in
                    guard entry.path.starts(with: prefix), entry.path.count > prefix.count else { return nil }
                    return Array(entry.path[prefix.count...])
                }
                let ignored = entries.filter { $0.flags == .ignored }.compactMap(below)
                guard untracked else { return .success(ignored) }
                var paths: [[UInt8]] = []
                var mixed: [[UInt8]] = []
                for path in entries.filter({ $0.flags == .workTreeNew }).compactMap(below) {
                    if path.last == 0x2F, ignored.contains(where: { $0.starts(with: path) }) { mixed.append(path) } else { paths.append(path) }
                }
                guard !mixed.isEmpty else { return .success(paths) }
                return status(in: path, untrackedFiles: "all", ignored: "no").map { all in
                    paths + all.filter { $0.flags == .workTreeNew }.compactMap(below).filter { file in mixed.contains { file.starts(with: $0) } }
                }
            }
        }
    }

    /// `git status` of the subtree at `path`, read-only.
    private func status(in path: [UInt8], untrackedFiles: String, ignored: String) -> Result<[(path: [UInt8], flags: GitFlags)], Unavailable> {
        let words = { (words: [String]) in words.map { Array($0.utf8) } }
        let arguments: [[UInt8]] =
            words(["-c", "core.fsmonitor=false", "-C"]) + [path]
            + words([
                "--no-optional-locks", "status", "--porcelain=v2", "-z", "--untracked-files=" + untrackedFiles, "--ignored=" + ignored, "--", ".",
            ])
        return runGit(arguments).map(GitPorcelain.entries)
    }
}
