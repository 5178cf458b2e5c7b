/// A dump's state and drawing as `ParallelHexDump` runs it on several
/// threads: a value each worker copies, resumes at its chunk's offset
/// from the bytes just before the chunk, and formats the chunk with.
/// `HexFormatter` (the built-in layouts) and `HexdumpChunkFormatter`
/// (hexdump's format strings) are the two.
public protocol ChunkFormatter: Sendable {
    /// Chunks are cut at multiples of this (a line, a block).
    var chunkUnit: Int { get }
    /// Bytes before a chunk that `resumed(at:after:)` needs (squeezing compares with them).
    var lookback: Int { get }
    /// A first output buffer for a chunk of `count` bytes.
    func outputCapacity(for count: Int) -> Int
    /// The state at `offset` of a dump that began with this state at a
    /// smaller offset, `preceding` being up to `lookback` bytes just before it.
    func resumed(at offset: UInt64, after preceding: UnsafeRawBufferPointer?) -> Self
    /// Formats `input` (whole units, but at the dump's very end) into
    /// `buffer`, which it may replace by a larger one (freeing the old);
    /// returns the bytes written.
    mutating func format(_ input: UnsafeRawBufferPointer, into buffer: inout UnsafeMutableBufferPointer<UInt8>) -> Int
}

extension HexFormatter: ChunkFormatter {
    public var chunkUnit: Int { max(1, format.lineLength) }
    /// Two lines of the widest layout's 16 bytes.
    public var lookback: Int { squeezes ? 2 * 16 : 0 }

    public mutating func format(_ input: UnsafeRawBufferPointer, into buffer: inout UnsafeMutableBufferPointer<UInt8>) -> Int {
        format(input, into: buffer)
    }
}
