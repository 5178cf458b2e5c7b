/// Which side of its column a value sticks to.
public enum ColumnAlignment: Sendable {
    case leading, trailing
}

/// How a page of cells becomes lines of text.
public struct RenderOptions: Sendable {
    /// The terminal width; nil means unlimited (value1 details then follow the text).
    public var width: Int?
    /// Marks styled text (`Cell.textStyle`, section headers); nil for plain text.
    public var styleMarkup: StyleMarkup?
    /// Marks linked text (`Cell.textLink`, `suffixLink`); nil leaves links out.
    public var linkMarkup: LinkMarkup?
    /// Shorten over-long text with a middle ellipsis to fit `width` (interactive
    /// views only; non-interactive listings never cut names).
    public var truncatesText = false
    /// Prefix each row with its 1-based number, right-aligned to `rowNumberWidth`.
    public var showsRowNumbers = false
    public var rowNumberWidth = 1
    /// Alignment of each leading column; missing entries are leading.
    public var columnAlignments: [ColumnAlignment] = []
    /// Column widths fixed across pages (for a listing aligned as a whole);
    /// when nil each page measures its own.
    public var columnWidths: [Int]?
    /// With `width`: a page whose leading columns would leave a row's text
    /// fewer columns than this is drawn without them (a narrow pane beside
    /// a detail keeps the names; the columns' facts are shown elsewhere).
    public var minimumTextRoom: Int?
    /// What ends a row's line: a newline, or NUL (`ls --zero`).
    public var lineEnd: UInt8 = 0x0A

    public init() {}
}

/// Lays out table items as aligned lines of text in a byte buffer.
///
/// Columns are measured over the page (or fixed by `RenderOptions.columnWidths`)
/// and separated by one space; text is never cut unless `truncatesText` is set.
public struct TextRenderer {
    public var options: RenderOptions
    /// When set, each row's text and line are measured into it (a listing's `--dired`).
    public var textPlaces: (any RowTextPlaces)?

    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Widens `widths` to fit a cell's leading columns.
    private static func measureColumns(of cell: Cell, into widths: inout [Int]) {
        for (i, column) in cell.columns.enumerated() {
            if i >= widths.count { widths.append(0) }
            widths[i] = max(widths[i], TextWidth.of(column))
        }
    }

    /// Appends the lines of `items` to a byte array (for callers that hold one).
    public func render(_ items: [TableItem], into output: inout [UInt8]) {
        var buffer = ByteBuffer(capacity: 1024)
        render(items, into: &buffer)
        buffer.withUnsafeBytes { output.append(contentsOf: $0) }
    }

