import FileBrowsing

/// `reload`: the directory read again, saying what changed.
struct ReloadCommand: RegisteredCommand {
    static let spec = CommandSpec(
        name: "reload", aliases: [], usage: "reload", summary: "read the directory again",
        details: "Enumerates the current directory again and says what changed (+added -removed); sort, filter and page are kept.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        try words.none()
        return ReloadCommand()
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        context.git.forget()
        try context.reload()
        return .keepGoing
    }
}

extension Command {
    static var reload: Command { Command(ReloadCommand()) }
}

extension CommandContext {
    func reload() throws(CommandError) {
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
