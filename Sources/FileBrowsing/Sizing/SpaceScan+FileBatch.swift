import SystemSeam

extension SpaceScan {
    /// The files one directory's read recorded (`Options.recordedDepth`):
    /// their names in one arena and their totals, a column a field, all in
    /// name order (sorted and laid out so by the worker that read them,
    /// outside the lock, while its cache still holds them: a kept scan's
    /// encoding then reads each column front to back, where reading them
    /// through an order spent 40% of its time waiting for memory). No array
    /// or path node a file: `Result.entries` makes those when asked, and a
    /// kept scan is written from the batches as they are
    /// (`SavedScan.encoded(_:root:savedAt:)`).
    public struct FileBatch: Sendable {
        /// The scan's number of the directory, and its path.
        let directory: Int
        let directoryPath: PathNode
        /// The names (with their kinds), in name order.
        private let names: NameArena
        /// Each file's sizes (a file counts one file, no directory).
        private let sizes: Sizes

        /// The recorded files' sizes, a column a field (made by
        /// `SizeRecorder`): 32 bits each when every file of the batch fits
        /// (under 4 GiB, and 2 TiB on disk: nearly every batch; 8 bytes a
        /// file, where 16 made a third of a kept scan's memory and its page
        /// faults), else 64.
        struct Sizes {
            /// Narrow: apparent bytes and 512-byte blocks on disk, else empty.
            var narrowApparentBytes: [UInt32] = []
            var narrowDiskBlocks: [UInt32] = []
            /// Wide: apparent and disk bytes, when a file does not fit narrow, else empty.
            var wideApparentBytes: [Int64] = []
            var wideDiskBytes: [Int64] = []
            /// Each file's time, when the scan reads times (`du --time`), else empty.
            var latestTimes: [Timestamp] = []
            /// Each file's place in the reading, when asked for (`Options.recordsPositions`), else empty.
            var positions: [Int32] = []

            var isNarrow: Bool { wideApparentBytes.isEmpty }

            func apparentBytes(_ position: Int) -> Int64 {
                isNarrow ? Int64(narrowApparentBytes[position]) : wideApparentBytes[position]
            }

            func diskBytes(_ position: Int) -> Int64 { isNarrow ? Int64(narrowDiskBlocks[position]) * 512 : wideDiskBytes[position] }

            /// The pair of columns in use as raw buffers, the other pair
            /// empty, valid only inside `body`.
            func withBuffers<R>(
                _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Int64>, UnsafeBufferPointer<Int64>) -> R
            ) -> R {
                if isNarrow {
                    return narrowApparentBytes.withUnsafeBufferPointer { apparent in
                        narrowDiskBlocks.withUnsafeBufferPointer { disk in
                            body(apparent, disk, .init(start: nil, count: 0), .init(start: nil, count: 0))
                        }
                    }
                }
                return wideApparentBytes.withUnsafeBufferPointer { apparent in
                    wideDiskBytes.withUnsafeBufferPointer { disk in body(.init(start: nil, count: 0), .init(start: nil, count: 0), apparent, disk) }
                }
            }
        }

        /// A directory read's recorded files (`names`' `i`th with `sizes`'
        /// `i`th, in the order read), put in name order here.
        init(directory: Int, path: PathNode, names: NameRecorder, sizes: SizeRecorder) {
            self.directory = directory
            directoryPath = path
            let order = names.withBuffers { Self.byteOrder(bytes: $0, starts: $1) }
            self.names = names.arena(in: order)
            self.sizes = sizes.sizes(in: order)
        }

