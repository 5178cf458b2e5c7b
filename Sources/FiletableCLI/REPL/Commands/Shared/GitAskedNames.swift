import FileBrowsing
import SystemSeam

extension CommandContext {
    /// What `gitignore on`, `filter --git` and `sort git` ask git through,
    /// asked once here for the directory in view: a git stopped by Ctrl-C or
    /// past its deadline refuses the command, and the table stays as it
    /// was (outside a work tree the command goes on: nothing is git's).
    func askedGitNames(for command: String) throws(CommandError) -> GitIgnoredNames {
        let names = GitIgnoredNames(stop: stop.isRequested)
        if current.listing != nil, let reason = names.unavailable(in: current.path), reason.isTransient {
            throw CommandError("\(command): " + reason.message(for: NameEscaping.escape(current.path)) + "; nothing changed")
        }
        return names
    }
}
