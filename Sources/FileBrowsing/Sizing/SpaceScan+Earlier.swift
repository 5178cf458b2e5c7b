import SystemSeam

/// A scan compared, as it goes, with an earlier scan of the same tree
/// (`Options.earlier`, `--du --since`): each file met is looked up in the
/// earlier scan's index by its directory's entry there and its name, while
/// its directory is read (no path is built, nothing is kept for a file
/// that did not change); each directory's totals are compared when the scan
/// ends; what the earlier scan holds and this one never met was removed.
/// `Result.changes` has every change at every depth, in no order.
extension SpaceScan {
    /// What reading a directory found that differs from the earlier scan,
    /// and which of its entries it met there.
    struct EarlierComparison {
        /// The directory's entry in the earlier scan (`ScanIndex.absent`: it
        /// was not there, so neither is anything inside it).
        var directory = ScanIndex.absent
        /// Earlier entries met, unchanged or not.
        var met: [Int32] = []
        /// Files sized and not yet compared: their names point into the
        /// directory buffer just read (compared before it is read again).
        var pending: [(name: UnsafeRawBufferPointer, kind: FileKind, totals: SpaceTotals)] = []
        /// The earlier entries `pending` names (reused).
        var found: [Int32] = []
        /// Files new or changed: the name, kind, totals now, and the earlier entry (or `absent`).
        var changedFiles: [(name: [UInt8], kind: FileKind, totals: SpaceTotals, then: Int32)] = []
    }

    /// Compares the files of one directory buffer just sized (`pending`,
    /// whose names point into that buffer) with their earlier entries, all
    /// looked up at once; `pending` is emptied.
    func compareFiles(with earlier: ScanIndex, into comparison: inout EarlierComparison) {
        guard !comparison.pending.isEmpty else { return }
        earlier.lookup(parent: comparison.directory, names: comparison.pending.map(\.name), into: &comparison.found)
        for (file, then) in zip(comparison.pending, comparison.found) {
            if then != ScanIndex.absent {
                comparison.met.append(then)
                if earlier.kind(of: then) == file.kind && Self.sameFigures(earlier.totals(of: then), file.totals) { continue }
            }
            comparison.changedFiles.append((Array(file.name), file.kind, file.totals, then))
        }
        comparison.pending.removeAll(keepingCapacity: true)
    }

    /// Whether two totals agree in what a scan keeps (the unreadable count is not kept).
    static func sameFigures(_ a: SpaceTotals, _ b: SpaceTotals) -> Bool {
        a.apparentBytes == b.apparentBytes && a.diskBytes == b.diskBytes && a.files == b.files && a.directories == b.directories
    }
}

extension SpaceScan.State {
    /// Notes, under the lock, what reading directory `index` found against the earlier scan.
    mutating func note(_ comparison: SpaceScan.EarlierComparison, of index: Int, earlier: ScanIndex) {
        for ordinal in comparison.met { earlierMet[Int(ordinal)] = true }
        guard !comparison.changedFiles.isEmpty else { return }
        let directory = pathBelowRoot(of: index)
        for file in comparison.changedFiles {
            let path = directory.isEmpty ? file.name : directory + [0x2F] + file.name
            let then = file.then == ScanIndex.absent ? nil : earlier.totals(of: file.then)
            changes.append(ScanChange(path: path, kind: file.kind, then: then, now: file.totals))
        }
    }

    /// The changes once the scan is over: the directories' (their totals
    /// are final now), then what the earlier scan holds and this one did
    /// not meet.
    mutating func finishComparing(with earlier: ScanIndex, toDepth depth: Int, separatesDirectories: Bool) -> [ScanChange] {
        for index in nodes.indices.dropFirst() where nodes[index].complete && nodes[index].depth <= depth {
            let node = nodes[index]
            let now = separatesDirectories ? node.own : node.total
            if node.earlier != ScanIndex.absent {
                earlierMet[Int(node.earlier)] = true
                let then = earlier.totals(of: node.earlier)
                if earlier.kind(of: node.earlier) == .directory && SpaceScan.sameFigures(then, now) { continue }
                changes.append(ScanChange(path: pathBelowRoot(of: index), kind: .directory, then: then, now: now))
            } else {
                changes.append(ScanChange(path: pathBelowRoot(of: index), kind: .directory, then: nil, now: now))
            }
        }
        for ordinal in earlierMet.indices where !earlierMet[ordinal] {
            let entry = Int32(ordinal)
            changes.append(ScanChange(path: earlier.path(of: entry), kind: earlier.kind(of: entry), then: earlier.totals(of: entry), now: nil))
        }
        return changes
    }

    /// A directory's path below the root, names joined by `/` (the root's: empty).
    func pathBelowRoot(of index: Int) -> [UInt8] {
        var path: [UInt8] = []
        for (position, name) in nodes[index].path.componentsBelowRoot.enumerated() {
            if position > 0 { path.append(0x2F) }
            path += name
        }
        return path
    }
}
