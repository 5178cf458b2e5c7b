import FileBrowsing
import SystemSeam
import TableKit
import Terminal

/// `--tree`: the drawing `tree` makes, byte for byte in its default form,
/// followed by the `N directories, M files` summary. A class: the walk's
/// closure holds it by reference (as a struct it was copied a row: 6% of
/// the instructions of `--tree` on 25,000 files).
final class TreeListing {
    let context: ListingContext

    /// The drawing's pieces: tree's UTF-8 lines, or with `--charset=ascii` its ASCII ones.
    private var tee: String { context.options.treeDrawing.asciiLines ? "|-- " : "├── " }
    private var last: String { context.options.treeDrawing.asciiLines ? "`-- " : "└── " }
    private var vertical: String { context.options.treeDrawing.asciiLines ? "|   " : "│\u{A0}\u{A0} " }
    private static let blank = "    "
    /// tree's `-p -u -g -s -h -D` bracket, and what it needs.
    private var details: TreeEntryDetails { context.options.treeDrawing.details }
    private let accounts = AccountNames()
    /// tree's colours (`-C`), read from the context once, not a row.
    private let treeColors: TreeColorScheme?

    init(context: ListingContext) {
        self.context = context
        treeColors = context.treeColors
    }
    private let times = TimeFormat()

    /// What a drawing has counted: tree's closing `N directories, M files`.
    struct Counts {
        var directories = 0
        var files = 0
    }

    /// The state of one root's walk: the drawing to the left of the current
    /// level's rows (one string grown and cut as levels are entered and
    /// left: a copy per level grew with depth squared, 2.5 GB at 5,000
    /// levels), each level's last drawn row, what --prune skips, and what -l
    /// has entered.
    struct Walk {
        var prefix = ""
        var lastWasFinal = false
        /// tree counts the root once something is drawn below it (an empty root: 0 directories).
        var rootCounted = false
        var lastDrawnRow: [Int] = []
        var skippedFrom: Int?
        /// With -L, the directories entered so far: one met again is drawn
        /// `[recursive, not followed]`, as tree does, and not walked.
        var entered = Set<FileIdentity>()
    }

    /// A root named on the command line: a file (its index among the
    /// files named) or a directory.
    enum Root {
        case file(Int)
        case directory([UInt8])
        /// A path that is not there (reported already): tree's line for it.
        case missing([UInt8])
    }

    /// Draws the roots in the order given (a file as its line, a directory
    /// as its tree), then what was named inside archives (`members`,
    /// `archiveDirectories`), from their indexes.
    func run(files: NameArena, roots: [Root], members: [ArchiveRows] = [], archiveDirectories: [ArchiveOperands.Place] = []) {
        var counts = Counts()
        let formatter = NameCellFormatter(decoration: context.decoration)
        let cell = Cell(reuseIdentifier: formatter.reuseIdentifier)
        // The files in the order given: a row each, as its index.
        let operands = context.operandModel(files, inGivenOrder: true)
        // -J: the same walk, written as tree's JSON.
        let json = context.options.treeDrawing.json ? TreeJSONWriter(output: context.output) : nil
        for root in roots {
            switch root {
            case .directory(let path):
                draw(root: path, json: json, cell: cell, formatter: formatter, counts: &counts)
            case .missing(let path):
                // As tree draws it (not counted); its JSON for one is not valid JSON, so none.
                if json == nil { context.output.write(context.decoration.displayText(path) + "  [error opening dir]\n") }
            case .file(let row):
                if let json {
                    json.rootFile(name: operands.path(ofRow: row), fields: jsonFields(row: row, in: operands))
                } else {
                    // tree's bracket (-s, -p …) before a file root too.
                    var bracket = ""
                    if !details.isEmpty, case .success(let status) = operands.status(ofRow: row) {
                        bracket = details.bracket(for: status, accounts: accounts, times: times)
                    }
                    writeLine(prefix: bracket, cell: configured(cell, row: row, in: operands, formatter: formatter))
                }
                counts.files += 1
            }
        }
        for rows in members {
            for row in 0..<rows.rowCount {
                if let json {
                    json.rootFile(name: rows.path(ofRow: row), fields: jsonFields(row: row, in: rows))
                } else {
                    writeLine(prefix: "", cell: configured(cell, row: row, in: rows, formatter: formatter))
                }
                counts.files += 1
            }
        }
        for place in archiveDirectories {
            draw(inside: place, json: json, cell: cell, formatter: formatter, counts: &counts)
        }
        finish(counts: counts, json: json)
    }

