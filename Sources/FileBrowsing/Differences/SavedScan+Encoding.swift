import SystemSeam

extension SavedScan {
    /// The file's bytes for `result`, a scan recorded to every depth: the
    /// same bytes as `SavedScan(result, …).encoded()`, written by one walk
    /// down the scan's tree (each directory's subdirectories and its batch
    /// of files, already in name order, merged by name), with the path kept
    /// in one buffer: no path array, entry or node is made for a file.
    ///
    /// This walk runs after the scan (a large scan's two halves on two
    /// threads: `SavedScan+Halves.swift`), so all its cost is wall time:
    /// the bytes go into a buffer of its own (`EncodedBytes`: one
    /// capacity check an entry, then plain stores) and a batch's files are
    /// reached through raw buffers (`FileBatch.withColumns`), never through
    /// the batch's arrays a field at a time (1,270 instructions an entry
    /// through arrays).
    public static func encoded(_ result: SpaceScan.Result, root: [UInt8], savedAt: Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        _ = encode(result, root: root, savedAt: savedAt) { chunk in
            bytes.append(contentsOf: chunk)
            return nil
        }
        return bytes
    }

    /// The same bytes as `encoded(_:root:savedAt:)`, handed to `emit` a
    /// chunk of at most 64 KiB at a time as they are made (a kept scan is
    /// written to its file so, never held whole: no 2 MB buffer and copy
    /// for 200,000 entries). The first error `emit` gives ends the walk and
    /// is returned.
    static func encode(
        _ result: SpaceScan.Result, root: [UInt8], savedAt: Int64, emit: @escaping (UnsafeRawBufferPointer) -> Errno?
    ) -> Errno? {
        let tree = EncodingTree(result)
        let count = result.recordedCount
        var out = EncodedBytes(capacity: min(count * 12 + root.count + 64, EncodedBytes.chunkCapacity), emit: emit)
        out.ensure(room: magic.count + root.count + 80)
        for byte in magic { out.store(byte) }
        out.storeNumber(UInt64(root.count))
        for byte in root { out.store(byte) }
        out.storeNumber(UInt64(max(0, savedAt)))
        out.storeTotals(result.root)
        out.storeNumber(UInt64(count))
        if count >= parallelThreshold, let split = tree.rootSplit() {
            return encodeInHalves(tree, split: split, to: out, emit: emit)
        }
        var writer = PathWriter()
        walk(tree, from: .root(), rootLimit: nil, with: &writer, to: &out)
        return out.finish()
    }

    /// Entries at least this many are encoded in two halves on two threads.
    nonisolated(unsafe) static var parallelThreshold = 50_000

    /// Writes the entries below `first` (a directory's frame), depth first in
    /// name order; for the root, only its first `rootLimit` subdirectories and
    /// files when given (the first half of `encodeInHalves`).
    static func walk(
        _ tree: EncodingTree, from first: EncodingTree.Frame, rootLimit: (directories: Int, files: Int)?, with writer: inout PathWriter,
        to out: inout EncodedBytes
    ) {
        let directories = tree.directories
        var stack = [first]
        while out.failure == nil, var frame = stack.popLast() {
            let batch = tree.batchOf[frame.node]
            var here = tree.subdirectories[frame.node]
            let limit = frame.node == 0 ? rootLimit : nil
            if let limit { here = Array(here.prefix(limit.directories)) }
            // This directory's entries merged by name, up to its next subdirectory (whose own entries come next).
            let next =
                batch >= 0
                ? tree.batches[batch].withColumns { files in
                    writeFiles(limit.map { files.prefix($0.files) } ?? files, upTo: here, in: directories, from: &frame, with: &writer, to: &out)
                }
                : writeFiles(.none, upTo: here, in: directories, from: &frame, with: &writer, to: &out)
            guard let directory = next else { continue }
            directories[directory].node.component.withUnsafeBufferPointer { writer.write($0, below: frame.length, to: &out) }
            out.ensure(room: 41)
            out.store(FileKind.directory.rawValue)
            out.storeTotals(directories[directory].totals)
            // Its own entries next, then this directory's again.
            stack.append(frame)
            stack.append(EncodingTree.Frame(node: directories[directory].scanNode, length: writer.length, nextDirectory: 0, nextFile: 0))
        }
    }

