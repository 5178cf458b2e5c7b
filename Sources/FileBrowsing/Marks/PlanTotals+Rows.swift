/// The plan's totals counted from its rows (the plan's level): each marked
/// entry read once through its directory, opened once for all its marks,
/// on two threads when there are many, instead of resolving every mark's
/// path. Counted as `count(_:)` counts: each inode once, directories walked.
extension PlanTotals {
    /// What one marked entry is now.
    private struct Found {
        enum Outcome: UInt8 { case counted, vanished }
        var outcome: Outcome
        var kind: FileKind = .unknown
        var linked = false
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var size: Int64 = 0
        var blocks: Int64 = 0
    }

    /// Adds up the plan given as `contents` (entry `i` in directory
    /// `places[placeOfEntry[i]]`), where entry `i` is expected to be the file
    /// `marked(i)`. Ctrl-C stops the count, which comes back `interrupted`.
    public static func count(
        _ contents: PathRows.Contents, marked: (Int) -> FileIdentity, progress: ((Int) -> Void)? = nil
    ) -> PlanTotals {
        let total = contents.names.count
        let guarded = contents.places.contains { $0.directory.isGuarded }
        let descriptors = contents.places.map(\.directory.fd)
        var found = [Found](repeating: Found(outcome: .vanished), count: total)
        let read = { (range: Range<Int>, out: UnsafeMutableBufferPointer<Found>) -> Bool in
            for index in range {
                if (index - range.lowerBound) % 4096 == 4095 && Interruption.isRequested { return false }
                let place = Int(contents.placeOfEntry[index])
                let status: Result<FileStatus, Errno>
                if guarded {
                    let directory = contents.places[place].directory
                    let fd = directory.fd
                    let name = contents.names.name(at: index)
                    status = directory.guarded { withCString(name) { Syscalls.status(at: fd, name: $0, followSymlink: false) } }.map(FileStatus.init)
                } else {
                    status = contents.names.withName(at: index) { name in
                        withCString(name) { Syscalls.status(at: descriptors[place], name: $0, followSymlink: false) }
                    }.map(FileStatus.init)
                }
                guard case .success(let now) = status else { continue }
                out[index].kind = now.kind
                out[index].device = now.device
                out[index].inode = now.inode
                out[index].size = now.size
                out[index].blocks = now.blocks
                out[index].linked = now.linkCount > 1
                out[index].outcome = .counted
            }
            return true
        }
        var whole = true
        found.withUnsafeMutableBufferPointer { out in
            let half = total / 2
            guard total >= 8192 && !guarded else {
                whole = read(0..<total, out)
                return
            }
            let shared = SharedFound(out)
            let names = contents.names
            let placeOfEntry = contents.placeOfEntry
            var first = true
            let second = TwoThreads.run(
                { first = read(0..<half, out) },
                alongside: { () -> Bool in
                    for index in half..<total {
                        if (index - half) % 4096 == 4095 && Interruption.isRequested { return false }
                        let fd = descriptors[Int(placeOfEntry[index])]
                        let status = names.withName(at: index) { name in
                            withCString(name) { Syscalls.status(at: fd, name: $0, followSymlink: false) }
                        }.map(FileStatus.init)
                        guard case .success(let now) = status else { continue }
                        shared.out[index] = Found(
                            outcome: .counted, kind: now.kind, linked: now.linkCount > 1, device: now.device, inode: now.inode,
                            size: now.size, blocks: now.blocks)
                    }
                    return true
                })
            whole = first && second
        }
        var totals = PlanTotals()
        guard whole else {
            totals.interrupted = true
            return totals
        }
        // Each inode once: only files with other links, and everything once
        // directories are walked, can be met twice.
        let walksDirectories = found.contains { $0.outcome == .counted && $0.kind == .directory }
        var seen = Set<FileIdentity>()
        var counted = 0
        func add(_ status: (kind: FileKind, identity: FileIdentity, size: Int64, blocks: Int64, linked: Bool)) {
            if walksDirectories || status.linked || status.kind == .directory {
                guard seen.insert(status.identity).inserted else { return }
            }
            totals.kibibytes += (status.blocks + 1) / 2
            if status.kind == .directory {
                totals.directories += 1
            } else {
                totals.files += 1
                if status.kind == .file || status.kind == .symlink { totals.bytes += status.size }
            }
            counted += 1
            if counted % 65536 == 0 { progress?(counted) }
        }
        var options = ListOptions()
        options.hidden = .shown
        options.sortKey = .none
        let walker = DirectoryTreeWalker(listOptions: options)
        for index in 0..<total {
            let entry = found[index]
            switch entry.outcome {
            case .vanished:
                totals.vanished += 1
                continue
            case .counted:
                break
            }
            let identity = FileIdentity(device: entry.device, inode: entry.inode)
            guard identity == marked(index) else {
                totals.replaced += 1
                continue
            }
            add((entry.kind, identity, entry.size, entry.blocks, entry.linked))
            guard entry.kind == .directory else { continue }
            let place = contents.places[Int(contents.placeOfEntry[index])].directory
            let name = contents.names.name(at: index)
            guard let handle = try? DirectoryHandle.open(name, in: place, displayPath: PathBytes.join(place.path, name), followSymlink: false) else {
                totals.unreadableDirectories += 1
                continue
            }
            do {
                try walker.walk(handle) { event in
                    switch event {
                    case .entry(let listing, let row, _, _):
                        if counted % 1024 == 0 && Interruption.isRequested { throw CountStopped() }
                        if case .success(let child) = listing.status(ofRow: row) {
                            add((child.kind, child.identity, child.size, child.blocks, child.linkCount > 1))
                        }
                    case .failure:
                        totals.unreadableDirectories += 1
                    case .enter, .leave:
                        break
                    }
                }
            } catch {
                totals.interrupted = true
                break
            }
        }
        return totals
    }

    /// The results' buffer, handed to the second thread, which writes only its half.
    private struct SharedFound: @unchecked Sendable {
        let out: UnsafeMutableBufferPointer<Found>
        init(_ out: UnsafeMutableBufferPointer<Found>) { self.out = out }
    }
}
