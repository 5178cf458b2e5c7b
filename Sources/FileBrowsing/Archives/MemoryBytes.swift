import SystemSeam

/// Bytes held in memory as a `ByteSource`: a compressed member read out
/// of its archive (at most `MemberBytes.limit` of it), or a test's input.
public final class MemoryBytes: ByteSource {
    public let path: [UInt8]
    public let bytes: [UInt8]
    public var size: UInt64? { UInt64(bytes.count) }
    public let modificationTime: Timestamp?
    public var revision: Int { 0 }

    public init(path: [UInt8], bytes: [UInt8], modificationTime: Timestamp? = nil) {
        self.path = path
        self.bytes = bytes
        self.modificationTime = modificationTime
    }

    /// Held bytes never change.
    public func refresh() throws(FileError) {}

    public func read<R>(at offset: UInt64, count: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R {
        let start = Int(min(offset, UInt64(bytes.count)))
        let end = min(bytes.count, start + max(0, min(count, ViewedFile.blockSize)))
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }
}

/// A stretch of another source (a stored member inside an archive on
/// disk): offsets count from the stretch's start, and reads stop at its end
/// or the base's, whichever comes first.
public final class SliceBytes: ByteSource {
    public let path: [UInt8]
    private let base: any ByteSource
    private let start: UInt64
    private let length: UInt64
    public var size: UInt64? { length }
    public let modificationTime: Timestamp?
    public var revision: Int { 0 }

    public init(path: [UInt8], of base: any ByteSource, from start: UInt64, length: UInt64, modificationTime: Timestamp? = nil) {
        self.path = path
        self.base = base
        self.start = start
        // What the base holds, whatever the archive claims (a damaged size).
        let available = base.size.map { $0 > start ? $0 - start : 0 } ?? length
        self.length = min(length, available)
        self.modificationTime = modificationTime
    }

    public func refresh() throws(FileError) {}

    public func read<R>(at offset: UInt64, count: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R {
        guard offset < length else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let wanted = Int(min(UInt64(max(0, count)), length - offset))
        return try base.read(at: start + offset, count: wanted, body)
    }
}
