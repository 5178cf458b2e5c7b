import FileBrowsing
import SystemSeam

/// `-R`: every directory's listing under a `PATH:` header, in `ls -R` order,
/// walked iteratively relative to directory descriptors.
struct RecursiveListing {
    let context: ListingContext

    func run(_ path: [UInt8], separateFromAbove: Bool) {
        guard let handle = context.openDirectory(path) else { return }
        let printer = ModelPrinter(context: context)
        let lister = Lister(context: context)
        // The filter picks names; every directory is still walked (find -name finds them all).
        var listOptions = context.options.listOptions
        listOptions.filterSparesDirectories = true
        let walker = DirectoryTreeWalker(
            listOptions: listOptions,
            followSymlinks: context.options.followSymlinks,
            maxDepth: context.options.maxDepth)
        // --prune: only directories with a file listed below them get a listing.
        let kept = context.options.prunesEmptyDirectories ? DirectoriesWithFiles(under: handle, walker: walker) : nil
        // Every directory is printed: the next ones are read while this one prints.
        walker.readsAhead = true
        // A directory inside itself (a bind mount) is reported, not listed again, as ls -R.
        walker.checksLoops = true
        var first = !separateFromAbove
        walker.walk(handle) { event in
            switch event {
            case .enter(let model, _):
                if let kept, !kept.contains(model.directory.path) { return }
                lister.writeHeader(model.directory.path, separateFromAbove: !first)
                first = false
                printer.print(model, pathsForPrint0: true)
            case .failure(let error):
                // ls gives status 2 for a loop, 1 for a directory it cannot read.
                if case .alreadyListed = error.reason {
                    context.diagnostics.report(error, severity: .seriousTrouble)
                } else {
                    context.diagnostics.report(error, severity: .minorTrouble, while: .openDirectory)
                }
            case .entry, .leave:
                break
            }
        }
    }

    /// `-R` below a directory inside an archive: each directory's members
    /// under its `PATH:` header, in ls -R's order (a directory, then each
    /// directory in it, depth first), from the archive's index.
    func run(inside place: ArchiveOperands.Place, separateFromAbove: Bool) {
        let printer = ModelPrinter(context: context)
        let lister = Lister(context: context)
        var listOptions = context.options.listOptions
        listOptions.filterSparesDirectories = true
        let archive = place.found.archive
        var pending: [(node: Int32, path: [UInt8], depth: Int)] = [(place.found.node, place.shownPath, 0)]
        var first = !separateFromAbove
        while let (node, path, depth) = pending.popLast() {
            if Interruption.isRequested { return }
            let rows = ArchiveRows(archive: archive, node: node, options: listOptions)
            rows.shownPath = path
            // The first header as typed (`site.zip/:`), as ls -R writes its operand.
            lister.writeHeader(depth == 0 ? place.typed : path, separateFromAbove: !first)
            first = false
            printer.print(rows, pathsForPrint0: true)
            guard context.options.maxDepth.map({ depth + 1 < $0 }) ?? true else { continue }
            // Pushed last first, so they come off the stack in the listing's order.
            for row in (0..<rows.rowCount).reversed() where rows.kind(ofRow: row) == .directory {
                pending.append((rows.treeNode(ofRow: row), rows.path(ofRow: row), depth + 1))
            }
        }
    }
}
