import SystemSeam

/// A large dump formatted on two threads: a read's two halves at once, the
/// first on a second thread and the second here, each from the state the
/// dump has at its start. The state after a chunk of whole lines follows
/// from its bytes alone (its offset, its last line, and whether that line
/// repeated the one before, for `*`), so the second need not wait for the
/// first. The output is written in order by the caller, byte for byte what
/// one thread writes (the differential tests and fuzz targets compare).
extension HexFormatter {
    /// Whether a read of `count` bytes is worth a second thread.
    public static func pairsChunks(of count: Int) -> Bool { count >= 64 * 1024 }

    /// The state after formatting `chunk`, which must be whole lines.
    func continuing(after chunk: UnsafeRawBufferPointer) -> HexFormatter {
        var next = self
        next.offset += UInt64(chunk.count)
        next.hadLine = hadLine || !chunk.isEmpty
        guard squeezes, chunk.count >= 16 else {
            if !squeezes {
                next.previousLine = nil
                next.squeezing = false
            }
            return next
        }
        let last = (
            chunk.loadUnaligned(fromByteOffset: chunk.count - 16, as: UInt64.self),
            chunk.loadUnaligned(fromByteOffset: chunk.count - 8, as: UInt64.self)
        )
        let before: (UInt64, UInt64)?
        if chunk.count >= 32 {
            before = (
                chunk.loadUnaligned(fromByteOffset: chunk.count - 32, as: UInt64.self),
                chunk.loadUnaligned(fromByteOffset: chunk.count - 24, as: UInt64.self)
            )
        } else {
            before = previousLine
        }
        next.previousLine = last
        next.squeezing = before.map { $0 == last } ?? false
        return next
    }

    /// Formats `first` (whole lines) and then `second` into their outputs on
    /// two threads; returns the bytes written to each, and leaves the state
    /// after both. Each output must hold `outputCapacity(for:)` of its chunk.
    public mutating func format(
        _ first: UnsafeRawBufferPointer, into firstOutput: UnsafeMutableBufferPointer<UInt8>,
        then second: UnsafeRawBufferPointer, into secondOutput: UnsafeMutableBufferPointer<UInt8>
    ) -> (first: Int, second: Int) {
        precondition(first.count % max(1, format.lineLength) == 0, "the first chunk must be whole lines")
        let firstStart = self
        var secondFormatter = continuing(after: first)
        let shared = SharedMemory((first, firstOutput))
        var secondCount = 0
        let firstCount = TwoThreads.run(
            { secondCount = secondFormatter.format(second, into: secondOutput) },
            alongside: {
                var formatter = firstStart
                let (input, output) = shared.pointer
                return formatter.format(input, into: output)
            })
        self = secondFormatter
        return (firstCount, secondCount)
    }
}

extension HexFormatter {
    /// The state at `offset` of a dump that began with this state at a
    /// smaller offset, `precedingLines` being the whole lines (up to two) just
    /// before `offset`, which squeezing needs: a worker of `ParallelHexDump`
    /// starts its chunk from it.
    public func resumed(at offset: UInt64, after precedingLines: UnsafeRawBufferPointer?) -> HexFormatter {
        var next = precedingLines.map { continuing(after: $0) } ?? self
        next.offset = offset
        next.hadLine = hadLine || offset > self.offset
        return next
    }
}
