/// Why compressed bytes could not be read: what a user reads after the
/// archive's or member's path.
public struct ArchiveError: Error, Equatable, CustomStringConvertible {
    public let description: String
    /// The reading was stopped (Ctrl-C) rather than the archive being damaged:
    /// what was read is partial, not what the archive holds.
    public let isStop: Bool

    public init(_ description: String) {
        self.description = description
        isStop = false
    }

    private init(stoppedWith description: String) {
        self.description = description
        isStop = true
    }

    /// A read of the archive's file that failed: a file system that did not
    /// answer stops the reading (what was read is partial, not damaged).
    public init(reading error: FileError) {
        self.description = error.reasonText
        isStop = error.reason == .system(.notResponding)
    }

    /// A listing stopped by Ctrl-C after `count` members.
    public static func stopped(after count: Int) -> ArchiveError {
        ArchiveError(stoppedWith: "stopped (Ctrl-C) after \(count) member\(count == 1 ? "" : "s"); the rest were not read")
    }

    /// A header's number that does not fit what filetable can count (a
    /// size past 2^63, a time of `nan` or `1e300`): damage, not a trap.
    static func doesNotFit(_ field: String, headerOffset: UInt64) -> ArchiveError {
        ArchiveError("a header at byte \(headerOffset) gives a \(field) that does not fit (damaged)")
    }

    static let truncated = ArchiveError("the compressed data ends early (a truncated file)")
}
