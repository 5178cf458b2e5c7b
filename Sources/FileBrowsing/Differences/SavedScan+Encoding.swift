extension SavedScan {
    /// The file's bytes for `result`, a scan recorded to every depth: the
    /// same bytes as `SavedScan(result, …).encoded()`, written by one walk
    /// down the scan's tree (each directory's subdirectories and its batch
    /// of files, already in name order, merged by name), with the path kept
    /// in one buffer: no path array, entry or node is made for a file.
    public static func encoded(_ result: SpaceScan.Result, root: [UInt8], savedAt: Int64) -> [UInt8] {
        let directories = result.directoryEntries
        let batches = result.fileBatches
        let last = max(directories.lazy.map(\.scanNode).max() ?? 0, batches.lazy.map(\.directory).max() ?? 0)
        // By the scan's number of a directory: its subdirectories in name order, its batch.
        var subdirectories = [[Int]](repeating: [], count: last + 1)
        for (index, entry) in directories.enumerated() where entry.directory >= 0 { subdirectories[entry.directory].append(index) }
        for node in subdirectories.indices where subdirectories[node].count > 1 {
            subdirectories[node].sort { directories[$0].node.component.lexicographicallyPrecedes(directories[$1].node.component) }
        }
        var batchOf = [Int](repeating: -1, count: last + 1)
        for (index, batch) in batches.enumerated() { batchOf[batch.directory] = index }

        var out = magic
        let count = result.recordedCount
        out.reserveCapacity(count * 12 + root.count + 32)
        Varint.append(UInt64(root.count), to: &out)
        out += root
        Varint.append(UInt64(max(0, savedAt)), to: &out)
        appendTotals(result.root, to: &out)
        Varint.append(UInt64(count), to: &out)
        var writer = PathWriter()
        // A directory being walked: its number, its path's length, the next subdirectory and file.
        var stack: [(node: Int, length: Int, nextDirectory: Int, nextFile: Int)] = [(0, 0, 0, 0)]
        while var frame = stack.popLast() {
            let subdirectoriesHere = subdirectories[frame.node]
            let batch = batchOf[frame.node] >= 0 ? batches[batchOf[frame.node]] : nil
            let directory = frame.nextDirectory < subdirectoriesHere.count ? directories[subdirectoriesHere[frame.nextDirectory]] : nil
            let file = batch.flatMap { frame.nextFile < $0.count ? frame.nextFile : nil }
            guard directory != nil || file != nil else { continue }
            // The smaller name of the next subdirectory and the next file.
            let takesFile: Bool
            if let directory, let batch, let file {
                takesFile = batch.withName(file) { name in
                    directory.node.component.withUnsafeBufferPointer { name.lexicographicallyPrecedes($0) }
                }
            } else {
                takesFile = file != nil
            }
            if takesFile, let batch, let file {
                frame.nextFile += 1
                stack.append(frame)
                batch.withName(file) { writer.write($0, below: frame.length, to: &out) }
                out.append(batch.kind(file).rawValue)
                appendTotals(batch.totals(file), to: &out)
            } else if let directory {
                frame.nextDirectory += 1
                stack.append(frame)
                directory.node.component.withUnsafeBufferPointer { writer.write($0, below: frame.length, to: &out) }
                out.append(FileKind.directory.rawValue)
                appendTotals(directory.totals, to: &out)
                stack.append((directory.scanNode, writer.length, 0, 0))
            }
        }
        return out
    }

    /// The path of the entry written last, and how the next one's is
    /// written: the bytes it shares with it, then the rest.
    private struct PathWriter {
        private var path: [UInt8] = []
        private(set) var length = 0

        /// Writes the path made of the first `parentLength` bytes of the
        /// last one (its directory's path) and `name`.
        mutating func write(_ name: UnsafeBufferPointer<UInt8>, below parentLength: Int, to out: inout [UInt8]) {
            let start = parentLength == 0 ? 0 : parentLength + 1
            var shared = min(parentLength, length)
            if length > parentLength {
                // The last path went on below the same directory: the `/` and what the names share.
                shared = start
                while shared < length, shared - start < name.count, path[shared] == name[shared - start] { shared += 1 }
            }
            let newLength = start + name.count
            if path.count < newLength { path += repeatElement(0, count: newLength - path.count) }
            path.withUnsafeMutableBufferPointer { path in
                if parentLength > 0 { path[parentLength] = 0x2F }
                if !name.isEmpty { (path.baseAddress! + start).update(from: name.baseAddress!, count: name.count) }
            }
            Varint.append(UInt64(shared), to: &out)
            Varint.append(UInt64(newLength - shared), to: &out)
            path.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[shared..<newLength])) }
            length = newLength
        }
    }
}
