/// The CRC-32 of gzip and zip (polynomial 0xEDB88320, reflected), checked
/// on every member read to its end: a damaged member is named, not shown
/// as if whole.
public struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The checksum of the bytes given so far.
    public private(set) var value: UInt32 = 0

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        value = ~crc
    }
}
