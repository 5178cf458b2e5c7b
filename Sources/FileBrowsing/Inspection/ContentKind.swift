/// Whether a file's content looks like text or binary, decided from its first
/// 8 KiB: a NUL byte or invalid UTF-8 means binary. The same test serves
/// `info` and the viewer.
public enum ContentKind: Sendable, Equatable {
    case empty
    case text
    /// Why it is binary, for the user: "NUL bytes" or "invalid UTF-8".
    case binary(reason: String)

    public static let sampleSize = 8192

    /// Classifies a sample of bytes. A multi-byte sequence cut off by the end
    /// of the sample does not count against it.
    public static func classify(_ sample: UnsafeBufferPointer<UInt8>) -> ContentKind {
        guard !sample.isEmpty else { return .empty }
        if sample.contains(0) { return .binary(reason: "NUL bytes") }
        var end = sample.count
        // Drop an incomplete sequence at the very end (at most 3 bytes).
        var back = 0
        while back < 3 && end - back - 1 >= 0 && sample[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        if end - back - 1 >= 0 {
            let lead = sample[end - back - 1]
            let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if needed > back + 1 { end = end - back - 1 }
        }
        return UTF8Validation.isValid(UnsafeBufferPointer(rebasing: sample[0..<end])) ? .text : .binary(reason: "invalid UTF-8")
    }

    /// Classifies the first 8 KiB of `source` (a file opened for viewing, an archive's member).
    public static func of(_ source: any ByteSource) -> Result<ContentKind, FileError> {
        do {
            return .success(try source.read(at: 0, count: sampleSize) { classify($0.assumingMemoryBound(to: UInt8.self)) })
        } catch {
            return .failure(error)
        }
    }

    /// Reads the first 8 KiB of a file through the dump reader (type checked
    /// first, opened read-only and non-blocking) and classifies them.
    public static func of(name: [UInt8], in directory: DirectoryHandle) -> Result<ContentKind, FileError> {
        do {
            let reader = try HexDumpReader(path: name, name: name, in: directory, length: UInt64(sampleSize), bufferSize: sampleSize)
            return .success(try reader.withNextChunk(lineLength: 1) { classify($0.assumingMemoryBound(to: UInt8.self)) })
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    public var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
