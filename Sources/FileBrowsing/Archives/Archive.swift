/// An archive file opened for browsing: its format, its members (read
/// from its index once), their tree, and the reading of one member's bytes
/// without extracting anything (a tar member by its offset, a compressed
/// one decompressed into memory, at most `memberLimit` bytes of it).
public final class Archive {
    public enum Format: String, Sendable {
        case tar
        case tarGzip = "tar.gz"
        case zip
    }

    public let format: Format
    /// The archive file's bytes, as it was listed.
    public let source: any ByteSource
    /// Opens the archive file again for one member's read, so reads on
    /// different threads (the detail pane's worker, the viewer) never
    /// share a source; nil: `source` serves every read (one thread).
    public var reopen: (() throws(FileError) -> any ByteSource)?
    public let members: ArchiveMembers
    public let tree: ArchiveTree
    /// Why the listing stopped before the archive's end, if it did (the
    /// members before the damage are listed).
    public let problem: ArchiveError?

    /// The most of a compressed member held in memory: a view of a larger
    /// one (or of a gzip bomb) shows its first `memberLimit` bytes.
    public static let memberLimit = 64 << 20

    /// Where a compressed tar's decompression can start again (one about
    /// every `checkpointSpacing` bytes, kept while it was listed), so a
    /// member far into it opens without decompressing from the start.
    public let checkpoints: [Inflater.Checkpoint]
    public static let checkpointSpacing: UInt64 = 1 << 20

    /// What each node of the tree takes in the archive with everything
    /// below it: its files' stored bytes (compressed in a zip, whole in a
    /// tar), each rounded up to 512 as a member's blocks are. `du` in an
    /// archive shows these, with no scan: the index knows them.
    public private(set) lazy var storedBytesBelow: [Int64] = {
        var totals = [Int64](repeating: 0, count: tree.nodes.count)
        // A node's parent comes before it in the tree: children are added up first.
        for index in stride(from: tree.nodes.count - 1, through: 1, by: -1) {
            let node = Int32(index)
            let member = Int(tree.member(of: node))
            if member >= 0, !tree.isDirectory(node), members.kind(of: member) == .file {
                totals[index] += (Int64(clamping: members.storedSize(of: member)) + 511) / 512 * 512
            }
            totals[Int(tree.parent(of: node))] += totals[index]
        }
        return totals
    }()

    private init(format: Format, source: any ByteSource, listing: TarIndex.Listing, checkpoints: [Inflater.Checkpoint] = []) {
        self.format = format
        self.source = source
        self.checkpoints = checkpoints
        members = listing.members
        problem = listing.problem
        tree = ArchiveTree(members: listing.members)
    }

    /// The archive in `source`, recognised by its content (a zip's magic, a
    /// tar header, a gzip stream holding a tar); nil when it is none of
    /// these. `stop` is asked while a long listing reads (Ctrl-C).
    public static func open(_ source: any ByteSource, stop: @escaping () -> Bool = { false }) throws(ArchiveError) -> Archive? {
        if ZipIndex.isZip(source) {
            return Archive(format: .zip, source: source, listing: try ZipIndex.read(source))
        }
        let first: [UInt8]
        do {
            first = try source.bytes(at: 0, count: 512)
        } catch {
            throw ArchiveError(reading: error)
        }
        if TarIndex.isHeader(first) {
            // A member takes at least a 512-byte header: room for as many as
            // the file could hold, up to a million, is reserved (address
            // space until used, 76 MB of it at most, so a machine that
            // refuses to overcommit still grants it): a million members
            // never copy their records as they grow.
            let most = Int(min((source.size ?? 0) / 512, 1_000_000))
            let listing = TarIndex.read(PlainStream(source), reservingFor: most, stop: stop)
            return Archive(format: .tar, source: source, listing: listing)
        }
        if GzipStream.isGzip(source) {
            let stream = try GzipStream(source: source)
            let start = try stream.readUpTo(512)
            guard TarIndex.isHeader(start) else { return nil }
            let whole = try GzipStream(source: source)
            whole.checkpointSpacing = checkpointSpacing
            let listing = TarIndex.read(GzipTarStream(whole), stop: stop)
            return Archive(format: .tarGzip, source: source, listing: listing, checkpoints: whole.checkpoints)
        }
        return nil
    }

