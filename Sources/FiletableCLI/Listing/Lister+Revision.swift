import FileBrowsing
import SystemSeam

extension Lister {
    /// `--rev REV -l DIR`: each directory as the git revision holds it
    /// (`GitTreeRows`), in the listing's format, a `DIR:` header when there
    /// are several; one not in REV is said (status 2) and the rest go on.
    func listRevision(_ revision: [UInt8]) {
        let printer = ModelPrinter(context: context)
        let paths = context.options.paths
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
}
