import SystemSeam

/// Names recorded one at a time in a hot loop (a scan's worker recording a
/// directory's files), then made into a `NameArena` once, in the order
/// asked (by name, for a scan's batch): plain stores into
/// buffers it owns, where appending to the arena's arrays checked each
/// array's uniqueness and room a name (188 instructions a name against
/// about 30 here). A scan's worker keeps one for all its directories
/// (`removeAll()` keeps the room). Used by one thread at a time; nothing is
/// allocated until the first name.
final class NameRecorder {
    private var bytes: UnsafeMutablePointer<UInt8>?
    private var byteCapacity = 0
    private var byteCount = 0
    /// `starts[i]` is where name `i` begins; `starts[count]` the end.
    private var starts: UnsafeMutablePointer<UInt32>?
    private var kinds: UnsafeMutablePointer<FileKind>?
    private var capacity = 0
    private(set) var count = 0
    /// Bytes kept readable past the last name: eight bytes may be loaded
    /// from any name's start at once (`withBuffers`).
    static let slack = 8

    deinit {
        bytes?.deallocate()
        starts?.deallocate()
        kinds?.deallocate()
    }

    /// Records a name (without its NUL) and the kind the directory reported.
    @inline(__always)
    func append(_ name: UnsafeBufferPointer<UInt8>, kind: FileKind) {
        if count == capacity { growEntries() }
        if byteCount + name.count + 1 + Self.slack > byteCapacity { growBytes(toHold: byteCount + name.count + 1 + Self.slack) }
        let to = bytes.unsafelyUnwrapped + byteCount
        if let from = name.baseAddress { to.update(from: from, count: name.count) }
        to[name.count] = 0
        byteCount += name.count + 1
        kinds.unsafelyUnwrapped[count] = kind
        count += 1
        starts.unsafelyUnwrapped[count] = UInt32(byteCount)
    }

    /// Forgets the names recorded, keeping the room for the next directory.
    /// The bytes past the end stay readable (old names' bytes or zeros).
    func removeAll() {
        count = 0
        byteCount = 0
    }

    /// The names recorded and their starts (`starts[count]` the end), valid
    /// inside `body` only. Eight bytes may be read from any name's start,
    /// past the names' end (`slack`).
    func withBuffers<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) -> R) -> R {
        body(UnsafeBufferPointer(start: bytes, count: byteCount), UnsafeBufferPointer(start: starts, count: count == 0 ? 0 : count + 1))
    }

    /// The names recorded, as an arena in the order `order` gives (each
    /// recorded entry number once; the recorder is left as it is).
    func arena(in order: [Int32]) -> NameArena {
        guard count > 0, let bytes, let starts, let kinds else { return NameArena() }
        let count = order.count
        let newKinds = [FileKind](unsafeUninitializedCapacity: count) { to, made in
            for (position, index) in order.enumerated() { to[position] = kinds[Int(index)] }
            made = count
        }
        var newStarts = [UInt32](unsafeUninitializedCapacity: count + 1) { to, made in
            to[0] = 0
            made = count + 1
        }
        let newBytes = [UInt8](unsafeUninitializedCapacity: byteCount) { to, made in
            newStarts.withUnsafeMutableBufferPointer { newStarts in
                var end = 0
                for (position, entry) in order.enumerated() {
                    let start = Int(starts[Int(entry)])
                    let length = Int(starts[Int(entry) + 1]) - start
                    // Names are short: a loop, not a call a name.
                    for offset in 0..<length { to[end &+ offset] = bytes[start &+ offset] }
                    end += length
                    newStarts[position + 1] = UInt32(end)
                }
                made = end
            }
        }
        return NameArena(bytes: newBytes, starts: newStarts, kinds: newKinds)
    }

    private func growEntries() {
        let grown = max(16, capacity * 2)
        let newStarts = UnsafeMutablePointer<UInt32>.allocate(capacity: grown + 1)
        let newKinds = UnsafeMutablePointer<FileKind>.allocate(capacity: grown)
        if let starts, let kinds {
            newStarts.update(from: starts, count: count + 1)
            newKinds.update(from: kinds, count: count)
            starts.deallocate()
            kinds.deallocate()
        } else {
            newStarts[0] = 0
        }
        starts = newStarts
        kinds = newKinds
        capacity = grown
    }

    private func growBytes(toHold needed: Int) {
        let grown = max(needed, 256, byteCapacity * 2)
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        if let bytes {
            newBytes.update(from: bytes, count: byteCount)
            bytes.deallocate()
        }
        // The rest zeroed: the slack read past the last name is never uninitialised memory.
        (newBytes + byteCount).initialize(repeating: 0, count: grown - byteCount)
        bytes = newBytes
        byteCapacity = grown
    }
}
