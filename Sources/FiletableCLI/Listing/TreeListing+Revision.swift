import FileBrowsing
import SystemSeam
import TableKit

extension TreeListing {
    /// `--rev REV --tree DIR…`: each directory as the git revision holds it,
    /// drawn as tree draws one on disk, from one `git ls-tree -r` a root.
    func run(revision: [UInt8]) {
        var counts = Counts()
        let formatter = NameCellFormatter(decoration: context.decoration)
        let cell = Cell(reuseIdentifier: formatter.reuseIdentifier)
        let json = context.options.treeDrawing.json ? TreeJSONWriter(output: context.output) : nil
        var listOptions = context.options.listOptions
        if listOptions.hidden == .shownWithDotEntries { listOptions.hidden = .shown }
        listOptions.filterSparesDirectories = true
        for path in context.options.paths {
            let tree: GitRevisionTree
            switch GitRevisionTree.read(path, at: revision) {
            case .success(let read): tree = read
            case .failure(let error):
                // As tree draws a root it cannot open (and counts it, as it does, as a file).
                if json == nil { context.output.write(context.decoration.displayText(path) + "  [error opening dir]\n") }
                counts.files += 1
                context.diagnostics.report(error, severity: .seriousTrouble)
                continue
            }
            if let json {
                json.beginRoot(name: path, fields: "")
            } else {
                context.output.write(context.decoration.displayText(path) + (context.decoration.typeIndicators ? "/" : "") + "\n")
            }
            var walk = Walk()
            drawLevels(
                from: tree.rows(below: [], options: listOptions), depth: 0, inner: { tree.rows(of: $1, in: $0, options: listOptions) }, json: json,
                cell: cell, formatter: formatter, walk: &walk, counts: &counts)
        }
        finish(counts: counts, json: json)
    }
}
