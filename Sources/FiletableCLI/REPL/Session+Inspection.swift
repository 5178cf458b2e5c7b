import FileBrowsing

/// Inspection commands: info, reload, stats.
extension Session {
    func info(_ reference: RowReference) throws(CommandError) {
        let row = try row(reference, for: "info")
        output.write(DetailView(model: current.model, row: row, path: current.path).text())
    }

    func reload() throws(CommandError) {
        Interruption.clear()
        let page = current.table.firstVisibleRow
        if case .success(let status) = current.model.directory.status(), status.linkCount == 0 {
            throw CommandError("reload: \(NameEscaping.escape(current.path)): the directory no longer exists (back or cd elsewhere)")
        }
        do {
            let change = try current.model.reload()
            current.forgetAncestry()
            current.table.reloadData()
            current.table.scrollToRow(page)
            write("reloaded: +\(change.added) -\(change.removed)")
            let model = current.model
            var present = Set<[UInt8]>()
            for index in 0..<model.arena.count { present.insert(model.arena.name(at: index)) }
            let gone = current.identity.map { marks.markedNames(inDirectory: $0) }.map { $0.subtracting(present) } ?? []
            if !gone.isEmpty {
                let names = gone.map { NameEscaping.escape($0) }.sorted().joined(separator: ", ")
                write("reload: marked but gone: \(names) (kept in the plan as vanished)")
            }
        } catch {
            throw CommandError("reload: \(error.description)")
        }
        // A level that was sized is sized again.
        if current.spaceNote != nil { return try sizeLevel() }
        printPage()
    }

    /// The engine's counters, one per line, in a fixed form scripts can read.
    func printStats() {
        let model = current.model
        let table = current.table
        write("rows: \(model.rowCount)")
        write("entries materialised: \(model.entriesMaterialised)")
        write("cells created: \(table.cellsCreated)")
        write("cells reused: \(table.cellsReused)")
        write("cache entries: \(model.cachedStatusCount)")
        if let watching { write("pages drawn for changes: \(watching.redraws)") }
    }
}
