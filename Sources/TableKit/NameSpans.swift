/// Where each row's text lies in the lines a `TextRenderer` writes, counted
/// the way `ls --dired` counts: bytes of the line itself, never of markup
/// (colours, links) around it. Handed to a renderer (`TextRenderer.nameSpans`)
/// by the one caller that wants it, read and cleared by that caller after
/// each page; not shared between threads.
public final class NameSpans {
    /// One rendered row: where its text starts and ends in its line, and the
    /// line's length with its ending, all in bytes of text.
    public struct Row: Equatable, Sendable {
        public var textStart: Int
        public var textEnd: Int
        public var lineLength: Int
    }

    /// The rows rendered since the last `removeAll()`, in order.
    public private(set) var rows: [Row] = []
    /// Markup bytes written with those rows (a caller that counts every
    /// byte it wrote takes these away).
    public private(set) var markupBytes = 0
    /// Written at the start of each measured row's line (`ls --dired`'s two spaces).
    public var linePrefix = ""
    /// A text whose first byte is a space is an unquoted name ls pads to
    /// line up with quoted ones: the space is not part of the name.
    public var skipsPaddingSpace = false

    public init() {}

    public func removeAll() {
        rows.removeAll(keepingCapacity: true)
        markupBytes = 0
    }

    func record(_ row: Row, markupBytes: Int) {
        rows.append(row)
        self.markupBytes += markupBytes
    }
}

/// The markup bytes written inside a row's line and where its text went in
/// the output buffer, while the row is rendered (only when `NameSpans` are
/// asked for).
final class RowTally {
    var markupBytes = 0
    /// Where the text starts in the output, and the markup written before it on the line.
    var textOffset = 0
    var markupBeforeText = 0
    var textByteCount = 0
    /// The text's padding space went out before the markup (`Cell.leadsWithPadding`).
    var paddingBeforeMarkup = false

    func markup(_ text: String) { markupBytes += text.utf8.count }
}
