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
    func print(_ model: DirectoryListing, isOperandList: Bool = false, pathsForPrint0: Bool = false) {
        switch context.options.format {
        case .oneLine:
            // -l reports what it cannot stat as it draws; -1 only stats to sort.
            for (path, errno) in model.sortStatusFailures {
                context.diagnostics.report(FileError(path: path, errno: errno), severity: .minorTrouble)
            }
            let formatter = context.nameFormatter
            printTable(model, formatter: formatter, widths: formatter.showsInode ? [formatter.inodeWidth(model)] : nil)
        case .long:
            let formatter = context.longFormatter
            let (widths, total) = formatter.measure(model)
            if !isOperandList {
                context.output.write("total \(total)\n")
            }
            printTable(model, formatter: formatter, widths: widths)
        case .json:
            let json = JSONLines()
            for row in 0..<model.rowCount {
                context.output.write(json.object(forRow: row, in: model))
                context.output.write("\n")
                // The object says it in the data; the status and stderr say it as -l does.
                if case .failure(let errno) = model.status(ofRow: row) {
                    context.diagnostics.report(FileError(path: model.path(ofRow: row), errno: errno), severity: .minorTrouble)
                }
            }
        case .print0:
            for row in 0..<model.rowCount {
                if pathsForPrint0 {
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

    private func printTable(_ model: DirectoryListing, formatter: EntryCellFormatter, widths: [Int]? = nil) {
        let table = context.table
        table.register(style: formatter.style, forCellReuseIdentifier: formatter.reuseIdentifier)
        let source = DirectoryTableSource(listing: model, cellFormatter: formatter)
        table.dataSource = source
        table.reloadData()
        table.scrollToRow(0)
        var renderOptions = RenderOptions()
        renderOptions.useColor = context.useColor
        renderOptions.columnWidths = widths
        renderOptions.columnAlignments = formatter.columnAlignments
        let renderer = TextRenderer(options: renderOptions)
        table.forEachPage { items in
            renderer.render(items, into: &context.output.buffer)
            context.output.flushIfFull()
        }
    }

    /// With `-L`, a symlink whose target is missing is an error.
    private func reportDanglingLinks(in model: DirectoryListing) {
        guard context.options.followSymlinks else { return }
        for row in 0..<model.rowCount where model.kind(ofRow: row) == .symlink {
            if case .failure(let errno) = model.targetStatus(ofRow: row) {
                context.diagnostics.report(FileError(path: model.path(ofRow: row), errno: errno), severity: .minorTrouble)
            }
        }
    }
}
