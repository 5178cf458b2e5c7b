import SystemSeam

extension SavedScanReader {
    /// The reading state of a kept scan's bytes: where it is in the file
    /// (the header's fields, then `next` an entry at a time), the current
    /// path and the chain of entries down to it. Works on raw pointers: the
    /// file's (borrowed while it reads) and two buffers of its own, freed
    /// when it goes.
    struct EntryCursor: ~Copyable {
        private let file: UnsafeBufferPointer<UInt8>
        private(set) var offset: Int
        /// The current path (`pathCount` bytes).
        private var path = PathBuffer()
        private var pathCount = 0
        /// The entries on the current path, its own last.
        private var chain: UnsafeMutablePointer<Link>
        private var chainCount = 0
        private var chainCapacity = 64

        /// An entry on the current path: where its name ends in `path`, its number and kind.
        private struct Link {
            var end: Int
            var ordinal: Int32
            var kind: FileKind
        }

        init(_ file: UnsafeBufferPointer<UInt8>, at offset: Int) {
            self.file = file
            self.offset = offset
            chain = .allocate(capacity: chainCapacity)
        }

        deinit { chain.deallocate() }

        /// `count` bytes (the header's root path).
        mutating func bytes(count: UInt64, what: StaticString) throws(SavedScanError) -> [UInt8] {
            guard count <= UInt64(file.count - offset) else {
                throw SavedScanError(offset: offset, "the file ends inside \(what) (a truncated file)")
            }
            defer { offset += Int(count) }
            return Array(UnsafeBufferPointer(rebasing: file[offset..<offset + Int(count)]))
        }

        /// Sizes and counts as `SavedScan.appendTotals` writes them.
        @inline(__always)
        mutating func totals() throws(SavedScanError) -> SpaceTotals {
            let blocks = try number(what: "a size on disk")
            guard blocks <= UInt64(Int64.max / 512) else { throw SavedScanError(offset: offset, "a size on disk too large") }
            return SpaceTotals(
                apparentBytes: Int64(clamping: try number(what: "an apparent size")), diskBytes: Int64(blocks) * 512,
                files: Int(clamping: try number(what: "a file count")), directories: Int(clamping: try number(what: "a directory count")))
        }

        /// Reads the entry at `offset`, numbered `ordinal`.
        mutating func next(ordinal: Int32) throws(SavedScanError) -> Entry {
            let start = offset
            let shared = try number(what: "a path's shared length")
            guard shared <= UInt64(pathCount) else {
                throw SavedScanError(offset: start, "a path shares \(shared) bytes with one of \(pathCount)")
            }
            let restCount = try number(what: "a path's length")
            guard restCount <= UInt64(file.count - offset) else {
                throw SavedScanError(offset: offset, "the file ends inside a path (a truncated file)")
            }
            let rest = offset..<offset + Int(restCount)
            offset = rest.upperBound
            guard comesAfterCurrent(keeping: Int(shared), then: rest) else {
                throw SavedScanError(offset: start, pathCount == 0 && rest.isEmpty ? "an entry with an empty path" : "the entries are out of order")
            }
            replacePath(after: Int(shared), with: rest)
            try place(keeping: Int(shared), ordinal: ordinal, from: start)
            guard offset < file.count else {
                throw SavedScanError(offset: offset, "the file ends before a kind (a truncated file)")
            }
            guard let kind = FileKind(rawValue: file[offset]) else {
                throw SavedScanError(offset: offset, "an unknown kind of entry")
            }
            offset += 1
            chain[chainCount - 1].kind = kind
            // `totals()`'s reads, written out here: as a call, a throwing one, it costs the walk a tenth more.
            let blocks = try number(what: "a size on disk")
            guard blocks <= UInt64(Int64.max / 512) else { throw SavedScanError(offset: offset, "a size on disk too large") }
            let apparent = Int64(clamping: try number(what: "an apparent size"))
            let totals = SpaceTotals(
                apparentBytes: apparent, diskBytes: Int64(blocks) * 512, files: Int(clamping: try number(what: "a file count")),
                directories: Int(clamping: try number(what: "a directory count")))
            return Entry(
                path: UnsafeBufferPointer(start: path.bytes, count: pathCount), nameStart: chainCount >= 2 ? chain[chainCount - 2].end + 1 : 0,
                depth: chainCount - 1, ordinal: ordinal, parentOrdinal: chainCount >= 2 ? chain[chainCount - 2].ordinal : -1, kind: kind,
                totals: totals)
        }