    /// tree's closing: `N directories, M files` (or the JSON's report).
    func finish(counts: Counts, json: TreeJSONWriter?) {
        if let json {
            json.finish(
                directories: counts.directories, files: context.options.treeDrawing.directoriesOnly ? nil : counts.files,
                reports: !context.options.treeDrawing.noReport)
            return
        }
        guard !context.options.treeDrawing.noReport else { return }
        let directories = Plural.count(counts.directories, "directory", "directories")
        context.output.write(
            context.options.treeDrawing.directoriesOnly ? "\n\(directories)\n" : "\n\(directories), \(Plural.count(counts.files, "file"))\n")
    }

    /// The directory at `path` and everything below it, as tree draws it.
    private func draw(root path: [UInt8], json: TreeJSONWriter?, cell: Cell, formatter: NameCellFormatter, counts: inout Counts) {
        let handle: DirectoryHandle
        do {
            handle = try DirectoryHandle.open(path)
        } catch {
            // As tree draws it (and counts it, oddly, as a file); the error on standard error too.
            if json == nil { context.output.write(context.decoration.displayText(path) + "  [error opening dir]\n") }
            counts.files += 1
            context.diagnostics.report(error, severity: .seriousTrouble)
            return
        }
        // tree -F marks the root as a directory too; -p and the rest describe it.
        let rootStatus = details.isEmpty ? nil : try? handle.status().get()
        if let json {
            json.beginRoot(name: path, fields: rootStatus.map { details.jsonFields(for: $0, accounts: accounts, times: times) } ?? "")
        } else {
            let bracket = rootStatus.map { details.bracket(for: $0, accounts: accounts, times: times) } ?? ""
            var root = context.decoration.displayText(path)
            // tree colours the root as the directory it is.
            if let scheme = treeColors, case .success(let status) = handle.status(),
                let sgr = path.withUnsafeBufferPointer({ scheme.sgr(status: status, name: $0, orphan: false, isTarget: false) })
            {
                let markup = TerminalStyle.treeMarkup(scheme)
                root = (markup.opening(.named(sgr)) ?? "") + root + markup.closing
            }
            context.output.write(bracket + root + (context.decoration.typeIndicators ? "/" : "") + "\n")
        }
        var walk = Walk()
        // tree's -a shows hidden files, never `.` and `..`.
        var listOptions = context.options.listOptions
        if listOptions.hidden == .shownWithDotEntries { listOptions.hidden = .shown }
        // tree -l shows a link as a link (with its target) and follows it.
        listOptions.dereferencesSymlinks = false
        // As tree -P: the filter picks files; every directory is drawn and walked.
        listOptions.filterSparesDirectories = true
        let walker = DirectoryTreeWalker(
            listOptions: listOptions,
            followSymlinks: context.options.followSymlinks,
            maxDepth: context.options.maxDepth, repeatRule: .linkedRepeats)
        // --prune: a first walk finds the directories with files below; the
        // others are not drawn, and a level's last drawn row gets `└──`.
        let kept = context.options.prunesEmptyDirectories ? DirectoriesWithFiles(under: handle, walker: walker) : nil
        // Every directory is drawn: the next ones are read while this one draws.
        walker.readsAhead = true
        walker.walk(handle) { event in
            switch event {
            case .enter(let model, let depth):
                if walk.skippedFrom != nil { return }
                if let kept, depth > 0, !kept.contains(model.directory.path) {
                    walk.skippedFrom = depth
                    return
                }
                if context.options.followSymlinks, case .success(let status) = model.directory.status() {
                    walk.entered.insert(status.identity)
                }
                enter(model, depth: depth, kept: kept, json: json, walk: &walk)
            case .leave(let depth):
                if let skipped = walk.skippedFrom {
                    if depth == skipped { walk.skippedFrom = nil }
                    return
                }
                leave(depth: depth, json: json, walk: &walk)
            case .entry(let model, let row, _, _):
                if walk.skippedFrom != nil { return }
                draw(row: row, of: model, kept: kept, json: json, cell: cell, formatter: formatter, walk: &walk, counts: &counts)
            case .failure(let error):
                if walk.skippedFrom != nil { return }
                // Drawn on the entry's line instead.
                if case .alreadyListed = error.reason { break }
                context.diagnostics.report(error, severity: .minorTrouble)
            }
        }
    }

