/// Told, as a `TextRenderer` writes a page, where each row's text lies in
/// its line: in bytes of text, markup around it (colours, links) not
/// counted. For a caller that indexes what it printed (a listing's
/// `--dired` offsets); handed to one renderer (`TextRenderer.textPlaces`),
/// not shared between threads.
public protocol RowTextPlaces: AnyObject {
    /// Written at the start of each such row's line.
    var linePrefix: String { get }
    /// Whether a text's first byte, when it is a space, is padding and not
    /// part of the text.
    var skipsPaddingSpace: Bool { get }
    /// One rendered row: where its text starts and ends in its line and the
    /// line's length with its ending (bytes of text), and the markup bytes
    /// written with the row.
    func record(textStart: Int, textEnd: Int, lineLength: Int, markupBytes: Int)
}

/// The markup bytes written inside a row's line and where its text went in
/// the output buffer, while the row is rendered (only when `RowTextPlaces`
/// are asked for).
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
