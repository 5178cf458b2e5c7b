import FileBrowsing
import SystemSeam

/// `--du --git DIR`: every git work tree below DIR with what its ignored
/// files take (what `git clean -ndX` would remove: build outputs,
/// dependencies, caches), largest first, in du's units and forms (`-h`,
/// `--json`, `-0`): kondo's and npkill's job, by git's own ignore rules.
/// git is asked read-only, a work tree at a time.
struct GitIgnoredSpaceCommand {
    let du: SpaceUsageCommand
    let options: CommandLineOptions
    let diagnostics: Diagnostics

    func run() {
        var found: [(path: [UInt8], totals: SpaceTotals)] = []
        let trees = GitWorkTrees()
        for operand in options.paths {
            let start: DirectoryHandle
            do {
                start = try DirectoryHandle.open(resolving: operand)
            } catch {
                diagnostics.report(error, severity: .minorTrouble)
                continue
            }
            for tree in WorkTreeFinder.workTrees(below: start, stop: { Interruption.isRequested }) {
                switch trees.cleanable(below: tree, untracked: false) {
                case .success(let paths): found.append((tree, space(of: paths, in: tree)))
                case .failure(let reason): diagnostics.report(reason.message(for: NameEscaping.escape(tree)), severity: .minorTrouble)
                }
            }
        }
        let figure = { (totals: SpaceTotals) in totals.bytes(apparent: options.apparentSize) }
        for (path, totals) in found.sorted(by: {
            figure($0.totals) != figure($1.totals) ? figure($0.totals) > figure($1.totals) : $0.path.lexicographicallyPrecedes($1.path)
        }) {
            du.line(path, kind: .directory, totals: totals)
        }
    }

    /// What the ignored paths below `tree` take: each ignored directory
    /// scanned whole, each file its own blocks; a hard link counted once.
    private func space(of paths: [[UInt8]], in tree: [UInt8]) -> SpaceTotals {
        var totals = SpaceTotals()
        let counted = SpaceScan.Counted()
        for path in paths {
            let full = PathBytes.join(tree, path.last == 0x2F ? Array(path.dropLast()) : path)
            if path.last == 0x2F, let handle = try? DirectoryHandle.open(resolving: full) {
                totals += du.scan(handle, counted: counted, severalOperands: true).root
            } else if case .success(let status) = FileStatusReader.status(of: full, followSymlink: false),
                !counted.count(status.identity, isDirectory: false) || status.linkCount == 1
            {
                totals += SpaceTotals(apparentBytes: status.size, diskBytes: status.blocks * 512, files: 1)
            }
        }
        return totals
    }
}
