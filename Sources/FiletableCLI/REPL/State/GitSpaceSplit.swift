import FileBrowsing
import SystemSeam

/// `figures git` after `du` in a work tree: each row's space split into
/// what git tracks, what is untracked and what git ignores (what `mark
/// ignored` would free), from `git status` (what git clean -nd and -ndX
/// name) and du's figures. Worked out once a directory and kept until a
/// reload; the session's one owner of it.
final class GitSpaceSplit {
    /// Each row's untracked and ignored bytes, by name, for a directory's
    /// path and what the figures count.
    /// (nil: not a work tree, or git cannot say).
    private var known: [Key: [[UInt8]: (untracked: Int64, ignored: Int64)]?] = [:]

    private struct Key: Hashable {
        let path: [UInt8]
        let measure: SpaceMeasure
    }

    /// The split of the directory at `path`, each path's space as
    /// `space` counts a status (a directory as du sized it); nil outside a
    /// work tree. Asks git, under its deadline and `stop`, once (after a
    /// stop, again on the next page; `reload` asks anew).
    func split(
        of path: [UInt8], measure: SpaceMeasure, stop: @escaping () -> Bool, space: (FileStatus) -> Int64
    ) -> [[UInt8]: (untracked: Int64, ignored: Int64)]? {
        let key = Key(path: path, measure: measure)
        if let split = known[key] { return split }
        let trees = GitWorkTrees(stop: stop)
        let asked = trees.cleanable(below: path, untracked: true).flatMap { untracked in
            trees.cleanable(below: path, untracked: false).map { (untracked, $0) }
        }
        let untracked: [[UInt8]]
        let ignored: [[UInt8]]
        switch asked {
        case .success(let answer): (untracked, ignored) = answer
        case .failure(let reason):
            // A git that did not answer in time is not asked again each page.
            if reason != .stopped { known[key] = .some(nil) }
            return nil
        }
        var split: [[UInt8]: (untracked: Int64, ignored: Int64)] = [:]
        for (paths, isIgnored) in [(untracked, false), (ignored, true)] {
            for below in paths {
                let trimmed = below.last == 0x2F ? Array(below.dropLast()) : below
                let name = Array(trimmed.prefix { $0 != 0x2F })
                guard case .success(let status) = FileStatusReader.status(of: PathBytes.join(path, trimmed), followSymlink: false) else { continue }
                let bytes = space(status)
                var entry = split[name] ?? (0, 0)
                if isIgnored { entry.ignored += bytes } else { entry.untracked += bytes }
                split[name] = entry
            }
        }
        known[key] = split
        return split
    }

    /// Forgotten: git and du are asked again.
    func forget() { known = [:] }
}
