import FileBrowsing

/// An open text view: the file, the screen's first row, the search, the
/// switches. It reads only what a screen, a move or a search needs, so a
/// gigabyte file opens, ends and pages back at once and memory stays a few
/// blocks. Line numbers are counted as the view moves; a jump into a large
/// file (`G`, `NN%`) leaves them unknown until a go-to-line or the top.
final class TextViewer {
    let file: any ByteSource
    /// The name the header shows: the row's name as the table shows it.
    var title: [UInt8] = []
    private let lines: TextLines
    /// The piece at the top of the screen.
    private(set) var top = TextPosition.start
    /// Rows of the top piece above the screen: a wrapped line taller than a
    /// screen is shown a screen of it at a time.
    private(set) var skippedRows = 0
    private(set) var search: TextSearch?
    private(set) var searchesBackward = false
    var layout: TextLineLayout
    /// Where the screen after the one last shown starts: what `f` and
    /// Enter show next, whatever height the next screen has.
    var shownNext: (position: TextPosition, skippedRows: Int)?
    /// Lines in the file, counted when it is opened if it is small enough.
    private(set) var lineCount: Int?

    /// Files up to this size have their lines counted on opening (a few ms).
    static let countedSize: UInt64 = 64 << 20

    /// `countsLines`: count a small file's lines on opening (the header's
    /// "of N"); a preview that shows one screen does not.
    init(file: any ByteSource, layout: TextLineLayout, countsLines: Bool = true) throws(FileError) {
        self.file = file
        lines = TextLines(file: file)
        self.layout = layout
        self.countsLines = countsLines
        seenRevision = file.revision
        try countLines()
    }

    /// Whether the file's lines are counted (a small file, not a preview).
    private let countsLines: Bool
    /// The file's revision the line numbers were counted at.
    private var seenRevision: Int

    /// Counts the lines of a file up to `countedSize`; forgets the count of a larger one.
    private func countLines() throws(FileError) {
        lineCount = nil
        guard countsLines, let size = file.size, size <= Self.countedSize else { return }
        let newlines = try lines.newlines(from: 0, to: size)
        let endsWithNewline = size == 0 ? true : try file.read(at: size - 1, count: 1) { $0.first == 0x0A }
        lineCount = newlines + (endsWithNewline ? 0 : 1)
    }

    /// A file that grew, shrank or was rewritten since the last move: the
    /// lines are counted again and the top's number read again (the top
    /// goes back to the start when the file now ends before it), so no
    /// number is left from the file as it was.
    private func followChanges() throws(FileError) {
        try file.refresh()
        guard file.revision != seenRevision else { return }
        seenRevision = file.revision
        try countLines()
        if let size = file.size, top.offset > size || (top.offset == size && size > 0) {
            place(TextPosition.start)
        } else if top.offset > 0 {
            let start = try lines.pieceStart(holding: top.offset)
            let line = lineCount != nil ? try lines.newlines(from: 0, to: start) + 1 : nil
            if start != top.offset { skippedRows = 0 }
            top = TextPosition(offset: start, line: line)
        }
        shownNext = nil
    }

    /// What one screen shows.
    struct Screen {
        var rows: [String]
        /// The line numbers of the first and last pieces shown, when known.
        var firstLine: Int?
        var lastLine: Int?
        /// Where the next screen starts (and the rows of it already shown),
        /// nil when this screen reaches the end of the file.
        var next: (position: TextPosition, skippedRows: Int)?
        /// The offset just past the last byte shown.
        var endOffset: UInt64
    }

    /// The screen from the top, `height` rows at most.
    func screen(height: Int) throws(FileError) -> Screen {
        let pieces = try lines.pieces(from: top, count: height + 1)
        var rows: [String] = []
        var next: (TextPosition, Int)?
        var lastLine = top.line
        var endOffset = top.offset
        for (index, piece) in pieces.enumerated() {
            var pieceRows = rowsOf(piece)
            if index == 0 { pieceRows.removeFirst(min(skippedRows, pieceRows.count - 1)) }
            if rows.count + pieceRows.count > height {
                if rows.isEmpty {
                    // A piece taller than the screen: this screen of it, the rest next.
                    rows = Array(pieceRows.prefix(height))
                    next = (piece.position, skippedRows + height)
                    lastLine = piece.position.line
                } else {
                    next = (piece.position, 0)
                }
                break
            }
            rows += pieceRows
            lastLine = piece.position.line
            endOffset = piece.end
            if rows.count == height && index + 1 < pieces.count {
                next = (pieces[index + 1].position, 0)
                break
            }
        }
        return Screen(rows: rows, firstLine: top.line, lastLine: lastLine, next: next, endOffset: endOffset)
    }

