import FileBrowsing
import HexDump
import TableKit
import Terminal

/// A file shown full width in the screen view (Enter on a file, `x`): the
/// REPL's text or hex viewer, moved one key at a time.
final class ScreenViewerState {
    private let text: TextViewer?
    private let hex: HexViewer?
    private let title: String
    private let useColor: Bool

    init(session: Session, row: Int, asHex: Bool, columns: Int) throws(CommandError) {
        let level = session.current
        let model = level.model
        let path = level.path(ofRow: row)
        title = NameEscaping.escape(model.name(ofRow: row))
        useColor = session.settings.useColor
        var file: any ByteSource
        do {
            file = try model.contents(ofRow: row, path: path)
        } catch {
            throw CommandError("view: \(error.description)")
        }
        // Compressed text (a .gz changelog) is read as its text; x shows the file's bytes.
        if !asHex {
            do {
                if let text = try CompressedText.text(of: file, stop: session.context.stop.isRequested) { file = text }
            } catch {
                throw CommandError("view: \(NameEscaping.escape(path)): \(error.description)")
            }
        }
        var binary = asHex
        if !binary, case .success(let kind) = ContentKind.of(file) {
            if case .binary = kind { binary = true }
        }
        if binary {
            text = nil
            hex = HexViewer(file: file, start: 0, limit: nil)
        } else {
            text = try Self.textViewer(file, session: session, columns: columns)
            hex = nil
        }
    }

    /// Text made for the view (a diff), titled `title`; `search` set for
    /// `n` and `N` without moving.
    init(text file: any ByteSource, title: String, search: String?, session: Session, columns: Int) throws(CommandError) {
        self.title = title
        useColor = session.settings.useColor
        text = try Self.textViewer(file, session: session, columns: columns)
        if let search { text?.search(for: search) }
        hex = nil
    }

    /// The text viewer on `file`, laid out for the screen's width.
    private static func textViewer(_ file: any ByteSource, session: Session, columns: Int) throws(CommandError) -> TextViewer {
        do {
            return try TextViewer(file: file, layout: TextLineLayout(width: columns, wraps: false, settings: session.settings))
        } catch {
            throw CommandError("view: \(error.description)")
        }
    }

    /// The viewer move a key makes (`close` for q, Left, Esc): a letter
    /// means what it means typed at the prompt's viewer (`ViewerMove.parse`,
    /// less's letters: one key table for both), and the keys a terminal
    /// sends for arrows, pages and Ctrl-letters move as in less and vim.
    static func move(for key: Key) -> ViewerMove? {
        switch key {
        case .down, .enter: return .forward(.lines(1))
        case .up: return .backward(.lines(1))
        case .pageDown, .text(" "), .control("f"): return .forward(.screen)
        case .pageUp, .control("b"): return .backward(.screen)
        case .control("d"): return .forward(.halfScreen)
        case .control("u"): return .backward(.halfScreen)
        case .home: return .top
        case .end: return .end
        case .left, .text("h"), .escape, .backspace: return .close
        case .text(let letter) where letter.count == 1: return ViewerMove.parse(letter)
        default: return nil
        }
    }

    /// Makes a move; what the status line says (a mistake, or nothing).
    func apply(_ move: ViewerMove, size: (rows: Int, columns: Int)) -> String {
        do {
            if let text {
                text.layout.width = size.columns
                try text.apply(move, height: size.rows - 2)
            } else if let hex {
                try hex.apply(move, height: size.rows - 2)
            }
            return ""
        } catch {
            switch error {
            case .atEnd: return "the end (q goes back to the table)"
            case .atTop: return "the top"
            case .notFound: return "Pattern not found"
            case .noSearch: return "no search yet: / searches"
            default: return "\(error)"
            }
        }
    }

    /// The frame: a header, the rows, the status line.
    func lines(rows: Int, columns: Int, status: String) -> [ScreenFrame.Line] {
        let height = rows - 2
        var body: [String] = []
        var detail = ""
        if let text {
            text.layout.width = columns
            if let screen = try? text.screen(height: height) {
                body = screen.rows
                // As the prompt's viewer says it: `lines 21-41 of 361`.
                if let first = screen.firstLine, let last = screen.lastLine {
                    detail = "lines \(first)-\(last)" + (text.lineCount.map { " of \($0)" } ?? "")
                }
                if let size = text.file.size, size > 0 { detail += "  \(Int(screen.endOffset * 100 / size))%" }
            }
        } else if let hex, let bytes = try? hex.screenBytes(height: height) {
            // hexdump -C's line is its offset (8 digits or more) and 70 columns
            // of bytes and text: coloured when it fits, else plain and cut
            // (a width would count the colours' escapes).
            let offsetDigits = max(8, String(hex.offset + UInt64(bytes.count), radix: 16).count)
            let fits = offsetDigits + 70 <= columns - 1
            var formatter = HexFormatter(format: .canonical, startOffset: hex.offset, squeezes: false, colored: useColor && fits)
            body = String(decoding: formatter.format(bytes), as: UTF8.self).split(separator: "\n").map {
                fits ? String($0) : TextWidth.truncatingTail(String($0), to: columns - 1)
            }
            // The bytes the search matched, as the text view shows its matches.
            if useColor && fits { body = HexMatchMarking.mark(body, bytes: bytes, from: hex.offset, search: hex.search) }
            detail = "0x\(String(hex.offset, radix: 16))" + (hex.match.map { "  match at 0x\(String($0, radix: 16))" } ?? "")
        }
        let header = TextWidth.truncatingTail(title + "  " + detail, to: columns - 1)
        return [ScreenFrame.Line(text: header, inverse: true)]
            + (0..<height).map { ScreenFrame.Line(text: $0 < body.count ? body[$0] : "", inverse: false) }
            + [ScreenFrame.Line(text: TextWidth.truncatingTail(status, to: columns - 1), inverse: false)]
    }
}
