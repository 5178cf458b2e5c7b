/// Where a text viewer stands: the start of a piece of a line (see
/// `TextLines`), and that line's number when it is known. A number is known
/// when the viewer got there by counting lines (from the start, a search, a
/// go-to-line); a jump to the end or to a percentage of a large file does not
/// count them, and the header then gives bytes instead.
public struct TextPosition: Equatable, Sendable {
    public var offset: UInt64
    public var line: Int?

    public init(offset: UInt64, line: Int?) {
        self.offset = offset
        self.line = line
    }

    /// The first line.
    public static let start = TextPosition(offset: 0, line: 1)
}

/// One row's worth of a text file: a whole line, or a piece of a line longer
/// than `TextLines.longestPiece` (memory stays bounded on a file of one
/// endless line). `bytes` holds no newline.
public struct TextPiece: Equatable, Sendable {
    public let position: TextPosition
    public let bytes: [UInt8]
    /// Whether a newline ends the piece (false for a piece of a longer line
    /// and for a last line without one).
    public let endsLine: Bool

    /// The offset just past the piece and its newline.
    public var end: UInt64 { position.offset + UInt64(bytes.count) + (endsLine ? 1 : 0) }

    /// The position of the piece after this one.
    public var next: TextPosition { TextPosition(offset: end, line: endsLine ? position.line.map { $0 + 1 } : position.line) }
}