    /// The rows `piece` takes, its matches highlighted.
    private func rowsOf(_ piece: TextPiece) -> [String] {
        layout.rows(piece.bytes, number: piece.position.line, matches: search?.matches(in: piece.bytes) ?? [])
    }

    /// Makes `move`; an error says why it cannot be made (the view stays).
    func apply(_ move: ViewerMove, height: Int) throws(ViewerError) {
        try asViewerError {
            try followChanges()
            switch move {
            case .forward(.screen):
                guard let next = try shownNext ?? screen(height: height).next else { throw ViewerError.atEnd }
                top = next.position
                skippedRows = next.skippedRows
            case .forward(.halfScreen): try forward(rows: max(1, height / 2), height: height)
            case .forward(.lines(let count)): try forward(rows: count, height: height)
            case .backward(.screen): try backward(rows: height)
            case .backward(.halfScreen): try backward(rows: max(1, height / 2))
            case .backward(.lines(let count)): try backward(rows: count)
            case .top: place(TextPosition.start)
            case .end, .follow: try showEnd(height: height)
            case .line(let number): try goToLine(number)
            case .percent(let percent): try goToPercent(percent)
            case .search(let text, let backward):
                search = TextSearch(text: text)
                searchesBackward = backward
                try findMatch(backward: backward, includingTop: false)
            case .nextMatch: try findMatch(backward: searchesBackward, includingTop: false)
            case .previousMatch: try findMatch(backward: !searchesBackward, includingTop: false)
            case .toggleNumbers: layout.numbers.toggle()
            case .toggleWrap:
                layout.wraps.toggle()
                skippedRows = 0
            case .close: break
            }
        }
    }

    /// Shows the file from `position`'s piece, its first row.
    private func place(_ position: TextPosition) {
        top = position
        skippedRows = 0
    }

    private func forward(rows count: Int, height: Int) throws {
        var left = count
        var moved = false
        while left > 0 {
            let pieces = try lines.pieces(from: top, count: 2)
            guard let first = pieces.first else { break }
            let taken = rowsOf(first).count - skippedRows
            // Never past the point where the last screen shows the file's end.
            if pieces.count < 2 && taken <= left { break }
            if taken > left {
                skippedRows += left
                left = 0
            } else {
                left -= taken
                place(pieces[1].position)
            }
            moved = true
        }
        if !moved { throw ViewerError.atEnd }
    }

    private func backward(rows count: Int) throws {
        guard top.offset > 0 || skippedRows > 0 else { throw ViewerError.atTop }
        var left = count
        while left > 0 {
            if skippedRows > 0 {
                let step = min(skippedRows, left)
                skippedRows -= step
                left -= step
                continue
            }
            guard let earlier = try lines.previous(before: top) else { break }
            let pieces = try lines.pieces(from: earlier, count: 1)
            let rows = pieces.first.map { rowsOf($0).count } ?? 1
            place(earlier.line == nil && earlier.offset == 0 ? TextPosition.start : earlier)
            skippedRows = max(0, rows - left)
            left -= min(rows, left)
        }
    }

    /// The last screen: its last row is the file's last.
    private func showEnd(height: Int) throws {
        guard let size = file.size else { throw ViewerError.sizeUnknown }
        guard size > 0 else { return place(TextPosition.start) }
        // Just past the end; its line is the last one's when no newline ends the file.
        let endsWithNewline = try file.read(at: size - 1, count: 1) { $0.first == 0x0A }
        place(TextPosition(offset: size, line: lineCount.map { endsWithNewline ? $0 + 1 : $0 }))
        try backward(rows: height)
    }