        /// Whether the path made of the current one's first `shared` bytes and
        /// the file's bytes `rest` comes after the current path, as
        /// `SavedScan.precedes` orders them.
        @inline(__always)
        private func comesAfterCurrent(keeping shared: Int, then rest: Range<Int>) -> Bool {
            let old = pathCount - shared
            for index in 0..<min(old, rest.count) {
                let (a, b) = (path[shared + index], file[rest.lowerBound + index])
                if a != b { return (a == 0x2F ? 0 : a) < (b == 0x2F ? 0 : b) }
            }
            return old < rest.count
        }

        /// The current path's first `shared` bytes, then the file's bytes `rest`.
        @inline(__always)
        private mutating func replacePath(after shared: Int, with rest: Range<Int>) {
            let needed = shared + rest.count
            path.reserve(needed, keeping: shared)
            // Names are short: a loop beats a call to memmove.
            if rest.count <= 32 {
                for index in 0..<rest.count { path[shared + index] = file[rest.lowerBound + index] }
            } else {
                (path.bytes + shared).update(from: file.baseAddress! + rest.lowerBound, count: rest.count)
            }
            pathCount = needed
        }

        /// Places the path just rebuilt in the tree: the names it still shares
        /// with the one before are kept, and what is left must be one name.
        @inline(__always)
        private mutating func place(keeping shared: Int, ordinal: Int32, from start: Int) throws(SavedScanError) {
            // A name is kept while the bytes up to its end are (`shared`) and a `/` still follows it.
            while chainCount > 0 {
                let end = chain[chainCount - 1].end
                if end <= shared && end < pathCount && path[end] == 0x2F { break }
                chainCount -= 1
            }
            let nameStart = chainCount > 0 ? chain[chainCount - 1].end + 1 : 0
            var holdsSlash = false
            for index in nameStart..<max(nameStart, pathCount) where path[index] == 0x2F { holdsSlash = true }
            guard nameStart < pathCount, !holdsSlash else {
                throw SavedScanError(offset: start, "an entry inside a directory the scan does not hold (or an empty name)")
            }
            // No file is named `.` or `..`, nor holds a NUL: such a name would
            // make `--since` say `removed T/.` of what no scan met.
            let nameCount = pathCount - nameStart
            var holdsNul = false
            for index in nameStart..<pathCount where path[index] == 0 { holdsNul = true }
            if holdsNul || (path[nameStart] == 0x2E && (nameCount == 1 || (nameCount == 2 && path[nameStart + 1] == 0x2E))) {
                throw SavedScanError(offset: start, "an entry named '.' or '..', or holding a NUL: no file is (damaged)")
            }
            if chainCount > 0, chain[chainCount - 1].kind != .directory {
                throw SavedScanError(offset: start, "an entry inside one that is not a directory")
            }
            if chainCount == chainCapacity {
                let grown = UnsafeMutablePointer<Link>.allocate(capacity: chainCapacity * 2)
                grown.moveInitialize(from: chain, count: chainCount)
                chain.deallocate()
                chain = grown
                chainCapacity *= 2
            }
            (chain + chainCount).initialize(to: Link(end: pathCount, ordinal: ordinal, kind: .unknown))
            chainCount += 1
        }

        /// A LEB128 number; most are one byte (lengths, counts). `what` is a
        /// `StaticString`, not a `String`: nothing to retain a call.
        @inline(__always)
        mutating func number(what: StaticString) throws(SavedScanError) -> UInt64 {
            if offset < file.count, file[offset] < 0x80 {
                offset += 1
                return UInt64(file[offset - 1])
            }
            // Two bytes: an apparent size under 16 KiB.
            if offset + 1 < file.count, file[offset + 1] < 0x80 {
                offset += 2
                return UInt64(file[offset - 2] & 0x7F) | UInt64(file[offset - 1]) << 7
            }
            return try longNumber(what: what)
        }

        private mutating func longNumber(what: StaticString) throws(SavedScanError) -> UInt64 {
            let start = offset
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < file.count else { throw SavedScanError(offset: offset, "the file ends before \(what) (a truncated file)") }
                let byte = file[offset]
                offset += 1
                guard shift < 64, shift < 63 || byte <= 1 else { throw SavedScanError(offset: start, "\(what) is too large") }
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }
    }
}
