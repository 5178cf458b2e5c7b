/// A text looked for inside names, ASCII case ignored (`find`, `find --all`,
/// a search inside an archive): folded once, then tested against each name.
public struct NameNeedle: Sendable {
    /// The text's bytes, lowercased (ASCII).
    private let folded: [UInt8]

    /// `bytes` as typed (already unescaped).
    public init(_ bytes: [UInt8]) {
        folded = bytes.map(Self.foldCase)
    }

    /// ASCII lowercase.
    @inline(__always)
    static func foldCase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `name` holds the text, ignoring ASCII case.
    public func isFound(in name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !folded.isEmpty else { return true }
        guard name.count >= folded.count else { return false }
        outer: for start in 0...(name.count - folded.count) {
            for k in 0..<folded.count where Self.foldCase(name[start + k]) != folded[k] { continue outer }
            return true
        }
        return false
    }
}
