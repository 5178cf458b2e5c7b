import FileBrowsing
import TableKit

/// `--tree`: the drawing `tree` makes, byte for byte in its default form,
/// followed by the `N directories, M files` summary.
struct TreeListing {
    let context: ListingContext

    /// The drawing's pieces: tree's UTF-8 lines, or with `--charset=ascii` its ASCII ones.
    private var tee: String { context.options.treeASCIILines ? "|-- " : "├── " }
    private var last: String { context.options.treeASCIILines ? "`-- " : "└── " }
    private var vertical: String { context.options.treeASCIILines ? "|   " : "│\u{A0}\u{A0} " }
    private static let blank = "    "
    /// tree's `-p -u -g -s -h -D` bracket, and what it needs.
    private var details: TreeEntryDetails { context.options.treeDetails }
    private let accounts = AccountNames()
    private let times = TimeFormat()

    func run(files: NameArena, directories: [[UInt8]]) {
        var directoryCount = 0
        var fileCount = 0
        let formatter = NameCellFormatter(decoration: context.decoration)
        let cell = Cell(reuseIdentifier: formatter.reuseIdentifier)
        let operands = context.operandModel(files)
        // -J: the same walk, written as tree's JSON.
        let json = context.options.treeJSON ? TreeJSONWriter(output: context.output) : nil
        for row in 0..<operands.rowCount {
            if let json {
                json.rootFile(name: operands.path(ofRow: row), fields: jsonFields(row: row, in: operands))
            } else {
                writeLine(prefix: "", cell: configured(cell, row: row, in: operands, formatter: formatter))
            }
            fileCount += 1
        }
        for path in directories {
            let handle: DirectoryHandle
            do {
                handle = try DirectoryHandle.open(path)
            } catch {
                // As tree draws it (and counts it, oddly, as a file); the error on standard error too.
                if json == nil { context.output.write(context.decoration.displayText(path) + "  [error opening dir]\n") }
                fileCount += 1
                context.diagnostics.report(error, severity: .seriousTrouble)
                continue
            }
            // tree -F marks the root as a directory too; -p and the rest describe it.
            let rootStatus = details.isEmpty ? nil : try? handle.status().get()
            if let json {
                json.beginRoot(name: path, fields: rootStatus.map { details.jsonFields(for: $0, accounts: accounts, times: times) } ?? "")
            } else {
                let bracket = rootStatus.map { details.bracket(for: $0, accounts: accounts, times: times) } ?? ""
                context.output.write(bracket + context.decoration.displayText(path) + (context.decoration.typeIndicators ? "/" : "") + "\n")
            }
            // tree counts the root once something is drawn below it (an empty root: 0 directories).
            var rootCounted = false
            // The drawing to the left of the current level's rows, one string
            // grown and cut as levels are entered and left (a copy per level
            // grew with depth squared: 2.5 GB at 5,000 levels).
            var prefix = ""
            var lastWasFinal = false
            // tree's -a shows hidden files, never `.` and `..`.
            var listOptions = context.options.listOptions
            if listOptions.hidden == .shownWithDotEntries { listOptions.hidden = .shown }
            // tree -l shows a link as a link (with its target) and follows it.
            listOptions.dereferencesSymlinks = false
            // As tree -P: the filter picks files; every directory is drawn and walked.
            listOptions.filterSparesDirectories = true
            // With -L, the directories entered so far: one met again is drawn
            // `[recursive, not followed]`, as tree does, and not walked.
            var entered = Set<FileIdentity>()
            let walker = DirectoryTreeWalker(
                listOptions: listOptions,
                followSymlinks: context.options.followSymlinks,
                maxDepth: context.options.maxDepth, repeatRule: .linkedRepeats)
            // --prune: a first walk finds the directories with files below; the
            // others are not drawn, and a level's last drawn row gets `└──`.
            let kept = context.options.prunesEmptyDirectories ? DirectoriesWithFiles(under: handle, walker: walker) : nil
            var lastDrawnRow: [Int] = []
            var skippedFrom: Int?
            // Every directory is drawn: the next ones are read while this one draws.
            walker.readsAhead = true
            walker.walk(handle) { event in
                switch event {
                case .enter(let model, let depth):
                    if skippedFrom != nil { return }
                    if let kept, depth > 0, !kept.contains(model.directory.path) {
                        skippedFrom = depth
                        return
                    }
                    if context.options.followSymlinks, case .success(let status) = model.directory.status() {
                        entered.insert(status.identity)
                    }
                    lastDrawnRow.append(lastDrawn(of: model, kept: kept))
                    json?.enter(shows: (lastDrawnRow.last ?? -1) >= 0)
                    if depth > 0 { prefix += lastWasFinal ? Self.blank : vertical }
                case .leave(let depth):
                    if let skipped = skippedFrom {
                        if depth == skipped { skippedFrom = nil }
                        return
                    }
                    lastDrawnRow.removeLast()
                    json?.leave()
                    // `blank` and `vertical` are both four characters wide.
                    if depth > 0 { prefix.removeLast(4) }
                case .entry(let model, let row, _, _):
                    if skippedFrom != nil { return }
                    if context.options.treeDirectoriesOnly, !model.isDirectory(row: row, followSymlinks: true) { return }
                    if let kept, model.isDirectory(row: row, followSymlinks: true), !kept.contains(model.path(ofRow: row)) { return }
                    let isLast = row == lastDrawnRow.last
                    lastWasFinal = isLast
                    if !rootCounted {
                        rootCounted = true
                        directoryCount += 1
                    }
                    // tree counts a link to a directory as a directory.
                    if model.isDirectory(row: row, followSymlinks: true) {
                        directoryCount += 1
                    } else {
                        fileCount += 1
                    }
                    if let json {
                        let kind = model.kind(ofRow: row)
                        let target = kind == .symlink ? try? model.linkTarget(ofRow: row).get() : nil
                        json.entry(
                            kind: kind == .directory ? "directory" : kind == .symlink ? "link" : "file",
                            name: context.options.treeFullPaths ? model.path(ofRow: row) : model.name(ofRow: row), target: target,
                            fields: jsonFields(row: row, in: model))
                        return
                    }
                    var line = context.options.treeNoIndentation ? "" : prefix + (isLast ? last : tee)
                    if !details.isEmpty, case .success(let status) = model.status(ofRow: row) {
                        line += details.bracket(for: status, accounts: accounts, times: times)
                    }
                    let drawn = configured(cell, row: row, in: model, formatter: formatter)
                    if context.options.treeFullPaths { drawn.text = context.decoration.displayText(model.path(ofRow: row)) }
                    if context.options.followSymlinks, isRepeat(row: row, in: model, entered: entered) {
                        drawn.textSuffix += "  [recursive, not followed]"
                    } else if cannotOpen(row: row, in: model, depth: lastDrawnRow.count - 1) {
                        // As tree marks it; the walker's error goes to standard error as well.
                        drawn.textSuffix += "  [error opening dir]"
                    }
                    writeLine(prefix: line, cell: drawn)
                case .failure(let error):
                    if skippedFrom != nil { return }
                    // Drawn on the entry's line instead.
                    if case .alreadyListed = error.reason { break }
                    context.diagnostics.report(error, severity: .minorTrouble)
                }
            }
        }
        if let json {
            json.finish(
                directories: directoryCount, files: context.options.treeDirectoriesOnly ? nil : fileCount, reports: !context.options.treeNoReport)
            return
        }
        guard !context.options.treeNoReport else { return }
        let directories = Plural.count(directoryCount, "directory", "directories")
        context.output.write(context.options.treeDirectoriesOnly ? "\n\(directories)\n" : "\n\(directories), \(Plural.count(fileCount, "file"))\n")
    }