    /// Appends the lines of `items` to `output`. A plain row (`isPlain`: a
    /// default cell with nothing set but its text) does not depend on the
    /// rest of the page, so it is written at once; the page-wide measures
    /// the other rows need (value2 labels, value1 edge, leading columns) are
    /// taken once, when the first such row comes.
    public func render(_ items: [TableItem], into output: inout ByteBuffer) {
        var measures: PageMeasures?
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                switch items[index] {
                case .header(_, let title):
                    appendStyled("== \(title) ==", style: .heading, to: &output)
                    output.append(0x0A)
                case .footer(_, let title):
                    append("-- \(title) --", to: &output)
                    output.append(0x0A)
                case .row(_, let flatRow, let cell):
                    if isPlain(cell) {
                        output.append(cell.textBytes)
                        output.append(options.lineEnd)
                        continue
                    }
                    if measures == nil { measures = measure(items) }
                    if let textPlaces {
                        renderMeasuredRow(cell, measures: measures!, spans: textPlaces, into: &output)
                    } else {
                        renderRow(cell, flatRow: flatRow, measures: measures!, into: &output)
                    }
                }
            }
        }
    }

    /// What the rows of a page share: leading column widths, the value2
    /// label width, and where value1 details end.
    private struct PageMeasures {
        var widths: [Int]
        var labelWidth = 0
        var value1Width: Int?
        /// False when `RenderOptions.minimumTextRoom` leaves the columns out.
        var showsColumns = true
    }

    private func measure(_ items: UnsafeBufferPointer<TableItem>) -> PageMeasures {
        var measures = PageMeasures(widths: options.columnWidths ?? [])
        let measuresColumns = options.columnWidths == nil
        var hasValue1 = false
        for index in items.indices {
            guard case .row(_, _, let cell) = items[index] else { continue }
            if cell.style == .value2 { measures.labelWidth = max(measures.labelWidth, TextWidth.of(cell.text)) }
            if cell.style == .value1 { hasValue1 = true }
            if measuresColumns && !cell.columns.isEmpty { Self.measureColumns(of: cell, into: &measures.widths) }
        }
        if let least = options.minimumTextRoom, let width = options.width, !measures.widths.isEmpty {
            var widestPrefix = 0
            for index in items.indices {
                guard case .row(_, _, let cell) = items[index] else { continue }
                widestPrefix = max(widestPrefix, prefixWidth(of: cell, widths: measures.widths) + accessoryWidth(of: cell))
            }
            measures.showsColumns = width - widestPrefix >= least
        }
        // value1 details line up at the right edge of the widest row on
        // the page (not of a wide screen, far from the names).
        if hasValue1, let width = options.width {
            var widest = 0
            for index in items.indices {
                guard case .row(_, _, let cell) = items[index], cell.style == .value1 else { continue }
                let detail = TextWidth.of(cell.detailText ?? "")
                let natural =
                    prefixWidth(of: cell, widths: measures.widths, columns: measures.showsColumns) + TextWidth.of(cell.text)
                    + TextWidth.of(cell.textSuffix)
                    + (detail > 0 ? 2 + detail : 0) + accessoryWidth(of: cell)
                widest = max(widest, natural)
            }
            measures.value1Width = min(width, widest)
        }
        return measures
    }

    /// A row drawn as its text and a line end, whatever the page holds: a
    /// default cell with nothing but its text (no image, accessory, colour
    /// or suffix: `hasExtras` says none was set), no columns, no number.
    @inline(__always)
    private func isPlain(_ cell: Cell) -> Bool {
        cell.style == .default && !cell.hasExtras && cell.columns.isEmpty && !options.showsRowNumbers
            && !options.truncatesText && !(options.styleMarkup?.marksEveryRow ?? false) && textPlaces == nil
    }

    /// One row's leading columns, text and suffix, without a line end, and
    /// the columns it takes on screen: an entry of a `ColumnGrid`.
    public func renderEntry(_ cell: Cell, into output: inout ByteBuffer) -> Int {
        if let opening = options.styleMarkup?.entryOpening?() { append(opening, to: &output) }
        let columns = appendColumns(of: cell, widths: options.columnWidths ?? [], measure: true, to: &output)
        return columns + appendText(cell, room: nil, startColumn: columns, measure: true, to: &output)
    }

    /// Appends a cell's leading columns, each padded to its width and aligned
    /// as the options say, then a space; returns the columns used (measured
    /// only when `measure`).
    @discardableResult
    private func appendColumns(of cell: Cell, widths: [Int], measure: Bool = false, to output: inout ByteBuffer) -> Int {
        var used = 0
        for (i, column) in cell.columns.enumerated() {
            let alignment = i < options.columnAlignments.count ? options.columnAlignments[i] : .leading
            let padded = TextWidth.pad(column, to: i < widths.count ? widths[i] : 0, alignment: alignment)
            append(padded, to: &output)
            output.append(0x20)
            if measure { used += TextWidth.of(padded) + 1 }
        }
        return used
    }

    /// Columns a row takes before its text: the number, the image and the leading columns.
    private func prefixWidth(of cell: Cell, widths: [Int], columns: Bool = true) -> Int {
        var total = options.showsRowNumbers ? options.rowNumberWidth + 1 : 0
        if cell.image != nil { total += 2 }
        guard columns else { return total }
        for (i, column) in cell.columns.enumerated() {
            total += max(i < widths.count ? widths[i] : 0, TextWidth.of(column)) + 1
        }
        return total
    }

    /// Columns the accessory takes after the text, with its space.
    private func accessoryWidth(of cell: Cell) -> Int {
        let glyph = cell.accessory.glyph
        return glyph.isEmpty ? 0 : glyph.count + 1
    }

    private func renderRow(_ cell: Cell, flatRow: Int, measures: PageMeasures, into output: inout ByteBuffer) {
        let widths = measures.widths
        let labelWidth = measures.labelWidth
        let value1Width = measures.value1Width
        if let opening = options.styleMarkup?.entryOpening?() { append(opening, to: &output) }
        // Where the line's own text starts in `output`: a name's place in it is counted in bytes, as ls counts it.
        let lineStart = output.count
        if options.showsRowNumbers {
            let number = TextWidth.pad(String(flatRow + 1), to: options.rowNumberWidth, alignment: .trailing)
            append(number, to: &output)
            output.append(0x20)
        }
        if let image = cell.image {
            append(String(image), to: &output)
            output.append(0x20)
        }
        if measures.showsColumns { appendColumns(of: cell, widths: widths, to: &output) }
        // Measured only where a width or a subtitle needs it (never in a plain listing).
        lazy var prefixWidth = self.prefixWidth(of: cell, widths: widths, columns: measures.showsColumns)
        let accessory = cell.accessory.glyph
        let accessoryWidth = accessoryWidth(of: cell)
        switch cell.style {
        case .default, .subtitle:
            appendText(
                cell, room: options.width.map { $0 - prefixWidth - accessoryWidth }, startColumn: output.count - lineStart, to: &output)
            if !accessory.isEmpty {
                output.append(0x20)
                append(accessory, to: &output)
            }
            output.append(options.lineEnd)
            if cell.style == .subtitle, let detail = cell.detailText {
                append(String(repeating: " ", count: prefixWidth + 2), to: &output)
                append(detail, to: &output)
                output.append(0x0A)
            }
        case .value1:
            let detail = cell.detailText ?? ""
            let detailWidth = TextWidth.of(detail)
            let lineWidth = value1Width ?? options.width
            let room = lineWidth.map { $0 - prefixWidth - accessoryWidth - detailWidth - 2 }
            let textWidth = appendText(cell, room: room, measure: true, to: &output)
            if !detail.isEmpty {
                let gap = lineWidth.map { $0 - prefixWidth - textWidth - detailWidth - accessoryWidth } ?? 2
                append(String(repeating: " ", count: max(1, gap)), to: &output)
                append(detail, to: &output)
            }
            if !accessory.isEmpty {
                output.append(0x20)
                append(accessory, to: &output)
            }
            output.append(0x0A)
        case .value2:
            append(TextWidth.pad(cell.text, to: labelWidth, alignment: .trailing), to: &output)
            append("  ", to: &output)
            var value = cell.detailText ?? ""
            if options.truncatesText, let width = options.width {
                value = TextWidth.truncatingMiddle(value, to: max(1, width - prefixWidth - labelWidth - 2 - accessoryWidth))
            }
            append(value, to: &output)
            if !accessory.isEmpty {
                output.append(0x20)
                append(accessory, to: &output)
            }
            output.append(0x0A)
        }
    }

    /// A row of a long listing whose text's place is asked for (`textPlaces`:
    /// a listing's `--dired`): the spans' line prefix, the leading columns, the text
    /// and its suffix, the line's end (no row number, image or accessory:
    /// a listing has none). The text's place and the line's length, in bytes
    /// of text, go into `spans`.
    private func renderMeasuredRow(_ cell: Cell, measures: PageMeasures, spans: any RowTextPlaces, into output: inout ByteBuffer) {
        var entryMarkupBytes = 0
        if let opening = options.styleMarkup?.entryOpening?() {
            append(opening, to: &output)
            entryMarkupBytes = opening.utf8.count
        }
        let tally = RowTally()
        let lineStart = output.count
        append(spans.linePrefix, to: &output)
        if measures.showsColumns { appendColumns(of: cell, widths: measures.widths, to: &output) }
        appendText(cell, room: nil, startColumn: output.count - lineStart, tally: tally, to: &output)
        output.append(options.lineEnd)
        let padded = cell.textBytes.withUnsafeBytes { $0.first == 0x20 } && !tally.paddingBeforeMarkup
        record(tally, lineStart: lineStart, lineEnd: output.count, in: spans, textStartsWithSpace: padded, entryMarkupBytes: entryMarkupBytes)
    }

    /// Appends the cell's text and suffix, shortened to `room` columns when
    /// truncation is on; returns the columns used (measured only when `measure`).
    @discardableResult
    private func appendText(
        _ cell: Cell, room: Int?, startColumn: Int = 0, measure: Bool = false, tally: RowTally? = nil, to output: inout ByteBuffer
    ) -> Int {
        // Only a shortened text is made as a String; otherwise the cell's bytes go out as they are.
        var shortened: String?
        var suffix = cell.textSuffix
        if options.truncatesText, let room {
            // The name keeps at least half the room when a long suffix (a
            // link's ` -> target`) would crowd it out; the suffix is then cut
            // at its tail, so the row never runs past the room.
            let suffixWidth = TextWidth.of(suffix)
            let nameRoom = max(1, min(TextWidth.of(cell.text), max(room - suffixWidth, room / 2)))
            shortened =
                cell.keptWhenCut.map { TextWidth.truncating(cell.text, to: nameRoom, keeping: $0) }
                ?? TextWidth.truncatingMiddle(cell.text, to: nameRoom)
            if suffixWidth > room - nameRoom { suffix = TextWidth.truncatingTail(suffix, to: max(0, room - nameRoom)) }
        }
        let opening = cell.textStyle.flatMap { style in options.styleMarkup?.opening(style) }
        // A link inside the colour, as ls draws it.
        let link = cell.textLink.flatMap { target in options.linkMarkup.map { ($0.opening(target), $0.closing) } }
        // ls's padding space goes before the colour and the link.
        let paddingFirst = cell.leadsWithPadding && shortened == nil && (opening != nil || link != nil) && !cell.textBytes.isEmpty
        if paddingFirst {
            output.append(0x20)
            tally?.paddingBeforeMarkup = true
        }
        if let opening { appendMarkup(opening, tally, to: &output) }
        if let link { appendMarkup(link.0, tally, to: &output) }
        tally?.textOffset = output.count
        tally?.markupBeforeText = tally?.markupBytes ?? 0
        if let shortened {
            append(shortened, to: &output)
        } else if paddingFirst {
            cell.textBytes.withUnsafeBytes { bytes in output.append(UnsafeBufferPointer(rebasing: bytes.dropFirst())) }
        } else {
            output.append(cell.textBytes)
        }
        tally?.textByteCount = output.count - (tally?.textOffset ?? 0)
        if let link { appendMarkup(link.1, tally, to: &output) }
        if let markup = options.styleMarkup {
            if opening != nil {
                appendMarkup(markup.closing, tally, to: &output)
            } else if let closing = markup.plainClosing {
                appendMarkup(closing, tally, to: &output)
            }
            let byteCount = shortened?.utf8.count ?? cell.textBytes.count
            if opening != nil || markup.plainClosing != nil, byteCount > 0, let clear = markup.wrapClearing?(startColumn, byteCount) {
                appendMarkup(clear, tally, to: &output)
            }
        }
        if !suffix.isEmpty { appendSuffix(suffix, of: cell, tally: tally, to: &output) }
        return measure ? TextWidth.of(shortened ?? cell.text) + TextWidth.of(suffix) : 0
    }

    /// The suffix, its styled and linked stretch (if any, and as far as a
    /// cut suffix still holds it) in the markups: the colour outside the link.
    private func appendSuffix(_ suffix: String, of cell: Cell, tally: RowTally?, to output: inout ByteBuffer) {
        let style = cell.suffixStyle.flatMap { span in
            options.styleMarkup.flatMap { markup in
                span.style == .plain ? markup.plainClosing.map { _ in "" } : markup.opening(span.style)
            }.map { ($0, span.start, span.count) }
        }
        let link = cell.suffixLink.flatMap { span in options.linkMarkup.map { ($0.opening(span.target), span.start, span.count) } }
        guard let span = style ?? link else {
            append(suffix, to: &output)
            return
        }
        let characters = Array(suffix)
        let start = min(span.1, characters.count)
        let end = min(span.1 + span.2, characters.count)
        append(String(characters[..<start]), to: &output)
        if end > start {
            if let style { appendMarkup(style.0, tally, to: &output) }
            if let link { appendMarkup(link.0, tally, to: &output) }
            append(String(characters[start..<end]), to: &output)
            if link != nil, let markup = options.linkMarkup { appendMarkup(markup.closing, tally, to: &output) }
            if style != nil, let markup = options.styleMarkup {
                appendMarkup(cell.suffixStyle?.style == .plain ? markup.plainClosing ?? "" : markup.closing, tally, to: &output)
            }
        }
        append(String(characters[end...]), to: &output)
    }

    private func appendStyled(_ text: String, style: TextStyle, to output: inout ByteBuffer) {
        guard let markup = options.styleMarkup, let opening = markup.opening(style) else {
            append(text, to: &output)
            return
        }
        append(opening, to: &output)
        append(text, to: &output)
        append(markup.closing, to: &output)
    }

    /// Markup: written, and counted in the row's tally (not text).
    private func appendMarkup(_ text: String, _ tally: RowTally?, to output: inout ByteBuffer) {
        append(text, to: &output)
        tally?.markup(text)
    }

    /// A row's text and line, in bytes of text, into `spans`. The entry's
    /// opening came before `lineStart`: it counts as markup, but only markup
    /// inside the line (the tally's) moves the text.
    private func record(
        _ tally: RowTally, lineStart: Int, lineEnd: Int, in spans: any RowTextPlaces, textStartsWithSpace: Bool, entryMarkupBytes: Int
    ) {
        var start = tally.textOffset - lineStart - tally.markupBeforeText
        let end = start + tally.textByteCount
        if spans.skipsPaddingSpace, textStartsWithSpace, end > start { start += 1 }
        let length = lineEnd - lineStart - tally.markupBytes
        spans.record(textStart: start, textEnd: end, lineLength: length, markupBytes: entryMarkupBytes + tally.markupBytes)
    }

    @inline(__always)
    private func append(_ text: String, to output: inout ByteBuffer) {
        output.append(text)
    }
}
