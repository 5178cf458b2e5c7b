import SystemSeam

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

    /// Each entry's status now, read on two threads for a large plan (one
    /// where calls can hang, through the deadline guard); nil when Ctrl-C
    /// stopped the reading.
    private static func statuses(of contents: PathRows.Contents) -> [Found]? {
        let total = contents.names.count
        let guarded = contents.places.contains { $0.directory.isGuarded || $0.directory.holdsHangProneMounts }
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
                    status = directory.guarded(on: name) { withCString(name) { Syscalls.status(at: fd, name: $0, followSymlink: false) } }.map(
                        FileStatus.init)
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
        return whole ? found : nil
    }

    /// Adds up the plan given as `contents` (entry `i` in directory
    /// `places[placeOfEntry[i]]`), where entry `i` is expected to be the file
    /// `marked(i)`. Ctrl-C stops the count, which comes back `interrupted`.
    public static func count(
        _ contents: PathRows.Contents, marked: (Int) -> FileIdentity, progress: ((Int) -> Void)? = nil
    ) -> PlanTotals {
        guard let found = statuses(of: contents) else {
            var stopped = PlanTotals()
            stopped.interrupted = true
            return stopped
        }
        let total = found.count
        // Each inode once: only files with other links, and everything once
        // directories are walked, can be met twice.
        let walksDirectories = found.contains { $0.outcome == .counted && $0.kind == .directory }
        var tally = Tally(progress: progress, countsEachInodeOnce: walksDirectories)
        for index in 0..<total {
            let entry = found[index]
            guard entry.outcome == .counted else {
                tally.totals.vanished += 1
                continue
            }
            let identity = FileIdentity(device: entry.device, inode: entry.inode)
            guard identity == marked(index) else {
                tally.totals.replaced += 1
                continue
            }
            tally.add(entry.kind, identity, size: entry.size, blocks: entry.blocks, linked: entry.linked)
            guard entry.kind == .directory else { continue }
            let place = contents.places[Int(contents.placeOfEntry[index])].directory
            let name = contents.names.name(at: index)
            if !tally.walk(name, in: place, path: PathBytes.join(place.path, name)) { break }
        }
        return tally.totals
    }

    /// The results' buffer, handed to the second thread, which writes only its half.
    private struct SharedFound: @unchecked Sendable {
        let out: UnsafeMutableBufferPointer<Found>
        init(_ out: UnsafeMutableBufferPointer<Found>) { self.out = out }
    }
}