    /// A directory inside an archive and everything below it, drawn from
    /// the archive's index as tree draws a directory (no link is followed:
    /// a link in an archive is only a name).
    private func draw(inside place: ArchiveOperands.Place, json: TreeJSONWriter?, cell: Cell, formatter: NameCellFormatter, counts: inout Counts) {
        if let json {
            json.beginRoot(name: place.typed, fields: "")
        } else {
            context.output.write(context.decoration.displayText(place.typed) + (context.decoration.typeIndicators ? "/" : "") + "\n")
        }
        var listOptions = context.options.listOptions
        if listOptions.hidden == .shownWithDotEntries { listOptions.hidden = .shown }
        listOptions.filterSparesDirectories = true
        var walk = Walk()
        let archive = place.found.archive
        let rows = ArchiveRows(archive: archive, node: place.found.node, options: listOptions)
        rows.shownPath = place.shownPath
        drawLevels(
            from: rows, depth: 0,
            inner: { rows, row in
                let inner = ArchiveRows(archive: archive, node: rows.treeNode(ofRow: row), options: listOptions)
                inner.shownPath = rows.path(ofRow: row)
                return inner
            }, json: json, cell: cell, formatter: formatter, walk: &walk, counts: &counts)
    }

    /// One directory held in an index (an archive's, a git revision's) at
    /// `depth` and, row by row, what is below each of its directories
    /// (`inner`: a directory row's rows): a loop over a stack of open
    /// levels, not a recursion, so a member path of any depth (a 30 KB tar
    /// can hold 10,000 levels) never runs out of the thread's stack.
    func drawLevels<Rows: FileRows>(
        from first: Rows, depth: Int, inner: (Rows, Int) -> Rows, json: TreeJSONWriter?, cell: Cell, formatter: NameCellFormatter,
        walk: inout Walk, counts: inout Counts
    ) {
        var open: [(rows: Rows, next: Int, depth: Int)] = []
        func enterLevel(_ rows: Rows, depth: Int, walk: inout Walk) {
            enter(rows, depth: depth, kept: nil, json: json, walk: &walk)
            open.append((rows, 0, depth))
        }
        enterLevel(first, depth: depth, walk: &walk)
        while let (rows, row, depth) = open.last {
            guard row < rows.rowCount, !Interruption.isRequested else {
                leave(depth: depth, json: json, walk: &walk)
                open.removeLast()
                continue
            }
            open[open.count - 1].next += 1
            draw(row: row, of: rows, kept: nil, json: json, cell: cell, formatter: formatter, walk: &walk, counts: &counts)
            if rows.kind(ofRow: row) == .directory, context.options.maxDepth.map({ depth + 1 < $0 }) ?? true {
                enterLevel(inner(rows, row), depth: depth + 1, walk: &walk)
            }
        }
    }

