import FileBrowsing
import SystemSeam

extension Lister {
    /// `--rev REV -l DIR`: each directory as the git revision holds it
    /// (`GitTreeRows`), in the listing's format, a `DIR:` header when there
    /// are several; one not in REV is said (status 2) and the rest go on.
    func listRevision(_ revision: [UInt8]) {
        if context.options.recursive { return listRevisionRecursively(revision) }
        let printer = ModelPrinter(context: context)
        let paths = sortedOperands()
        var printedSomething = false
        for path in paths {
            switch GitTreeRows.read(path, at: revision, options: context.options.listOptions) {
            case .success(let rows):
                if paths.count > 1 { writeHeader(path, separateFromAbove: printedSomething) }
                printer.print(rows)
                printedSomething = true
            case .failure(let error):
                context.diagnostics.report(error, severity: .seriousTrouble)
            }
        }
    }

    /// The directories named, in the listing's own order, as ls lists its operands.
    private func sortedOperands() -> [[UInt8]] {
        var names = NameArena()
        for path in context.options.paths { names.append(path, kind: .directory) }
        let sorted = context.operandModel(names)
        return (0..<sorted.rowCount).map { sorted.name(ofRow: $0) }
    }

    /// `--rev REV -R DIR`: each directory of the revision under its `PATH:`
    /// header in ls -R's order (a directory, then each directory in it, depth
    /// first), from one `git ls-tree -r` a path.
    private func listRevisionRecursively(_ revision: [UInt8]) {
        let printer = ModelPrinter(context: context)
        // The filter picks names; every directory is still walked.
        var listOptions = context.options.listOptions
        listOptions.filterSparesDirectories = true
        var first = true
        for path in sortedOperands() {
            let tree: GitRevisionTree
            switch GitRevisionTree.read(path, at: revision) {
            case .success(let read): tree = read
            case .failure(let error):
                context.diagnostics.report(error, severity: .seriousTrouble)
                continue
            }
            var pending: [(relative: [UInt8], depth: Int)] = [([], 0)]
            while let (relative, depth) = pending.popLast() {
                if Interruption.isRequested { return }
                let rows = tree.rows(below: relative, options: listOptions)
                writeHeader(rows.directory, separateFromAbove: !first)
                first = false
                printer.print(rows, pathsForPrint0: true)
                guard context.options.maxDepth.map({ depth + 1 < $0 }) ?? true else { continue }
                // Pushed last first, so they come off the stack in the listing's order.
                for row in (0..<rows.rowCount).reversed() where rows.kind(ofRow: row) == .directory {
                    pending.append((PathBytes.join(relative, rows.name(ofRow: row)), depth + 1))
                }
            }
        }
    }
}
