import FileBrowsing
import SystemSeam

/// The session's git column (`git on`): whether rows show git's letters,
/// and each directory's status, asked of git on a thread of its own so that
/// no page waits for it: the column is blank until the answer is in, and
/// the doorbell wakes the prompt or the screen to draw it. The session's
/// one owner of it; used from the main thread (the answers cross under a lock).
final class GitColumn {
    /// Whether rows show the column.
    private(set) var shows = false
    /// du's figures split by what git says of them (`figures git`).
    let spaceSplit = GitSpaceSplit()
    /// Rung when an answer came in.
    let doorbell = Doorbell()
    private let answers = Locked<[[UInt8]: Result<GitDirectoryStatus, GitWorkTrees.Unavailable>]>([:])
    private var asked: Set<[UInt8]> = []
    /// A script waits for git (its pages are its output); a person at a
    /// terminal never does.
    private let waits: Bool

    init(waits: Bool) {
        self.waits = waits
    }

    func setShows(_ shows: Bool) { self.shows = shows }

    /// The status of the directory at `path` once git answered; nil while
    /// it is being asked (asked now, the first time).
    func status(ofDirectory path: [UInt8]) -> Result<GitDirectoryStatus, GitWorkTrees.Unavailable>? {
        if let known = answers.withLock({ $0[path] }) { return known }
        guard asked.insert(path).inserted else { return nil }
        if waits {
            let found = GitWorkTrees().status(ofDirectory: path)
            answers.withLock { $0[path] = found }
            return found
        }
        let answers = answers
        let doorbell = doorbell
        let worker = JoinableThread {
            // Never stopped by a Ctrl-C meant for a command: the deadline bounds it.
            let found = GitWorkTrees(deadline: 30, stop: { false }).status(ofDirectory: path)
            answers.withLock { $0[path] = found }
            doorbell?.ring()
        }
        worker?.detach()
        return nil
    }

    /// Git is asked again on the next draw (`reload`, a change in the tree).
    func forget() {
        answers.withLock { $0 = [:] }
        asked = []
        spaceSplit.forget()
    }

    /// A row's two letters: `  ` while git is asked, `--` where it cannot say.
    func letters(ofPath path: [UInt8]) -> String {
        let (directory, name) = PathBytes.split(path)
        switch status(ofDirectory: directory.isEmpty ? [0x2F] : directory) {
        case .none: return "  "
        case .success(let status)?: return status.flags(ofName: name).letters
        case .failure?: return "--"
        }
    }

    /// A row's status in words, for the detail pane and `info`; nil while
    /// asked or where git cannot say.
    func words(ofPath path: [UInt8]) -> String? {
        let (directory, name) = PathBytes.split(path)
        guard case .success(let status)? = status(ofDirectory: directory.isEmpty ? [0x2F] : directory) else { return nil }
        return status.flags(ofName: name).words
    }
}
