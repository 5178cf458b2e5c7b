import SystemSeam

/// A compressed member too large to hold (past `Archive.memberLimit`) read
/// as a `ByteSource` a window at a time: `--cat`, `--hex`, `--xxd` and the
/// viewer reach all of it, in bounded memory, as `unzip -p` and `tar xOf`
/// stream it. Reading on from where the last read ended decompresses on;
/// a read before it starts again from the nearest place the archive can
/// resume from (a tar.gz checkpoint, or a zip member's start). A member
/// that ends before its size, or (read whole from its start) does not
/// match its CRC, is refused with that reason, never shown as if whole.
///
/// One thread at a time: like a file's reads, its reads move one position.
public final class StreamedBytes: ByteSource {
    /// A decompressing reader positioned somewhere in the member.
    public typealias Reader = (UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int

    public let path: [UInt8]
    public let size: UInt64?
    public let modificationTime: Timestamp?
    public var revision: Int { 0 }
    /// A reader from the place at or before `offset` it can start at, and that place.
    private let open: (UInt64) throws(ArchiveError) -> (reader: Reader, at: UInt64)
    private let expectedCRC: UInt32?
    private var reader: Reader?
    /// The member's offset of the next byte `reader` gives.
    private var position: UInt64 = 0
    /// The last bytes read, from `windowStart`.
    private var window: [UInt8] = []
    private var windowStart: UInt64 = 0
    /// The CRC of the bytes from the start, while they were read in order.
    private var crc: CRC32?
    private static let block = 1 << 16

    public init(
        path: [UInt8], size: UInt64, modificationTime: Timestamp?, crc: UInt32? = nil,
        open: @escaping (UInt64) throws(ArchiveError) -> (reader: Reader, at: UInt64)
    ) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
        self.expectedCRC = crc
        self.open = open
    }

    public func refresh() throws(FileError) {}

    public func read<R>(at offset: UInt64, count: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R {
        guard let size, offset < size, count > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        // As many bytes as asked (fewer only at the end), as every source gives them.
        let wanted = Int(min(UInt64(min(count, ViewedFile.blockSize)), size - offset))
        do throws(ArchiveError) {
            try move(to: offset)
            let start = Int(offset - windowStart)
            if start + wanted <= window.count {
                return window.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<(start + wanted)])) }
            }
            var gathered = Array(window[start...])
            while gathered.count < wanted {
                try move(to: offset + UInt64(gathered.count))
                let from = Int(offset + UInt64(gathered.count) - windowStart)
                gathered += window[from..<min(window.count, from + wanted - gathered.count)]
            }
            return gathered.withUnsafeBytes { body($0) }
        } catch {
            throw FileError(path: path, reason: .custom(error.description))
        }
    }

    /// Makes the window hold `offset`.
    private func move(to offset: UInt64) throws(ArchiveError) {
        if offset >= windowStart, offset < windowStart + UInt64(window.count) { return }
        if reader == nil || offset < position {
            let (opened, at) = try open(offset)
            reader = opened
            position = at
            crc = at == 0 ? CRC32() : nil
            window = []
            windowStart = at
        }
        while !(offset >= windowStart && offset < windowStart + UInt64(window.count)) {
            try readBlock()
        }
    }

    /// The next block after `position` into the window (bounded by the size).
    private func readBlock() throws(ArchiveError) {
        guard let reader, let size else { return }
        let wanted = Int(min(UInt64(Self.block), size - position))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 8)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < wanted {
            let got = try reader(UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { throw ArchiveError("the member ends before its size (damaged or truncated)") }
            filled += got
        }
        let block = [UInt8](buffer)
        windowStart = position
        window = block
        position += UInt64(wanted)
        block.withUnsafeBytes { crc?.update($0) }
        if position == size, let expectedCRC, let crc, crc.value != expectedCRC {
            throw ArchiveError("the member does not match its CRC (damaged)")
        }
    }
}