    /// Writes a directory's files (`files`, in name order) from where `frame`
    /// stands, merged by name with its subdirectories (`here`), until the
    /// next subdirectory comes: its number (`frame` moved past it), or nil
    /// when the directory is done. The files before a subdirectory are
    /// found by one binary search, not a comparison a file.
    private static func writeFiles(
        _ files: SpaceScan.FileBatch.Columns, upTo here: [Int], in directories: [SpaceScan.Entry],
        from frame: inout EncodingTree.Frame, with writer: inout PathWriter,
        to out: inout EncodedBytes
    ) -> Int? {
        let directory = frame.nextDirectory < here.count ? here[frame.nextDirectory] : nil
        let end =
            directory.map { directory in
                directories[directory].node.component.withUnsafeBufferPointer { files.firstIndex(from: frame.nextFile, notBefore: $0) }
            } ?? files.count
        while frame.nextFile < end {
            let index = frame.nextFile
            writeFile(index, named: files.name(at: index), of: files, below: frame.length, with: &writer, to: &out)
            frame.nextFile = index + 1
        }
        if directory != nil { frame.nextDirectory += 1 }
        return directory
    }

    /// One file's entry: its path (as `PathWriter` writes it), kind, sizes,
    /// and a count of one file, no directory; stored through a local
    /// pointer (through `out` each store wrote its count back to memory).
    @inline(__always)
    private static func writeFile(
        _ index: Int, named name: UnsafeBufferPointer<UInt8>, of files: SpaceScan.FileBatch.Columns, below parentLength: Int,
        with writer: inout PathWriter, to out: inout EncodedBytes
    ) {
        let (shared, length) = writer.move(to: name, below: parentLength)
        let path = writer.bytes
        out.append(atMost: length - shared + 43) { start in
            var to = EncodedBytes.put(UInt64(shared), at: start)
            to = EncodedBytes.put(UInt64(length - shared), at: to)
            for offset in 0..<(length - shared) { to[offset] = path[shared &+ offset] }
            to += length - shared
            to[0] = files.kinds[index].rawValue
            to = EncodedBytes.put(files.diskBlocks(at: index), at: to + 1)
            to = EncodedBytes.put(files.apparentBytes(at: index), at: to)
            to[0] = 1
            to[1] = 0
            return to + 2 - start
        }
    }

    /// The scan file's bytes as they are written: a buffer this encoding
    /// owns, handed on (`emit`) when `ensure(room:)` (once an entry) finds it
    /// full, then stored into without further checks; `finish()` hands on
    /// the rest and says how the writing went.
    struct EncodedBytes: ~Copyable {
        private var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var count = 0
        private let emit: (UnsafeRawBufferPointer) -> Errno?
        /// The first error `emit` gave; nothing more is handed on after it.
        private(set) var failure: Errno?

        /// A chunk's bytes: small enough that the few buffers going round
        /// come from the heap and cost few page faults (256 KiB buffers
        /// were mapped afresh each, 65 faults apiece), large enough that a
        /// write a chunk is cheap.
        static let chunkCapacity = 1 << 16

        init(capacity: Int, emit: @escaping (UnsafeRawBufferPointer) -> Errno?) {
            self.capacity = max(64, capacity)
            base = .allocate(capacity: self.capacity)
            self.emit = emit
        }

        deinit { base.deallocate() }

        /// Room for `room` more bytes (a path's rest and its two numbers; a
        /// kind and four numbers): what is held goes on first, and only a
        /// room larger than the buffer grows it.
        @inline(__always)
        mutating func ensure(room: Int) {
            guard capacity - count < room else { return }
            handOn()
            guard capacity < room else { return }
            base.deallocate()
            base = .allocate(capacity: room)
            capacity = room
        }