    /// Whether `source` holds an archive `open` reads (its first bytes only,
    /// and 512 decompressed ones of a gzip stream).
    public static func recognises(_ source: any ByteSource) -> Bool {
        if ZipIndex.isZip(source) { return true }
        guard let first = try? source.bytes(at: 0, count: 512) else { return false }
        if TarIndex.isHeader(first) { return true }
        guard GzipStream.isGzip(source), let stream = try? GzipStream(source: source), let start = try? stream.readUpTo(512) else { return false }
        return TarIndex.isHeader(start)
    }

    /// Whether `other` is the file this archive was listed from: the same
    /// file (device and inode, where known), size and modification time.
    private func isListedFile(_ other: any ByteSource) -> Bool {
        if let listed = source as? ViewedFile, let now = other as? ViewedFile, listed.identity != now.identity { return false }
        return other.size == source.size && other.modificationTime == source.modificationTime
    }

    /// Why the archive on disk is no longer the one listed (replaced,
    /// rewritten), if it is not: its index's offsets would read another
    /// file's bytes as the member.
    public func changeOnDisk() -> ArchiveError? {
        guard let reopen else { return nil }
        do throws(FileError) {
            return isListedFile(try reopen()) ? nil : Self.changed
        } catch {
            return ArchiveError(reading: error)
        }
    }

    static let changed = ArchiveError("the archive changed on disk since it was listed; open it again")

    /// The bytes of member `index` (shown as `path`). A hard link reads as
    /// the member it names. Refused when the archive on disk is no longer
    /// the file that was listed.
    public func contents(ofMember index: Int, path: [UInt8]) throws(ArchiveError) -> any ByteSource {
        let source: any ByteSource
        do {
            source = try reopen?() ?? self.source
        } catch {
            throw ArchiveError(reading: error)
        }
        guard isListedFile(source) else { throw Self.changed }
        var member = members[index]
        if let target = member.linkTarget, member.kind == .file, let linked = members.lastFile(named: target, before: index) {
            member = members[linked]
        }
        switch format {
        case .tar:
            // A member whose size runs past the archive's end is damage, not a shorter member.
            if let size = source.size, member.dataOffset > size || member.size > size - member.dataOffset {
                throw ArchiveError("the member runs past the archive's end (a truncated file)")
            }
            return SliceBytes(path: path, of: source, from: member.dataOffset, length: member.size, modificationTime: member.modificationTime)
        case .tarGzip where member.size > UInt64(Self.memberLimit):
            return streamedTarMember(member, from: source, path: path)
        case .tarGzip:
            // From the last checkpoint before the member: at most a spacing's worth decompressed to reach it.
            let stream: GzipStream
            if let checkpoint = checkpoints.last(where: { $0.output <= member.dataOffset }) {
                stream = GzipStream(source: source, resumingAt: checkpoint)
                try stream.skip(member.dataOffset - checkpoint.output)
            } else {
                stream = try GzipStream(source: source)
                try stream.skip(member.dataOffset)
            }
            let bytes = try stream.readUpTo(Int(min(member.size, UInt64(Self.memberLimit))))
            guard bytes.count == Int(min(member.size, UInt64(Self.memberLimit))) else { throw ArchiveError.truncated }
            return MemoryBytes(path: path, bytes: bytes, modificationTime: member.modificationTime)
        case .zip:
            let start = try ZipIndex.dataStart(of: member, in: source)
            switch member.method {
            case 0:
                return try Self.storedZipMember(member, at: start, in: source, path: path)
            case 8 where member.size > UInt64(Self.memberLimit):
                return Self.streamedZipMember(member, at: start, in: source, path: path)
            case 8:
                let inflater = Inflater(input: Self.compressedBytes(of: source, from: start, to: start + (member.compressedSize ?? 0)))
                let bytes = try inflater.readUpTo(Self.memberLimit)
                if inflater.isFinished || bytes.count < Self.memberLimit {
                    guard UInt64(bytes.count) == member.size else {
                        throw ArchiveError("the member's length does not match the archive's index (damaged)")
                    }
                    var crc = CRC32()
                    bytes.withUnsafeBytes { crc.update($0) }
                    guard member.crc == nil || crc.value == member.crc else { throw ArchiveError("the member does not match its CRC (damaged)") }
                }
                return MemoryBytes(path: path, bytes: bytes, modificationTime: member.modificationTime)
            default:
                throw ArchiveError(
                    "compressed with zip method \(member.method) (\(Self.methodName(member.method))); filetable reads stored and deflated members")
            }
        }
    }