        /// The names' order, byte by byte. Each name's first six bytes and
        /// its number are one 64-bit value, put in order by those six bytes
        /// (`ByteRadixSort`: no comparison, no `memcmp`); only names that
        /// share their first six bytes are then compared whole. A directory
        /// of more than 65,535 files (too many for the number's 16 bits)
        /// sorts by the whole names. `bytes` is a `NameRecorder`'s: eight
        /// bytes may be read from any name's start.
        private static func byteOrder(bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>) -> [Int32] {
            // Each name without its NUL.
            func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(starts[index])..<Int(starts[index + 1]) - 1])
            }
            func precedes(_ a: Int, _ b: Int) -> Bool { NaturalOrder.compareBytes(name(a), name(b)) < 0 }
            let count = max(0, starts.count - 1)
            guard count <= 0xFFFF else { return (0..<count).sorted(by: precedes).map { Int32($0) } }
            // A name's first eight bytes in one load (`NameRecorder` keeps eight
            // readable past each start), the first six kept, in order, high
            // byte first; a shorter name's are followed by zeros, which sort
            // first, as a name that ends does.
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var packed = [UInt64](unsafeUninitializedCapacity: count) { to, made in
                for index in 0..<count {
                    let start = Int(starts[index])
                    let length = Int(starts[index + 1]) - 1 - start
                    let first = (base + start).loadUnaligned(as: UInt64.self).bigEndian
                    let kept = min(length, 6)
                    let prefix = kept == 0 ? 0 : (first & (~UInt64(0) << (64 - 8 * kept))) >> 16
                    to[index] = prefix << 16 | UInt64(index)
                }
                made = count
            }
            ByteRadixSort.sort(&packed, byteCount: 6)
            var order = packed.map { Int32(truncatingIfNeeded: $0 & 0xFFFF) }
            // Runs that share their first six bytes: in order by the whole names.
            var start = 0
            while start < count {
                var end = start + 1
                while end < count, packed[end] >> 16 == packed[start] >> 16 { end += 1 }
                if end - start > 1 { order[start..<end].sort { precedes(Int($0), Int($1)) } }
                start = end
            }
            return order
        }

        var count: Int { names.count }

        /// The `position`th file by name: its name, kind and totals.
        func withName<R>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { names.withName(at: position, body) }
        func kind(_ position: Int) -> FileKind { names.kind(at: position) }
        func totals(_ position: Int) -> SpaceTotals {
            var totals = SpaceTotals(apparentBytes: sizes.apparentBytes(position), diskBytes: sizes.diskBytes(position), files: 1)
            if !sizes.latestTimes.isEmpty { totals.latestTime = sizes.latestTimes[position] }
            return totals
        }

        /// The batch's columns as raw buffers, valid only inside `body`: for
        /// a walk over every file (`SavedScan.encoded`) that reaches each
        /// by pointer, not through this struct's arrays a field at a time.
        func withColumns<R>(_ body: (Columns) -> R) -> R {
            names.bytes.withUnsafeBufferPointer { bytes in
                names.starts.withUnsafeBufferPointer { starts in
                    names.kinds.withUnsafeBufferPointer { kinds in
                        sizes.withBuffers { narrowApparent, narrowDisk, wideApparent, wideDisk in
                            body(
                                Columns(
                                    bytes: bytes, starts: starts, kinds: kinds, narrowApparentBytes: narrowApparent,
                                    narrowDiskBlocks: narrowDisk, wideApparentBytes: wideApparent, wideDiskBytes: wideDisk))
                        }
                    }
                }
            }
        }

        /// A batch's files by pointer (`withColumns`), in name order.
        struct Columns {
            let bytes: UnsafeBufferPointer<UInt8>
            let starts: UnsafeBufferPointer<UInt32>
            let kinds: UnsafeBufferPointer<FileKind>
            /// One pair of the sizes' columns (`Sizes`), the other empty.
            let narrowApparentBytes: UnsafeBufferPointer<UInt32>
            let narrowDiskBlocks: UnsafeBufferPointer<UInt32>
            let wideApparentBytes: UnsafeBufferPointer<Int64>
            let wideDiskBytes: UnsafeBufferPointer<Int64>

            var count: Int { kinds.count }

            /// The `index`th file's apparent bytes and 512-byte blocks on disk.
            @inline(__always)
            func apparentBytes(at index: Int) -> UInt64 {
                wideApparentBytes.isEmpty ? UInt64(narrowApparentBytes[index]) : UInt64(max(0, wideApparentBytes[index]))
            }

            @inline(__always)
            func diskBlocks(at index: Int) -> UInt64 {
                wideDiskBytes.isEmpty ? UInt64(narrowDiskBlocks[index]) : UInt64(max(0, wideDiskBytes[index])) / 512
            }

            /// No files (a directory without a batch).
            static var none: Columns {
                Columns(
                    bytes: .init(start: nil, count: 0), starts: .init(start: nil, count: 0), kinds: .init(start: nil, count: 0),
                    narrowApparentBytes: .init(start: nil, count: 0), narrowDiskBlocks: .init(start: nil, count: 0),
                    wideApparentBytes: .init(start: nil, count: 0), wideDiskBytes: .init(start: nil, count: 0))
            }

            /// The first `count` files by name.
            func prefix(_ count: Int) -> Columns {
                Columns(
                    bytes: bytes, starts: UnsafeBufferPointer(rebasing: starts.prefix(count + 1)),
                    kinds: UnsafeBufferPointer(rebasing: kinds.prefix(count)),
                    narrowApparentBytes: UnsafeBufferPointer(rebasing: narrowApparentBytes.prefix(count)),
                    narrowDiskBlocks: UnsafeBufferPointer(rebasing: narrowDiskBlocks.prefix(count)),
                    wideApparentBytes: UnsafeBufferPointer(rebasing: wideApparentBytes.prefix(count)),
                    wideDiskBytes: UnsafeBufferPointer(rebasing: wideDiskBytes.prefix(count)))
            }

            /// The first file from `start` on whose name does not come
            /// before `name` byte by byte (`count` when none): a binary
            /// search, the names being in order.
            func firstIndex(from start: Int, notBefore name: UnsafeBufferPointer<UInt8>) -> Int {
                var low = start
                var high = count
                while low < high {
                    let middle = low + (high - low) / 2
                    if NaturalOrder.compareBytes(self.name(at: middle), name) < 0 { low = middle + 1 } else { high = middle }
                }
                return low
            }

            /// The name of the `index`th file by name, without its NUL.
            @inline(__always)
            func name(at index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(starts[index])..<Int(starts[index + 1]) - 1])
            }
        }

        /// The `position`th file by name as an entry (a path node made for it).
        func entry(_ position: Int) -> Entry {
            Entry(
                node: PathNode(parent: directoryPath, component: withName(position) { Array($0) }), directory: directory, scanNode: -1,
                kind: kind(position), totals: totals(position), position: sizes.positions.isEmpty ? 0 : sizes.positions[position])
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
        // A file with several links is listed where du counts it (`linkMoves`).
        let removed = Dictionary(grouping: linkMoves, by: \.removedDirectory).mapValues { Set($0.map(\.removedName)) }
        for batch in fileBatches where depth == .max || batch.directoryPath.depth < depth {
            let gone = removed[batch.directory]
            for index in 0..<batch.count where gone.map({ names in !batch.withName(index) { names.contains(Array($0)) } }) ?? true {
                entries.append(batch.entry(index))
            }
        }
        entries += linkMoves.map(\.added).filter { depth == .max || $0.depth <= depth }
        return entries
    }
}
