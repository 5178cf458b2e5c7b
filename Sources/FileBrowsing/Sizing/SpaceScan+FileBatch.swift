extension SpaceScan {
    /// The files one directory's read recorded (`Options.recordedDepth`):
    /// their names in one arena, in name order (sorted by the worker that
    /// read them, outside the lock), and their totals. No array or path
    /// node a file: `Result.entries` makes those when asked, and a kept scan
    /// is written from the batches as they are (`SavedScan.encoded(_:root:savedAt:)`).
    public struct FileBatch: Sendable {
        /// The scan's number of the directory, and its path.
        let directory: Int
        let directoryPath: PathNode
        /// The names (with their kinds) as read, and their order by name.
        private let names: NameArena
        private let order: [Int32]
        /// Each file's sizes (a file counts one file, no directory).
        private let apparentBytes: [Int64]
        private let diskBytes: [Int64]
        /// Each file's time, when the scan reads times (`du --time`), else empty.
        private let latestTimes: [Timestamp]

        /// A directory read's recorded files (`names[i]` with `totals[i]`),
        /// their order by name found here.
        init(directory: Int, path: PathNode, names: NameArena, totals: [SpaceTotals]) {
            self.directory = directory
            directoryPath = path
            self.names = names
            order = names.bytes.withUnsafeBufferPointer { bytes in
                names.starts.withUnsafeBufferPointer { starts in
                    // Each name without its NUL.
                    func name(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
                        UnsafeBufferPointer(rebasing: bytes[Int(starts[Int(index)])..<Int(starts[Int(index) + 1]) - 1])
                    }
                    return (0..<Int32(names.count)).sorted { NaturalOrder.compareBytes(name($0), name($1)) < 0 }
                }
            }
            apparentBytes = totals.map(\.apparentBytes)
            diskBytes = totals.map(\.diskBytes)
            latestTimes = totals.first?.latestTime == nil ? [] : totals.map { $0.latestTime ?? Timestamp(seconds: 0) }
        }

        var count: Int { order.count }

        /// The `position`th file by name: its name, kind and totals.
        func withName<R>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { names.withName(at: Int(order[position]), body) }
        func kind(_ position: Int) -> FileKind { names.kind(at: Int(order[position])) }
        func totals(_ position: Int) -> SpaceTotals {
            let index = Int(order[position])
            var totals = SpaceTotals(apparentBytes: apparentBytes[index], diskBytes: diskBytes[index], files: 1)
            if !latestTimes.isEmpty { totals.latestTime = latestTimes[index] }
            return totals
        }

        /// The `position`th file by name as an entry (a path node made for it).
        func entry(_ position: Int) -> Entry {
            Entry(
                node: PathNode(parent: directoryPath, component: withName(position) { Array($0) }), directory: directory, scanNode: -1,
                kind: kind(position), totals: totals(position))
        }
    }
}

extension SpaceScan.Result {
    /// How many entries were recorded (directories and files).
    public var recordedCount: Int { directoryEntries.count + fileBatches.reduce(0) { $0 + $1.count } }

    /// Entries down to `Options.recordedDepth`, in no particular order:
    /// the directories', then the files' (made here, a path node each).
    public var entries: [SpaceScan.Entry] { entries(toDepth: .max) }

    /// The entries at most `depth` levels below the root (1: its own); the
    /// files of deeper directories are not made into entries at all.
    public func entries(toDepth depth: Int) -> [SpaceScan.Entry] {
        var entries = depth == .max ? directoryEntries : directoryEntries.filter { $0.depth <= depth }
        for batch in fileBatches where depth == .max || batch.directoryPath.depth < depth {
            for index in 0..<batch.count { entries.append(batch.entry(index)) }
        }
        return entries
    }
}
