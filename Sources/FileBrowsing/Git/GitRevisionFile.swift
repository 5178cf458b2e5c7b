import SystemSeam

/// A file as a git revision holds it (`--rev REV --cat FILE`, as `git show
/// REV:FILE` prints it), asked of the git program, read-only: the
/// revision checked, the path's type at it, then the blob's bytes.
public enum GitRevisionFile {
    /// The bytes of `path` (relative to the working directory, or absolute
    /// inside a work tree) at `revision`, or why not, in a user's words.
    /// `stop` (Ctrl-C's flag unless told otherwise) ends a git that has not
    /// answered, as the deadline does.
    public static func bytes(
        of path: [UInt8], at revision: [UInt8], deadline: Double = 30, stop: @escaping () -> Bool = { Interruption.isRequested }
    ) -> Result<[UInt8], FileError> {
        let (parent, name) = PathBytes.split(path)
        let directory: [UInt8] = parent.isEmpty ? [0x2E] : parent
        let shown = String(decoding: revision, as: UTF8.self)
        let run = { (words: [[UInt8]]) -> Result<[UInt8], ProgramOutput.Failure> in
            ProgramOutput.run(
                "git", arguments: [Array("-C".utf8), directory] + words, environment: ["GIT_OPTIONAL_LOCKS": "0"], deadline: deadline,
                stop: stop)
        }
        let words = { (text: [String]) in text.map { Array($0.utf8) } }
        switch run(words(["rev-parse", "--verify", "--quiet", "--end-of-options"]) + [revision + Array("^{commit}".utf8)]) {
        case .success: break
        case .failure(.notStarted): return .failure(FileError(path: path, reason: .custom("git is not installed; --rev reads a revision with it")))
        case .failure(.notResponding): return .failure(FileError(path: path, reason: .custom("git did not answer in time")))
        case .failure(.stopped): return .failure(FileError(path: path, reason: .custom("stopped by Ctrl-C before git answered")))
        case .failure: return .failure(FileError(path: path, reason: .custom("'\(shown)' is not a revision here (or not in a git work tree)")))
        }
        let object = revision + Array(":./".utf8) + name
        let typed = run(words(["cat-file", "-t", "--end-of-options"]) + [object])
        guard case .success(let type) = typed else {
            if case .failure(let failure) = typed, let cut = cutShort(failure, path: path) { return .failure(cut) }
            return .failure(FileError(path: path, reason: .custom("not in \(shown)")))
        }
        guard type == Array("blob\n".utf8) else {
            return .failure(
                FileError(path: path, reason: .custom(type == Array("tree\n".utf8) ? "a directory in \(shown)" : "not a file in \(shown)")))
        }
        return run(words(["cat-file", "blob", "--end-of-options"]) + [object]).mapError { failure in
            cutShort(failure, path: path) ?? FileError(path: path, reason: .custom("git could not read it from \(shown)"))
        }
    }

    /// The error of a git cut short by the deadline or a stop; nil for any other failure.
    static func cutShort(_ failure: ProgramOutput.Failure, path: [UInt8]) -> FileError? {
        switch failure {
        case .notResponding: return FileError(path: path, reason: .custom("git did not answer in time"))
        case .stopped: return FileError(path: path, reason: .custom("stopped by Ctrl-C before git answered"))
        default: return nil
        }
    }
}
