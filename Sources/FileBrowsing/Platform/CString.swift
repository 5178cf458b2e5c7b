/// Calls `body` with a byte string as a NUL-terminated C string: how names
/// and paths, kept as bytes, reach the C calls.
public func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    (bytes + [0]).withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count, body)
    }
}