    private func goToLine(_ number: Int) throws {
        guard number >= 1 else { throw ViewerError.noLine(number, lineCount) }
        guard let position = try lines.position(ofLine: number, from: top) else { throw ViewerError.noLine(number, lineCount) }
        place(position)
    }

    private func goToPercent(_ percent: Int) throws {
        guard let size = file.size else { throw ViewerError.sizeUnknown }
        guard percent > 0, size > 0 else { return place(TextPosition.start) }
        let target = min(size - 1, size / 100 * UInt64(percent) + size % 100 * UInt64(percent) / 100)
        let start = try lines.pieceStart(holding: target)
        let line = lineCount != nil ? try lines.newlines(from: 0, to: start) + 1 : nil
        place(TextPosition(offset: start, line: line))
    }

    /// Puts the next match (before the top, when `backward`) at the top.
    private func findMatch(backward: Bool, includingTop: Bool) throws {
        guard let search else { throw ViewerError.noSearch }
        let found: TextSearch.Found?
        let from: TextPosition
        if backward {
            from = top
            found = try search.previous(in: file, before: top.offset)
        } else {
            // From the line after the top (the top's own match is on screen already).
            let first = try lines.pieces(from: top, count: 1).first
            from = includingTop ? top : first?.next ?? top
            found = try search.next(in: file, from: from.offset)
        }
        guard let found else { throw ViewerError.notFound(search, backward: backward) }
        let start = try lines.pieceStart(holding: found.offset)
        place(TextPosition(offset: start, line: from.line.map { $0 + found.newlinesPassed }))
    }

    /// Where the lines a growing file gains will start: past its last
    /// newline (the start of a last line still missing one, which is shown
    /// again whole once it ends).
    func endPosition() throws(ViewerError) -> TextPosition {
        var position = TextPosition.start
        try asViewerError {
            guard let size = file.size, size > 0 else { return }
            if try file.read(at: size - 1, count: 1, { $0.first == 0x0A }) {
                position = TextPosition(offset: size, line: lineCount.map { $0 + 1 })
            } else {
                position = TextPosition(offset: try lines.pieceStart(holding: size - 1), line: lineCount)
            }
        }
        return position
    }

    /// What `F` prints as the file grows: the rows of the whole lines after
    /// `position` (where the last screen ended) and the position after them.
    /// A last line still missing its newline waits for it; a file cut
    /// shorter than `position` starts again from the top.
    func linesAdded(after position: TextPosition) throws(ViewerError) -> (rows: [String], next: TextPosition) {
        var rows: [String] = []
        var next = position
        try asViewerError {
            try followChanges()
            if let size = file.size, size < position.offset { next = TextPosition.start }
            for piece in try lines.pieces(from: next, count: 4096) where piece.endsLine {
                rows += rowsOf(piece)
                next = piece.next
            }
        }
        return (rows, next)
    }

    /// Starts the view at the first line holding `text` (`view N /TEXT`).
    func startAtMatch(of text: String) throws(ViewerError) {
        search = TextSearch(text: text)
        try asViewerError { try findMatch(backward: false, includingTop: true) }
    }

    /// Sets the search `n` and `N` go on with, the view staying where it
    /// is (a diff's hunks: `n` goes to the next `@@`).
    func search(for text: String) {
        search = TextSearch(text: text)
        searchesBackward = false
    }

    /// Starts the view at line `number` (`view N +LINE`).
    func startAtLine(_ number: Int) throws(ViewerError) {
        try asViewerError { try goToLine(number) }
    }

    /// Runs a step whose errors are a `ViewerError` or the file's.
    private func asViewerError(_ step: () throws -> Void) throws(ViewerError) {
        do {
            try step()
        } catch let error as ViewerError {
            throw error
        } catch let error as FileError {
            throw .file(error)
        } catch {
            throw .file(FileError(path: file.path, reason: .custom("\(error)")))
        }
    }
}

/// Why a viewer move could not be made; the view stays as it was.
enum ViewerError: Error {
    case atEnd
    case atTop
    case sizeUnknown
    /// An offset at or past the end (the end given).
    case pastEnd(UInt64, UInt64)
    case noLine(Int, Int?)
    case noSearch
    case notFound(TextSearch, backward: Bool)
    case file(FileError)
}
