import FileBrowsing
import TableKit

/// Prints one listing in the requested format. Human-readable formats go
/// through the table engine (data source, reuse pool, renderer), page by page;
/// `--json` and `--print0` write exact data straight from the listing.
struct ModelPrinter {
    let context: ListingContext

    /// Prints every row of `model`. `isOperandList` is set for the files named
    /// on the command line (no `total` line); `pathsForPrint0` writes full paths
    /// instead of names (recursive listings).
    /// `measuredOver` lines the columns up over a larger listing: every
    /// operand, for the files named on the command line, as ls does.
    func print(_ model: any FileRows, isOperandList: Bool = false, pathsForPrint0: Bool = false, measuredOver: (any FileRows)? = nil) {
        switch context.options.format {
        case .oneLine, .columns, .across, .commas:
            // -l reports what it cannot stat as it draws; -1 only stats to sort.
            for (path, errno) in (model as? DirectoryListing)?.sortStatusFailures ?? [] {
                context.diagnostics.report(FileError(path: path, errno: errno), severity: .minorTrouble, while: .access)
            }
            let formatter = context.nameFormatter
            // ls prints an unsorted -1 directory listing as it reads it (no -s, no -R): each inode
            // then takes its own width. Sorted, or files named on the command line, are padded.
            let options = context.options
            let loneInodeLine =
                options.format == .oneLine && formatter.showsInode && !formatter.showsAllocatedSize
                && options.listOptions.sortKey == .none && !options.recursive && !isOperandList
            let measured = measuredOver ?? model
            var (widths, total) =
                loneInodeLine ? ([0], "") : formatter.measure(measured)
            // -m pads neither: each entry is as long as its text.
            if context.options.format == .commas { widths = widths.map { $0.map { _ in 0 } } }
            if formatter.showsAllocatedSize && !isOperandList {
                context.output.write("total \(total)")
                context.output.buffer.append(context.options.names.lineEnd)
            }
            if context.options.format == .oneLine {
                printTable(model, formatter: formatter, widths: widths)
            } else if context.options.format == .commas {
                printCommaList(model, formatter: formatter, widths: widths, lineWidth: context.lineWidth)
            } else {
                // ls lines quoted names up only on a line of limited width.
                let lineWidth = context.lineWidth
                formatter.decoration.padsUnquotedNames = lineWidth != 0 && formatter.decoration.quotesSomeName(in: model)
                printGrid(
                    model, formatter: formatter, widths: widths, lineWidth: lineWidth,
                    order: context.options.format == .columns ? .down : .across)
            }
        case .long:
            let formatter = context.longFormatter
            formatter.decoration.padsUnquotedNames = formatter.decoration.quotesSomeName(in: model)
            let measured = measuredOver ?? model
            let (widths, total) = formatter.measure(measured)
            if !isOperandList {
                context.output.write((context.dired == nil ? "" : DiredLog.indent) + "total \(total)")
                context.output.buffer.append(context.options.names.lineEnd)
            }
            context.dired?.spans.skipsPaddingSpace = formatter.decoration.padsUnquotedNames
            printTable(model, formatter: formatter, widths: widths)
        case .json:
            let json = JSONLines()
            for row in 0..<model.rowCount {
                context.output.write(json.object(forRow: row, in: model))
                context.output.write("\n")
                // The object says it in the data; the status and stderr say it as -l does.
                if case .failure(let errno) = model.status(ofRow: row) {
                    context.diagnostics.report(FileError(path: model.path(ofRow: row), errno: errno), severity: .minorTrouble, while: .access)
                }
            }
        case .print0:
            // Exact bytes for a program; at a terminal a name's control bytes would act on it: escaped there.
            let escapes = context.writesToTerminal
            for row in 0..<model.rowCount {
                if escapes {
                    context.output.write(NameEscaping.escape(pathsForPrint0 ? model.path(ofRow: row) : model.name(ofRow: row)))
                } else if pathsForPrint0 {
                    context.output.buffer.append(model.path(ofRow: row))
                } else {
                    model.withName(ofRow: row) { context.output.buffer.append($0) }
                }
                context.output.buffer.append(0)
                context.output.flushIfFull()
            }
        }
        reportDanglingLinks(in: model)
    }

