/// Calls `body` with a byte string as a NUL-terminated C string: how names
/// and paths, kept as bytes, reach the C calls.
public func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    (bytes + [0]).withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count, body)
    }
}

/// `withCString` for bytes already in a buffer: copied with their NUL onto
/// the stack (short names) instead of into a new array.
public func withCString<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<CChar>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
        bytes.withMemoryRebound(to: CChar.self) { source in
            _ = buffer.initialize(fromContentsOf: source)
        }
        buffer[bytes.count] = 0
        return body(UnsafePointer(buffer.baseAddress!))
    }
}
