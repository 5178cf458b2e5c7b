import SystemSeam

/// Bytes the viewers, the searches and the detail pane read at any offset:
/// a file on disk (`ViewedFile`), or whatever else a level's rows hold (a
/// member inside an archive). Where the bytes live is the source's business;
/// a reader only asks for ranges. Use from one thread.
public protocol ByteSource: AnyObject {
    /// The path shown in headers and messages.
    var path: [UInt8] { get }
    /// How many bytes there are, when known (a device: nil).
    var size: UInt64? { get }
    /// When the bytes last changed, when known.
    var modificationTime: Timestamp? { get }
    /// Counts the refreshes that found another size or modification time.
    var revision: Int { get }
    /// Learns the size again (a log that grew since the last screen).
    func refresh() throws(FileError)
    /// Hands `body` up to `count` bytes (at most `ViewedFile.blockSize`)
    /// from `offset`: fewer only at the end. The bytes are valid only
    /// during the call.
    func read<R>(at offset: UInt64, count: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R
}

extension ByteSource {
    /// Up to a block of bytes from `offset`.
    public func read<R>(at offset: UInt64, _ body: (UnsafeRawBufferPointer) -> R) throws(FileError) -> R {
        try read(at: offset, count: ViewedFile.blockSize, body)
    }

    /// Up to `count` bytes from `offset`, copied.
    public func bytes(at offset: UInt64, count: Int) throws(FileError) -> [UInt8] {
        var result: [UInt8] = []
        var position = offset
        while result.count < count {
            let block = try read(at: position, count: min(ViewedFile.blockSize, count - result.count)) { Array($0) }
            if block.isEmpty { break }
            result += block
            position += UInt64(block.count)
        }
        return result
    }
}
