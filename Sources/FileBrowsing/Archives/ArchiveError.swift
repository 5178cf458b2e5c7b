/// Why compressed bytes could not be read: what a user reads after the
/// archive's or member's path.
public struct ArchiveError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }

    static let truncated = ArchiveError("the compressed data ends early (a truncated file)")
}