    /// Points the shared table at `model` through `formatter`, on its first
    /// page, and returns the renderer for its rows (leading columns `widths`
    /// wide across the listing).
    private func showInTable(_ model: any FileRows, formatter: EntryCellFormatter, widths: [Int]?) -> TextRenderer {
        let table = context.table
        table.register(style: formatter.style, forCellReuseIdentifier: formatter.reuseIdentifier)
        table.dataSource = FileTableSource(rows: model, cellFormatter: formatter)
        table.reloadData()
        table.scrollToRow(0)
        var renderOptions = RenderOptions()
        // ls measures whether a name may wrap from its place in a long line,
        // from column 0 in the other formats (`print_file_name_and_frills`).
        renderOptions.styleMarkup = context.options.format == .long ? context.styleMarkup : context.styleMarkup?.clearingFrom(column: 0)
        renderOptions.linkMarkup = context.linkMarkup
        renderOptions.lineEnd = context.options.names.lineEnd
        renderOptions.columnWidths = widths
        renderOptions.columnAlignments = formatter.columnAlignments
        var renderer = TextRenderer(options: renderOptions)
        if let dired = context.dired {
            renderer.textPlaces = dired.spans
        }
        return renderer
    }

    private func printTable(_ model: any FileRows, formatter: EntryCellFormatter, widths: [Int]? = nil) {
        let renderer = showInTable(model, formatter: formatter, widths: widths)
        context.table.forEachPage { items in
            let start = context.dired?.position(context.output)
            renderer.render(items, into: &context.output.buffer)
            if let start { context.dired?.takeRows(from: start) }
            context.output.flushIfFull()
        }
    }

    /// `-C` and `-x`: every row rendered through the table as an entry, then
    /// laid out in as many columns as the line width allows.
    private func printGrid(_ model: any FileRows, formatter: EntryCellFormatter, widths: [Int]?, lineWidth: Int, order: ColumnGrid.Order) {
        let renderer = showInTable(model, formatter: formatter, widths: widths)
        var entries: [[UInt8]] = []
        var entryWidths: [Int] = []
        entries.reserveCapacity(model.rowCount)
        entryWidths.reserveCapacity(model.rowCount)
        var scratch = ByteBuffer(capacity: 256)
        context.table.forEachPage { items in
            for item in items {
                guard case .row(_, _, let cell) = item else { continue }
                scratch.removeAll()
                entryWidths.append(renderer.renderEntry(cell, into: &scratch))
                entries.append(scratch.withUnsafeBytes { Array($0) })
            }
        }
        let grid = ColumnGrid(widths: entryWidths, lineWidth: lineWidth, order: order)
        // Tabs would break colours' backgrounds, and mean nothing on an endless
        // line: ls uses spaces for both.
        let tabSize = context.useColor || lineWidth == 0 ? 0 : context.options.tabSize
        for row in 0..<grid.rows {
            grid.writeRow(row, entries, widths: entryWidths, tabSize: tabSize, lineEnd: context.options.names.lineEnd, into: &context.output.buffer)
            context.output.flushIfFull()
        }
    }

    /// `-m`: entries separated by `, `, a line broken before an entry that
    /// would reach the width (ls's rule: the entry and its `, ` must stay
    /// under it), no limit with width 0.
    private func printCommaList(_ model: any FileRows, formatter: EntryCellFormatter, widths: [Int]?, lineWidth: Int) {
        let renderer = showInTable(model, formatter: formatter, widths: widths)
        var scratch = ByteBuffer(capacity: 256)
        var position = 0
        var first = true
        if model.rowCount == 0 { return }
        context.table.forEachPage { items in
            for item in items {
                guard case .row(_, _, let cell) = item else { continue }
                scratch.removeAll()
                let width = renderer.renderEntry(cell, into: &scratch)
                if !first {
                    if lineWidth == 0 || position + width + 2 < lineWidth {
                        context.output.write(", ")
                        position += 2
                    } else {
                        context.output.write(",")
                        context.output.buffer.append(context.options.names.lineEnd)
                        position = 0
                    }
                }
                first = false
                scratch.withUnsafeBytes { context.output.buffer.append($0) }
                position += width
                context.output.flushIfFull()
            }
        }
        context.output.buffer.append(context.options.names.lineEnd)
    }

    /// With `-L`, a symlink whose target is missing is an error, where the
    /// listing needs its status (as ls reports it): `-s`, `-i`, `-Z`, `-F` or colour.
    /// `-l` reports it as it draws the row.
    private func reportDanglingLinks(in model: any FileRows) {
        let options = context.options
        guard options.followSymlinks, options.format != .long,
            options.longColumns.showsAllocatedSize || options.longColumns.showsInode || options.longColumns.showsContext
                || options.names.typeIndicators || context.useColor
        else { return }
        for row in 0..<model.rowCount where model.kind(ofRow: row) == .symlink {
            if case .failure(let errno) = model.targetStatus(ofRow: row) {
                context.diagnostics.report(FileError(path: model.path(ofRow: row), errno: errno), severity: .minorTrouble, while: .access)
            }
        }
    }
}
