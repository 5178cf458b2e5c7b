import FileBrowsing
import SystemSeam

/// Waiting on a file system that may not answer (a hung mount): the call
/// on a thread of its own under `HangGuard`, the user told past the
/// deadline, and Ctrl-C to give up. `info`, `reload`, the viewers and an
/// export onto such a mount go through it.
extension CommandContext {
    /// Runs a call where the file system may not answer: past the deadline
    /// says `PATH: not responding (still waiting; Ctrl-C to give up)` and
    /// waits on, until it answers or Ctrl-C gives the prompt back (the call
    /// is left to finish on its own). An error the call returns is the
    /// command's error.
    func awaitAnswer(
        _ command: String, path: [UInt8], in directory: DirectoryHandle,
        _ call: @escaping @Sendable () -> Result<Void, Errno>
    ) throws(CommandError) {
        guard let identity = directory.identity else { return }
        let answer = try awaitResult(command, path: path, key: identity, call)
        if case .failure(let errno) = answer { throw CommandError("\(command): \(NameEscaping.escape(path)): \(errno)") }
    }

    /// `call` on a thread of its own under `HangGuard` (keyed by `key`):
    /// past the deadline says `PATH: not responding (still waiting; Ctrl-C
    /// to give up)`; Ctrl-C gives up with `gaveUp` (the call finishes alone).
    func awaitResult<T: Sendable>(
        _ command: String, path: [UInt8], key: FileIdentity,
        gaveUp: String = "gave up waiting (the file system has not answered)", _ call: @escaping @Sendable () -> T
    ) throws(CommandError) -> T {
        var said = false
        let answer = HangGuard.runWaiting(in: key, call) {
            if !said {
                write("\(command): \(NameEscaping.escape(path)): not responding (still waiting; Ctrl-C to give up)")
                output.flush()
                said = true
            }
            return !stop.isRequested()
        }
        guard let answer else {
            stop.forget()
            throw CommandError("\(command): \(NameEscaping.escape(path)): \(gaveUp)")
        }
        return answer
    }

}
