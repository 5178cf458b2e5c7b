import FileBrowsing

/// Inspection commands: info and reload (stats carries its own logic).
extension Session {
    func info(_ reference: RowReference) throws(CommandError) {
        let row = try row(reference, for: "info")
        let model = current.model
        if case .failure(.notResponding) = model.status(ofRow: row), let location = model.location(ofRow: row) {
            let path = location.path
            try awaitAnswer("info", path: path, in: location.directory) {
                FileStatusReader.status(of: path, followSymlink: false).map { _ in () }
            }
        }
        frontEnd.say(.composed(DetailView(model: model, row: row, path: current.path(ofRow: row)).text()))
    }

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
        Interruption.clear()
        var said = false
        let answer = HangGuard.runWaiting(in: key, call) {
            if !said {
                write("\(command): \(NameEscaping.escape(path)): not responding (still waiting; Ctrl-C to give up)")
                output.flush()
                said = true
            }
            return !Interruption.isRequested
        }
        guard let answer else {
            Interruption.clear()
            throw CommandError("\(command): \(NameEscaping.escape(path)): \(gaveUp)")
        }
        return answer
    }

    func reload() throws(CommandError) {
        Interruption.clear()
        guard let listing = current.listing else { return try reloadGathered() }
        let directory = listing.directory
        if directory.isGuarded {
            // The directory's status and a first read of its entries through
            // the deadline guard, so a mount that stopped answering is said
            // to, not waited on (the reread below then finds it answering).
            let fd = directory.fd
            try awaitAnswer("reload", path: current.path, in: directory) { DirectoryHandle.probeEntries(fd) }
        }
        if case .success(let status) = directory.status(), status.linkCount == 0 {
            throw CommandError("reload: \(NameEscaping.escape(current.path)): the directory no longer exists (back or cd elsewhere)")
        }
        do {
            let change = try current.reread()
            write("reloaded: +\(change.added) -\(change.removed)")
            var present = Set<[UInt8]>()
            for index in 0..<listing.arena.count { present.insert(listing.arena.name(at: index)) }
            let gone = current.identity.map { marks.markedNames(inDirectory: $0) }.map { $0.subtracting(present) } ?? []
            if !gone.isEmpty {
                let names = gone.map { NameEscaping.escape($0) }.sorted().joined(separator: ", ")
                write("reload: marked but gone: \(names) (kept in the plan as vanished)")
            }
        } catch {
            throw CommandError("reload: \(error.description)")
        }
        // A level that was sized is sized again.
        if current.space != nil { return try sizeLevel(SpaceRequest()) }
        printPage()
    }

    /// `reload` on a level of gathered rows: the search run again, the
    /// plan's marks read again and its totals counted again.
    private func reloadGathered() throws(CommandError) {
        do {
            let change = try current.reread()
            write("reloaded: +\(change.added) -\(change.removed)")
        } catch {
            throw CommandError("reload: \(error.description)")
        }
        if let summary = current.kind.summary { current.pendingSummary = summary }
        printPage()
    }
}
