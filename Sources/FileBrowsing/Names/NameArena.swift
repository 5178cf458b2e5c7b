/// The names of a directory listing, stored compactly: one byte arena holding
/// every name followed by a NUL, an offset per entry and a kind byte per entry.
///
/// A million names cost their bytes plus five bytes each, with no String or
/// Array per entry; the NUL lets a name be passed to `fstatat` without a copy.
public struct NameArena: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Start of entry i's name; `starts[count]` is the end of the arena.
    private(set) var starts: [UInt32] = [0]
    private(set) var kinds: [FileKind] = []
    /// The entry numbers in natural name order, when the enumerator worked it
    /// out while reading (huge directories only); nil otherwise, and after
    /// any later append.
    internal(set) public var naturalOrder: [UInt32]?

    public init() {}

    public var count: Int { kinds.count }
    /// The bytes the names take, NULs included.
    public var byteCount: Int { bytes.count }

    public mutating func reserve(entries: Int, bytes byteCount: Int) {
        starts.reserveCapacity(entries + 1)
        kinds.reserveCapacity(entries)
        bytes.reserveCapacity(byteCount)
    }

    /// Appends a name (without its NUL) and the kind the directory reported.
    public mutating func append(_ name: UnsafeBufferPointer<UInt8>, kind: FileKind) {
        if naturalOrder != nil { naturalOrder = nil }
        bytes.append(contentsOf: name)
        bytes.append(0)
        starts.append(UInt32(bytes.count))
        kinds.append(kind)
    }

    public mutating func append(_ name: [UInt8], kind: FileKind) {
        name.withUnsafeBufferPointer { append($0, kind: kind) }
    }

    /// The kind reported by the directory (`d_type`); `.unknown` on file systems
    /// that do not report it.
    public func kind(at index: Int) -> FileKind { kinds[index] }

    /// Records a kind learnt later from `stat`.
    mutating func setKind(_ kind: FileKind, at index: Int) { kinds[index] = kind }

    public func nameLength(at index: Int) -> Int { Int(starts[index + 1] - starts[index]) - 1 }

    /// Calls `body` with the name's bytes (no NUL).
    @inline(__always)
    public func withName<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let start = Int(starts[index]), end = Int(starts[index + 1]) - 1
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Calls `body` with the name as a NUL-terminated C string.
    @inline(__always)
    public func withCName<R>(at index: Int, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let start = Int(starts[index])
        return try bytes.withUnsafeBufferPointer { buffer in
            try (buffer.baseAddress! + start).withMemoryRebound(to: CChar.self, capacity: 1) { try body($0) }
        }
    }

    /// A copy of the name's bytes.
    public func name(at index: Int) -> [UInt8] { withName(at: index) { Array($0) } }

    /// The first byte of a name (0 for an empty one).
    @inline(__always)
    public func firstByte(at index: Int) -> UInt8 { bytes[Int(starts[index])] }

    /// A new arena with the given entries, in the given order: one pass of
    /// copies into storage sized up front.
    public func reordered(_ order: [UInt32]) -> NameArena {
        var result = NameArena()
        var total = 0
        for index in order { total += Int(starts[Int(index) + 1] - starts[Int(index)]) }
        result.starts = [UInt32](unsafeUninitializedCapacity: order.count + 1) { newStarts, startCount in
            result.kinds = [FileKind](unsafeUninitializedCapacity: order.count) { newKinds, kindCount in
                // 16 bytes of slack: short names are copied as two 8-byte words.
                result.bytes = [UInt8](unsafeUninitializedCapacity: total + 16) { newBytes, byteCount in
                    bytes.withUnsafeBufferPointer { oldBytes in
                        starts.withUnsafeBufferPointer { oldStarts in
                            kinds.withUnsafeBufferPointer { oldKinds in
                                var offset = 0
                                newStarts[0] = 0
                                let source = UnsafeRawPointer(oldBytes.baseAddress!), target = UnsafeMutableRawPointer(newBytes.baseAddress!)
                                for (position, index) in order.enumerated() {
                                    let i = Int(index)
                                    let start = Int(oldStarts[i]), length = Int(oldStarts[i + 1]) - start
                                    if length <= 16 && start + 16 <= oldBytes.count {
                                        target.storeBytes(of: source.loadUnaligned(fromByteOffset: start, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                                        target.storeBytes(of: source.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self), toByteOffset: offset + 8, as: UInt64.self)
                                    } else {
                                        (target + offset).copyMemory(from: source + start, byteCount: length)
                                    }
                                    offset += length
                                    newStarts[position + 1] = UInt32(offset)
                                    newKinds[position] = oldKinds[i]
                                }
                            }
                        }
                    }
                    byteCount = total
                }
                kindCount = order.count
            }
            startCount = order.count + 1
        }
        return result
    }
}