    /// A level's rows begin: the last one to draw is known, the drawing to the left grows.
    private func enter<Rows: FileRows>(_ model: Rows, depth: Int, kept: DirectoriesWithFiles?, json: TreeJSONWriter?, walk: inout Walk) {
        walk.lastDrawnRow.append(lastDrawn(of: model, kept: kept))
        json?.enter(shows: (walk.lastDrawnRow.last ?? -1) >= 0)
        if depth > 0 { walk.prefix += walk.lastWasFinal ? Self.blank : vertical }
    }

    /// A level's rows are done.
    private func leave(depth: Int, json: TreeJSONWriter?, walk: inout Walk) {
        walk.lastDrawnRow.removeLast()
        json?.leave()
        // `blank` and `vertical` are both four characters wide.
        if depth > 0 { walk.prefix.removeLast(4) }
    }

    /// One entry's line (or JSON object), counted as tree counts it.
    private func draw<Rows: FileRows>(
        row: Int, of model: Rows, kept: DirectoriesWithFiles?, json: TreeJSONWriter?, cell: Cell, formatter: NameCellFormatter,
        walk: inout Walk, counts: inout Counts
    ) {
        if context.options.treeDrawing.directoriesOnly, !model.isDirectory(row: row, followSymlinks: true) { return }
        if let kept, model.isDirectory(row: row, followSymlinks: true), !kept.contains(model.path(ofRow: row)) { return }
        let isLast = row == walk.lastDrawnRow.last
        walk.lastWasFinal = isLast
        if !walk.rootCounted {
            walk.rootCounted = true
            counts.directories += 1
        }
        // tree counts a link to a directory as a directory.
        if model.isDirectory(row: row, followSymlinks: true) {
            counts.directories += 1
        } else {
            counts.files += 1
        }
        if let json {
            let kind = model.kind(ofRow: row)
            let target = kind == .symlink ? try? model.linkTarget(ofRow: row).get() : nil
            json.entry(
                kind: kind == .directory ? "directory" : kind == .symlink ? "link" : "file",
                name: context.options.treeDrawing.fullPaths ? model.path(ofRow: row) : model.name(ofRow: row), target: target,
                fields: jsonFields(row: row, in: model))
            return
        }
        var line = context.options.treeDrawing.noIndentation ? "" : walk.prefix + (isLast ? last : tee)
        if !details.isEmpty, case .success(let status) = model.status(ofRow: row) {
            line += details.bracket(for: status, accounts: accounts, times: times)
        }
        let drawn = configured(cell, row: row, in: model, formatter: formatter)
        if context.options.treeDrawing.fullPaths { drawn.text = context.decoration.displayText(model.path(ofRow: row)) }
        if context.options.followSymlinks, isRepeat(row: row, in: model, entered: walk.entered) {
            drawn.textSuffix += "  [recursive, not followed]"
        } else if cannotOpen(row: row, in: model, depth: walk.lastDrawnRow.count - 1) {
            // As tree marks it; the walker's error goes to standard error as well.
            drawn.textSuffix += "  [error opening dir]"
        }
        writeLine(prefix: line, cell: drawn)
    }

    /// tree -J's detail fields for a row (none when its status cannot be read).
    private func jsonFields(row: Int, in model: some FileRows) -> String {
        guard !details.isEmpty, case .success(let status) = model.status(ofRow: row) else { return "" }
        return details.jsonFields(for: status, accounts: accounts, times: times)
    }

    /// Whether a directory row the walk would enter (within the depth, a
    /// link only when links are followed) cannot be opened.
    private func cannotOpen<Rows: FileRows>(row: Int, in model: Rows, depth: Int) -> Bool {
        // Only a directory on disk can fail to open; an archive's are in its index.
        guard let model = model as? DirectoryListing else { return false }
        let follows = context.options.followSymlinks
        guard model.isDirectory(row: row, followSymlinks: follows), context.options.maxDepth.map({ depth + 1 < $0 }) ?? true else { return false }
        return (try? DirectoryHandle.open(child: model.name(ofRow: row), of: model.directory, followSymlink: follows)) == nil
    }