        private mutating func handOn() {
            if failure == nil, count > 0 { failure = emit(UnsafeRawBufferPointer(start: base, count: count)) }
            count = 0
        }

        /// Hands `body` room for at most `room` bytes at the end; it
        /// returns how many it wrote.
        @inline(__always)
        mutating func append(atMost room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
            ensure(room: room)
            count &+= body(base + count)
        }

        /// Puts `value` as a LEB128 number at `to`; where the next byte goes.
        @inline(__always)
        static func put(_ value: UInt64, at to: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            var value = value
            var to = to
            while value >= 0x80 {
                to.pointee = UInt8(value & 0x7F) | 0x80
                to += 1
                value >>= 7
            }
            to.pointee = UInt8(value)
            return to + 1
        }

        @inline(__always)
        mutating func store(_ byte: UInt8) {
            base[count] = byte
            count &+= 1
        }

        @inline(__always)
        mutating func store(_ bytes: UnsafePointer<UInt8>, count byteCount: Int) {
            for index in 0..<byteCount { base[count &+ index] = bytes[index] }
            count &+= byteCount
        }

        /// A LEB128 number (at most 10 bytes).
        @inline(__always)
        mutating func storeNumber(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                store(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            store(UInt8(value))
        }

        /// Sizes and counts as `SavedScan.appendTotals` writes them (40 bytes at most).
        mutating func storeTotals(_ totals: SpaceTotals) {
            ensure(room: 40)
            storeNumber(UInt64(max(0, totals.diskBytes)) / 512)
            storeNumber(UInt64(max(0, totals.apparentBytes)))
            storeNumber(UInt64(max(0, totals.files)))
            storeNumber(UInt64(max(0, totals.directories)))
        }

        consuming func finish() -> Errno? {
            handOn()
            return failure
        }
    }

    /// The path of the entry written last, and how the next one's is
    /// written: the bytes it shares with it, then the rest. Owns its buffer.
    struct PathWriter: ~Copyable {
        private var path = PathBuffer()
        private(set) var length = 0

        init() {}

        /// A writer whose last path was `last` (the second half of
        /// `encodeInHalves` goes on from the first half's last entry).
        init(after last: [UInt8]) {
            path.reserve(last.count, keeping: 0)
            for (index, byte) in last.enumerated() { path[index] = byte }
            length = last.count
        }

        /// Writes the path made of the first `parentLength` bytes of the
        /// last one (its directory's path) and `name`.
        @inline(__always)
        mutating func write(_ name: UnsafeBufferPointer<UInt8>, below parentLength: Int, to out: inout EncodedBytes) {
            let (shared, newLength) = move(to: name, below: parentLength)
            out.ensure(room: newLength - shared + 20)
            out.storeNumber(UInt64(shared))
            out.storeNumber(UInt64(newLength - shared))
            out.store(path.bytes + shared, count: newLength - shared)
        }

        /// The path's bytes (`length` of them).
        var bytes: UnsafeMutablePointer<UInt8> { path.bytes }

        /// Makes the path the first `parentLength` bytes of the last one and
        /// `name`: how many bytes it shares with the last, and its length.
        @inline(__always)
        mutating func move(to name: UnsafeBufferPointer<UInt8>, below parentLength: Int) -> (shared: Int, length: Int) {
            let start = parentLength == 0 ? 0 : parentLength + 1
            var shared = min(parentLength, length)
            if length > parentLength {
                // The last path went on below the same directory: the `/` and what the names share.
                shared = start
                let end = min(length, start &+ name.count)
                while shared < end, path[shared] == name[shared &- start] { shared &+= 1 }
            }
            let newLength = start + name.count
            path.reserve(newLength, keeping: length)
            if parentLength > 0 { path[parentLength] = 0x2F }
            for index in 0..<name.count { path[start &+ index] = name[index] }
            length = newLength
            return (shared, newLength)
        }
    }
}
