import TableKit

/// Where each row's name lies in the lines a listing wrote, counted the way
/// `ls --dired` counts: bytes of the line itself, never of markup (colours,
/// links) around it. Handed to the renderer by `DiredLog`, read and cleared
/// after each page; not shared between threads.
final class NameSpans: RowTextPlaces {
    /// One rendered row: where its text starts and ends in its line, and the
    /// line's length with its ending, all in bytes of text.
    struct Row: Equatable, Sendable {
        var textStart: Int
        var textEnd: Int
        var lineLength: Int
    }

    /// The rows rendered since the last `removeAll()`, in order.
    private(set) var rows: [Row] = []
    /// Markup bytes written with those rows (a caller that counts every
    /// byte it wrote takes these away).
    private(set) var markupBytes = 0
    /// Written at the start of each row's line (`ls --dired`'s two spaces).
    var linePrefix = ""
    /// A name whose first byte is a space is an unquoted name ls pads to
    /// line up with quoted ones: the space is not part of the name.
    var skipsPaddingSpace = false

    func removeAll() {
        rows.removeAll(keepingCapacity: true)
        markupBytes = 0
    }

    func record(textStart: Int, textEnd: Int, lineLength: Int, markupBytes: Int) {
        rows.append(Row(textStart: textStart, textEnd: textEnd, lineLength: lineLength))
        self.markupBytes += markupBytes
    }
}