    /// The last row of `model` drawn: with --prune a file or a directory with
    /// files below, with -d a directory, else the last.
    private func lastDrawn<Rows: FileRows>(of model: Rows, kept: DirectoriesWithFiles?) -> Int {
        var row = kept.map { Self.lastKeptRow(of: model, kept: $0) } ?? model.rowCount - 1
        if context.options.treeDrawing.directoriesOnly {
            while row >= 0, !model.isDirectory(row: row, followSymlinks: true) { row -= 1 }
        }
        return row
    }

    /// The last row of `model` --prune draws: a file, or a directory with files below.
    private static func lastKeptRow<Rows: FileRows>(of model: Rows, kept: DirectoriesWithFiles) -> Int {
        var row = model.rowCount - 1
        while row >= 0, model.isDirectory(row: row, followSymlinks: true), !kept.contains(model.path(ofRow: row)) { row -= 1 }
        return row
    }

    /// Whether a link row leads to a directory already entered (tree checks links only).
    private func isRepeat<Rows: FileRows>(row: Int, in model: Rows, entered: Set<FileIdentity>) -> Bool {
        guard model.kind(ofRow: row) == .symlink, case .success(let target) = model.targetStatus(ofRow: row),
            target.kind == .directory
        else { return false }
        return entered.contains(target.identity)
    }

    /// The name, and for a link ` -> target`; with -F the indicator goes on
    /// the target (`up -> ../`), not on the link's name, as tree writes it.
    private func configured<Rows: FileRows>(_ cell: Cell, row: Int, in model: Rows, formatter: NameCellFormatter) -> Cell {
        cell.prepareForReuse()
        let decoration = formatter.decoration
        decoration.decorate(cell, row: row, in: model)
        if let suffix = decoration.linkTargetSuffix(row: row, in: model) { cell.textSuffix = suffix }
        if let scheme = treeColors { paint(cell, row: row, in: model, with: scheme) }
        return cell
    }

    /// tree's colours (`-C`): the name by what it is (a link by itself,
    /// or with `ln=target` by its target), and a link's target after ` -> `
    /// by what the target is (`mi` or `no` when it is missing).
    private func paint<Rows: FileRows>(_ cell: Cell, row: Int, in model: Rows, with scheme: TreeColorScheme) {
        let isLink = model.kind(ofRow: row) == .symlink
        var target: FileStatus?
        if isLink, case .success(let status) = model.targetStatus(ofRow: row) { target = status }
        let orphan = isLink && target == nil
        let own = try? model.status(ofRow: row).get()
        let name = model.name(ofRow: row)
        let sgr = name.withUnsafeBufferPointer { name in
            scheme.sgr(status: isLink && scheme.coloursLinksAsTargets ? target : own, name: name, orphan: orphan, isTarget: false)
        }
        cell.textStyle = sgr.map(TextStyle.named)
        guard isLink, case .success(let link) = model.linkTarget(ofRow: row) else { return }
        let shown = context.decoration.quoting.map { $0.string(link) } ?? NameEscaping.escape(link)
        let targetSGR = link.withUnsafeBufferPointer { scheme.sgr(status: target, name: $0, orphan: orphan, isTarget: true) }
        if let targetSGR { cell.suffixStyle = (.named(targetSGR), 4, shown.count) }
    }

    private func writeLine(prefix: String, cell: Cell) {
        context.output.write(prefix)
        var options = RenderOptions()
        options.styleMarkup = treeColors.map(TerminalStyle.treeMarkup) ?? (context.useColor ? TerminalStyle.markup : nil)
        TextRenderer(options: options).render([.row(IndexPath(row: 0, section: 0), flatRow: 0, cell: cell)], into: &context.output.buffer)
        context.output.flushIfFull()
    }
}
