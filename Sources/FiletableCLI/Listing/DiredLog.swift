import FileBrowsing
import TableKit
import Terminal

/// `ls --dired` (`-D`): where each name of a long listing lies in the
/// output, for Emacs' dired, which reads the names back by their places
/// instead of parsing lines. Every line is indented by two spaces; at the
/// end come `//DIRED//` (each file name's first byte and the byte after
/// it), `//SUBDIRED//` (each directory header's name, when there are
/// headers) and `//DIRED-OPTIONS// --quoting-style=WORD`, as ls writes
/// them. Places count the bytes written, not the colours' (as ls counts).
///
/// Only with `-l` and without `--hyperlink`, as ls; `--zero` is refused
/// with it. Owned by the listing's `ListingContext`; one thread.
final class DiredLog {
    static let indent = "  "
    /// The quoting style named in the last line (ls's word).
    let quotingWord: String
    private var names: [Int] = []
    private var subdirectories: [Int] = []
    /// Markup bytes written so far (colours), which places do not count.
    private var markupBytes = 0
    /// The renderer's measures of the rows it drew.
    let spans = NameSpans()

    init(quoting: QuotingStyle?) {
        quotingWord = quoting.map { $0 == .exact ? "literal" : $0.rawValue } ?? "literal"
        spans.linePrefix = Self.indent
    }

    /// Where the next byte written to `output` lies, as ls counts.
    func position(_ output: OutputSink) -> Int { output.writtenCount - markupBytes }

    /// Takes the places of the rows the renderer drew since the last call,
    /// which began at `start` (a `position` taken before they were drawn).
    func takeRows(from start: Int) {
        var lineStart = start
        for row in spans.rows {
            names.append(lineStart + row.textStart)
            names.append(lineStart + row.textEnd)
            lineStart += row.lineLength
        }
        markupBytes += spans.markupBytes
        spans.removeAll()
    }

    /// A directory's header name, `count` bytes from `start`.
    func header(at start: Int, count: Int) {
        subdirectories.append(start)
        subdirectories.append(start + count)
    }

    /// The closing lines.
    func write(to output: OutputSink) {
        if !names.isEmpty { output.write("//DIRED//" + names.map { " \($0)" }.joined() + "\n") }
        if !subdirectories.isEmpty { output.write("//SUBDIRED//" + subdirectories.map { " \($0)" }.joined() + "\n") }
        output.write("//DIRED-OPTIONS// --quoting-style=\(quotingWord)\n")
    }
}