    /// tree -J's detail fields for a row (none when its status cannot be read).
    private func jsonFields(row: Int, in model: DirectoryListing) -> String {
        guard !details.isEmpty, case .success(let status) = model.status(ofRow: row) else { return "" }
        return details.jsonFields(for: status, accounts: accounts, times: times)
    }

    /// Whether a directory row the walk would enter (within the depth, a
    /// link only when links are followed) cannot be opened.
    private func cannotOpen(row: Int, in model: DirectoryListing, depth: Int) -> Bool {
        let follows = context.options.followSymlinks
        guard model.isDirectory(row: row, followSymlinks: follows), context.options.maxDepth.map({ depth + 1 < $0 }) ?? true else { return false }
        return (try? DirectoryHandle.open(child: model.name(ofRow: row), of: model.directory, followSymlink: follows)) == nil
    }

    /// The last row of `model` drawn: with --prune a file or a directory with
    /// files below, with -d a directory, else the last.
    private func lastDrawn(of model: DirectoryListing, kept: DirectoriesWithFiles?) -> Int {
        var row = kept.map { Self.lastKeptRow(of: model, kept: $0) } ?? model.rowCount - 1
        if context.options.treeDirectoriesOnly {
            while row >= 0, !model.isDirectory(row: row, followSymlinks: true) { row -= 1 }
        }
        return row
    }

    /// The last row of `model` --prune draws: a file, or a directory with files below.
    private static func lastKeptRow(of model: DirectoryListing, kept: DirectoriesWithFiles) -> Int {
        var row = model.rowCount - 1
        while row >= 0, model.isDirectory(row: row, followSymlinks: true), !kept.contains(model.path(ofRow: row)) { row -= 1 }
        return row
    }

    /// Whether a link row leads to a directory already entered (tree checks links only).
    private func isRepeat(row: Int, in model: DirectoryListing, entered: Set<FileIdentity>) -> Bool {
        guard model.kind(ofRow: row) == .symlink, case .success(let target) = model.targetStatus(ofRow: row),
            target.kind == .directory
        else { return false }
        return entered.contains(target.identity)
    }

    /// The name, and for a link ` -> target`; with -F the indicator goes on
    /// the target (`up -> ../`), not on the link's name, as tree writes it.
    private func configured(_ cell: Cell, row: Int, in model: DirectoryListing, formatter: NameCellFormatter) -> Cell {
        cell.prepareForReuse()
        let decoration = formatter.decoration
        decoration.decorate(cell, row: row, in: model)
        if let suffix = decoration.linkTargetSuffix(row: row, in: model) { cell.textSuffix = suffix }
        return cell
    }

    private func writeLine(prefix: String, cell: Cell) {
        context.output.write(prefix)
        var options = RenderOptions()
        options.styleMarkup = context.useColor ? TerminalStyle.markup : nil
        TextRenderer(options: options).render([.row(IndexPath(row: 0, section: 0), flatRow: 0, cell: cell)], into: &context.output.buffer)
        context.output.flushIfFull()
    }
}