    /// A member of a compressed tar too large to hold, read a window at a
    /// time from the checkpoint before the place asked for.
    private func streamedTarMember(_ member: ArchiveMember, from source: any ByteSource, path: [UInt8]) -> StreamedBytes {
        let checkpoints = self.checkpoints
        return StreamedBytes(path: path, size: member.size, modificationTime: member.modificationTime) {
            (offset) throws(ArchiveError) -> (reader: StreamedBytes.Reader, at: UInt64) in
            let target = member.dataOffset + offset
            let stream: GzipStream
            if let checkpoint = checkpoints.last(where: { $0.output <= target && $0.output >= member.dataOffset }) {
                stream = GzipStream(source: source, resumingAt: checkpoint)
            } else {
                stream = try GzipStream(source: source)
                try stream.skip(member.dataOffset)
            }
            let at = stream.offset - member.dataOffset
            return ({ (buffer) throws(ArchiveError) -> Int in try stream.read(into: buffer) }, at)
        }
    }

    /// A deflated zip member too large to hold, decompressed from its start
    /// as it is read (and checked against its CRC when read whole). The
    /// read from the start keeps a checkpoint about every MiB, so a read
    /// further back (the viewer going up from the end) resumes near it.
    private static func streamedZipMember(_ member: ArchiveMember, at start: UInt64, in source: any ByteSource, path: [UInt8]) -> StreamedBytes {
        let end = start + (member.compressedSize ?? 0)
        // The decoder that read from the member's start, whose checkpoints later reads resume from.
        var indexer: Inflater?
        return StreamedBytes(path: path, size: member.size, modificationTime: member.modificationTime, crc: member.crc) {
            (target) throws(ArchiveError) -> (reader: StreamedBytes.Reader, at: UInt64) in
            let checkpoint = indexer?.checkpoints.last(where: { $0.output <= target })
            let input = Self.compressedBytes(of: source, from: start + (checkpoint?.input ?? 0), to: end)
            let inflater: Inflater
            if let checkpoint {
                inflater = Inflater(resumingAt: checkpoint, input: input)
            } else {
                inflater = Inflater(input: input)
                inflater.checkpointSpacing = checkpointSpacing
                indexer = inflater
            }
            return ({ (buffer) throws(ArchiveError) -> Int in try inflater.read(into: buffer) }, checkpoint?.output ?? 0)
        }
    }

    /// The bytes of `source` from `start` to `end`, 64 KiB a call, then nil:
    /// a compressed member's input to its decoder.
    private static func compressedBytes(
        of source: any ByteSource, from start: UInt64, to end: UInt64
    ) -> () throws(ArchiveError) -> [UInt8]? {
        var offset = start
        return { () throws(ArchiveError) -> [UInt8]? in
            guard offset < end else { return nil }
            let chunk: [UInt8]
            do throws(FileError) {
                chunk = try source.read(at: offset, count: Int(min(UInt64(1 << 16), end - offset))) { Array($0) }
            } catch {
                throw ArchiveError(reading: error)
            }
            offset += UInt64(chunk.count)
            return chunk
        }
    }

    /// A zip member stored as it is, from `start`: checked against its
    /// CRC as a deflated member is, up to the most held in memory (a larger
    /// stored member is read as it lies); refused when it runs past the file.
    private static func storedZipMember(
        _ member: ArchiveMember, at start: UInt64, in source: any ByteSource, path: [UInt8]
    ) throws(ArchiveError) -> any ByteSource {
        if let size = source.size, start > size || member.size > size - start {
            throw ArchiveError("the member runs past the archive's end (a truncated file)")
        }
        let slice = SliceBytes(path: path, of: source, from: start, length: member.size, modificationTime: member.modificationTime)
        guard let expected = member.crc, member.size <= UInt64(memberLimit) else { return slice }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try slice.bytes(at: 0, count: Int(member.size))
        } catch {
            throw ArchiveError(reading: error)
        }
        guard UInt64(bytes.count) == member.size else { throw ArchiveError.truncated }
        var crc = CRC32()
        bytes.withUnsafeBytes { crc.update($0) }
        guard crc.value == expected else { throw ArchiveError("the member does not match its CRC (damaged)") }
        return MemoryBytes(path: path, bytes: bytes, modificationTime: member.modificationTime)
    }

    private static func methodName(_ method: UInt16) -> String {
        switch method {
        case 12: return "bzip2"
        case 14: return "LZMA"
        case 93: return "zstd"
        case 95: return "xz"
        case 99: return "AES-encrypted"
        default: return "not DEFLATE"
        }
    }
}

