import SystemSeam

/// A kept scan encoded in two halves on two threads: the root's entries up
/// to a subdirectory that splits the tree's entries about evenly, and the
/// rest. The second half starts from the first half's last path, which is
/// found without encoding the first (the last entry of the last entry's
/// subtree, and so on down), so the bytes are the same as one walk's.
extension SavedScan {
    /// The scan's tree as the encoding walks it.
    struct EncodingTree: @unchecked Sendable {
        /// A directory being walked: its number, its path's length, the next subdirectory and file.
        struct Frame {
            var node: Int
            var length: Int
            var nextDirectory: Int
            var nextFile: Int

            /// The root's frame, from its `nextDirectory`th subdirectory and `nextFile`th file.
            static func root(nextDirectory: Int = 0, nextFile: Int = 0) -> Frame {
                Frame(node: 0, length: 0, nextDirectory: nextDirectory, nextFile: nextFile)
            }
        }

        let directories: [SpaceScan.Entry]
        let batches: [SpaceScan.FileBatch]
        /// By the scan's number of a directory: its subdirectories in name order, its batch (-1: none).
        let subdirectories: [[Int]]
        let batchOf: [Int]

        init(_ result: SpaceScan.Result) {
            directories = result.directoryEntries
            batches = result.fileBatches
            let last = max(directories.lazy.map(\.scanNode).max() ?? 0, batches.lazy.map(\.directory).max() ?? 0)
            var subdirectories = [[Int]](repeating: [], count: last + 1)
            for (index, entry) in directories.enumerated() where entry.directory >= 0 { subdirectories[entry.directory].append(index) }
            for node in subdirectories.indices where subdirectories[node].count > 1 {
                subdirectories[node].sort { [directories] in directories[$0].node.component.lexicographicallyPrecedes(directories[$1].node.component)
                }
            }
            var batchOf = [Int](repeating: -1, count: last + 1)
            for (index, batch) in batches.enumerated() { batchOf[batch.directory] = index }
            self.subdirectories = subdirectories
            self.batchOf = batchOf
        }

        /// Where the second half starts: the root's subdirectory (by its
        /// place) that the entries before it about half fill, the root's
        /// files before it, and the path written last before it. Nil when
        /// the root has fewer than two subdirectories.
        func rootSplit() -> (directories: Int, files: Int, last: [UInt8])? {
            let root = subdirectories.first ?? []
            guard root.count >= 2 else { return nil }
            let weights = root.map { max(1, directories[$0].totals.files + directories[$0].totals.directories) }
            let half = weights.reduce(0, +) / 2
            var place = 1
            var sum = weights[0]
            while place < root.count - 1 && sum < half {
                sum += weights[place]
                place += 1
            }
            let name = directories[root[place]].node.component
            let rootFiles = batchOf[0] >= 0 ? batches[batchOf[0]] : nil
            var files = 0
            if let rootFiles {
                while files < rootFiles.count, rootFiles.withName(files, { $0.lexicographicallyPrecedes(name) }) { files += 1 }
            }
            return (place, files, lastPath(of: 0, directories: place, files: files))
        }

        /// The path of the last entry written below `node` when only its
        /// first `directoryCount` subdirectories and `fileCount` files are.
        private func lastPath(of node: Int, directories directoryCount: Int, files fileCount: Int) -> [UInt8] {
            var path: [UInt8] = []
            var node = node
            var counts = (directoryCount, fileCount)
            while true {
                let lastDirectory = counts.0 > 0 ? subdirectories[node][counts.0 - 1] : nil
                let batch = batchOf[node] >= 0 ? batches[batchOf[node]] : nil
                let lastFile = counts.1 > 0 ? batch?.withName(counts.1 - 1) { Array($0) } : nil
                let directoryName = lastDirectory.map { directories[$0].node.component }
                if !path.isEmpty && (directoryName != nil || lastFile != nil) { path.append(0x2F) }
                if let lastFile, directoryName.map({ $0.lexicographicallyPrecedes(lastFile) }) ?? true {
                    return path + lastFile
                }
                guard let lastDirectory, let directoryName else { return path }
                path += directoryName
                node = directories[lastDirectory].scanNode
                counts = (subdirectories[node].count, batchOf[node] >= 0 ? batches[batchOf[node]].count : 0)
            }
        }
    }

    /// Encodes the root's entries before `split` here and the rest on a
    /// second thread into chunks of its own, handed on after the first
    /// half's (the second thread's memory: about half the file).
    static func encodeInHalves(
        _ tree: EncodingTree, split: (directories: Int, files: Int, last: [UInt8]), to out: consuming EncodedBytes,
        emit: @escaping (UnsafeRawBufferPointer) -> Errno?
    ) -> Errno? {
        let second = SecondHalf()
        let thread = JoinableThread {
            var writer = PathWriter(after: split.last)
            var bytes = EncodedBytes(capacity: EncodedBytes.chunkCapacity) { chunk in
                second.chunks.append(Array(chunk.bindMemory(to: UInt8.self)))
                return nil
            }
            walk(
                tree, from: .root(nextDirectory: split.directories, nextFile: split.files), rootLimit: nil,
                with: &writer, to: &bytes)
            _ = bytes.finish()
        }
        var writer = PathWriter()
        walk(
            tree, from: .root(),
            rootLimit: (split.directories, split.files), with: &writer, to: &out)
        if let failure = out.finish() {
            thread?.join()
            return failure
        }
        guard let thread else {
            // No second thread: the rest here, after the first half.
            var writer = PathWriter(after: split.last)
            var rest = EncodedBytes(capacity: EncodedBytes.chunkCapacity, emit: emit)
            walk(
                tree, from: .root(nextDirectory: split.directories, nextFile: split.files), rootLimit: nil,
                with: &writer, to: &rest)
            return rest.finish()
        }
        thread.join()
        for chunk in second.chunks {
            if let failure = chunk.withUnsafeBytes({ emit($0) }) { return failure }
        }
        return nil
    }

    /// The second half's chunks, written by its thread and read after it is joined.
    private final class SecondHalf: @unchecked Sendable {
        var chunks: [[UInt8]] = []
    }
}
