/// The decompressed bytes of a gzip file (RFC 1952), read front to back:
/// each member's header, its DEFLATE data, and its trailer (CRC-32 and
/// length checked); members written one after another read as one stream,
/// as `zcat` reads them. Reads from any `ByteSource` (the file on disk).
public final class GzipStream {
    private let source: any ByteSource
    private var inputOffset: UInt64
    private var inflater: Inflater!
    private var crc = CRC32()
    private var memberLength: UInt64 = 0
    private var ended = false
    /// Started at a checkpoint: the member's CRC and length cannot be checked.
    private var checksTrailer = true
    /// Decompressed bytes handed out so far.
    public private(set) var offset: UInt64 = 0

    /// Reads the gzip data that starts `start` bytes into `source`.
    public init(source: any ByteSource, from start: UInt64 = 0) throws(ArchiveError) {
        self.source = source
        inputOffset = start
        inflater = Inflater { [unowned self] () throws(ArchiveError) -> [UInt8]? in try self.nextChunk() }
        try readHeader()
    }

    /// Goes on from `checkpoint` of an earlier read of the same gzip data
    /// (`checkpoints`), without decompressing what comes before it.
    public init(source: any ByteSource, resumingAt checkpoint: Inflater.Checkpoint) {
        self.source = source
        inputOffset = checkpoint.input
        offset = checkpoint.output
        checksTrailer = false
        inflater = Inflater(resumingAt: checkpoint) { [unowned self] () throws(ArchiveError) -> [UInt8]? in try self.nextChunk() }
    }

    /// Keep a checkpoint about every `spacing` decompressed bytes of the
    /// first member (the index a later read resumes from); nil for none.
    public var checkpointSpacing: UInt64? {
        get { inflater.checkpointSpacing }
        set { inflater.checkpointSpacing = newValue }
    }

    /// The checkpoints kept so far.
    public var checkpoints: [Inflater.Checkpoint] { inflater.checkpoints }

    /// Whether `source` starts with gzip's magic bytes.
    public static func isGzip(_ source: any ByteSource) -> Bool {
        (try? source.bytes(at: 0, count: 3)) == [0x1F, 0x8B, 0x08]
    }

    private func nextChunk() throws(ArchiveError) -> [UInt8]? {
        let chunk: [UInt8]
        do {
            chunk = try source.read(at: inputOffset, count: 1 << 16) { Array($0) }
        } catch {
            throw ArchiveError(reading: error)
        }
        inputOffset += UInt64(chunk.count)
        return chunk
    }

    private func header(_ count: Int) throws(ArchiveError) -> [UInt8] {
        let bytes = try inflater.bytesAfterStream(count)
        guard bytes.count == count else { throw ArchiveError("the gzip header ends early") }
        return bytes
    }

    /// A member's header: magic, method 8, the flags' optional fields.
    private func readHeader() throws(ArchiveError) {
        let fixed = try header(10)
        guard fixed[0] == 0x1F, fixed[1] == 0x8B else { throw ArchiveError("not gzip data") }
        guard fixed[2] == 8 else { throw ArchiveError("gzip compression method \(fixed[2]) (only 8, DEFLATE, exists)") }
        try readRestOfHeader(flags: fixed[3])
    }

    /// Decompresses up to `buffer.count` bytes; 0 at the end of the last member.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        while !ended {
            let count = try inflater.read(into: buffer)
            if count > 0 {
                crc.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                memberLength &+= UInt64(count)
                offset += UInt64(count)
                return count
            }
            try finishMember()
        }
        return 0
    }

    /// Checks the trailer, then starts the next member if one follows.
    private func finishMember() throws(ArchiveError) {
        let trailer = try inflater.bytesAfterStream(8)
        guard trailer.count == 8 else { throw ArchiveError.truncated }
        let storedCRC = trailer[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let storedLength = trailer[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if checksTrailer {
            guard storedCRC == crc.value else { throw ArchiveError("the data does not match its CRC (damaged)") }
            guard storedLength == UInt32(truncatingIfNeeded: memberLength) else { throw ArchiveError("the data's length does not match its trailer") }
        }
        checksTrailer = true
        // Another member, or the end (zcat ignores what follows that is not gzip).
        let next = try inflater.bytesAfterStream(2)
        guard next == [0x1F, 0x8B] else {
            ended = true
            return
        }
        inflater.restart()
        let rest = try header(8)
        guard rest[0] == 8 else { throw ArchiveError("gzip compression method \(rest[0]) (only 8, DEFLATE, exists)") }
        try readRestOfHeader(flags: rest[1])
    }

    /// The header's optional fields the flags name (extra data, a name, a
    /// comment, a header CRC), skipped; the member's checks start afresh.
    private func readRestOfHeader(flags: UInt8) throws(ArchiveError) {
        if flags & 0x04 != 0 {
            let length = try header(2)
            _ = try header(Int(length[0]) | Int(length[1]) << 8)
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            var length = 0
            while try header(1)[0] != 0 {
                length += 1
                guard length < 1 << 20 else { throw ArchiveError("a gzip header's name runs past 1 MiB") }
            }
        }
        if flags & 0x02 != 0 { _ = try header(2) }
        crc = CRC32()
        memberLength = 0
    }

    /// Reads and drops `count` bytes (to reach a member inside a .tar.gz).
    public func skip(_ count: UInt64) throws(ArchiveError) {
        var left = count
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { scratch.deallocate() }
        while left > 0 {
            let want = Int(min(left, UInt64(scratch.count)))
            let got = try read(into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<want]))
            guard got > 0 else { throw ArchiveError.truncated }
            left -= UInt64(got)
        }
    }
}