extension GzipStream {
    /// Up to `count` decompressed bytes (fewer only at the end).
    func readUpTo(_ count: Int) throws(ArchiveError) -> [UInt8] {
        try readChunks(count) { (buffer) throws(ArchiveError) -> Int in try self.read(into: buffer) }
    }
}

extension Inflater {
    /// Up to `count` decompressed bytes (fewer only at the end).
    func readUpTo(_ count: Int) throws(ArchiveError) -> [UInt8] {
        try readChunks(count) { (buffer) throws(ArchiveError) -> Int in try self.read(into: buffer) }
    }
}

/// Fills an array of up to `count` bytes from `read`, a block at a time.
private func readChunks(_ count: Int, _ read: (UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int) throws(ArchiveError) -> [UInt8] {
    var result: [UInt8] = []
    let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { block.deallocate() }
    while result.count < count {
        let got = try read(UnsafeMutableRawBufferPointer(rebasing: block[0..<min(block.count, count - result.count)]))
        if got == 0 { break }
        result += block[0..<got]
    }
    return result
}

/// A tar's bytes straight from its file.
private final class PlainStream: TarIndex.Stream {
    private let source: any ByteSource
    /// Where the next read starts in the archive.
    private var offset: UInt64 = 0
    /// Bytes read ahead from `bufferStart` (headers of small members come
    /// many to a read instead of one call each). One buffer, refilled in
    /// place: a new one a read churned the heap's top.
    private var buffer: [UInt8] = []
    private var bufferStart: UInt64 = 0
    /// How far to read ahead now: it doubles, up to `mostAhead`, while
    /// members are small, and falls back when one has data past a KiB,
    /// whose data `tar tf` would seek over (so the read would be waste).
    /// A directory between large files so reads 4 KiB, not 256.
    private var ahead = 4096
    private static let mostAhead = 256 << 10
    /// The data the last member's header said to pass over.
    private var lastSkip: UInt64 = 0

    init(_ source: any ByteSource) { self.source = source }

    func read(_ count: Int) throws(ArchiveError) -> [UInt8] {
        let end = offset + UInt64(count)
        if offset < bufferStart || end > bufferStart + UInt64(buffer.count) {
            let wanted = lastSkip > 1024 ? count : max(count, ahead)
            if lastSkip <= 1024 { ahead = min(ahead * 2, Self.mostAhead) }
            do {
                try source.read(at: offset, count: wanted) { bytes in
                    buffer.removeAll(keepingCapacity: true)
                    buffer.append(contentsOf: bytes)
                }
            } catch {
                throw ArchiveError(reading: error)
            }
            bufferStart = offset
        }
        let start = Int(offset - bufferStart)
        let bytes = Array(buffer[start..<min(buffer.count, start + count)])
        offset += UInt64(bytes.count)
        return bytes
    }

    func skip(_ count: UInt64) throws(ArchiveError) {
        offset += count
        lastSkip = count
        if count > 1024 { ahead = 4096 }
        if let size = source.size, offset > size { throw ArchiveError("the archive ends inside a member (a truncated file)") }
    }
}

/// A tar's bytes decompressed from its gzip stream.
private final class GzipTarStream: TarIndex.Stream {
    private let stream: GzipStream

    init(_ stream: GzipStream) { self.stream = stream }

    func read(_ count: Int) throws(ArchiveError) -> [UInt8] { try stream.readUpTo(count) }

    func skip(_ count: UInt64) throws(ArchiveError) { try stream.skip(count) }
}
