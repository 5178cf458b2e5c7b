import FileBrowsing
import SystemSeam

/// `filetable --du --load FILE`: a scan kept in FILE (`--du --save`, or an
/// ncdu export, as `ncdu -f` opens one) listed as `--du` lists a scan, the
/// tree itself untouched: the entries of the root it was made of, largest
/// first (`-s`, `-a`, `-d N` and the units as for a scan), then the root's
/// own line. With `--save FILE2` it is kept again (`--save-format` turns an
/// ncdu export into filetable's compact scan, or back).
struct LoadedScanCommand {
    let du: SpaceUsageCommand
    let file: [UInt8]
    let options: CommandLineOptions
    let diagnostics: Diagnostics

    func run() {
        guard !options.operandsGiven else {
            diagnostics.report(
                "--load lists the kept scan of the tree it names; give no PATH (--since compares a tree with it)", severity: .seriousTrouble)
            return
        }
        guard !options.du.separatesDirectories else {
            diagnostics.report("-S needs each directory's own figure, which a kept scan does not hold; scan the tree", severity: .seriousTrouble)
            return
        }
        let scan: ScanIndex
        do {
            if let keep = options.du.saveFile { try SavedScan.checkWritable(keep) }
            // Every entry is read and checked; only those listed are kept, unless the scan is kept again.
            scan = try ScanIndex.read(from: file, findsByName: false, depth: options.du.saveFile == nil ? du.listedDepth : .max)
        } catch {
            diagnostics.report(error, severity: .seriousTrouble)
            return
        }
        write(scan)
        if let keep = options.du.saveFile {
            do {
                try scan.savedScan().write(to: keep, as: options.du.saveFormat)
            } catch {
                diagnostics.report(error, severity: .seriousTrouble)
            }
        }
    }

    /// The entries down to the depth asked for, then the root: in du's
    /// shapes in du's walk order as far as a kept scan knows it (each
    /// directory's entries by name, a directory after what it holds: the
    /// order they were read in is not kept), else largest first (ties in the
    /// scan's path order, which is name by name).
    private func write(_ scan: ScanIndex) {
        let depth = du.listedDepth
        let depths = scan.depths()
        let listed = depths.indices.filter { index in
            guard !du.listsDirectoriesOnly || scan.kind(of: Int32(index)) == .directory else { return false }
            return depth == Int.max || Int(depths[index]) < depth
        }
        // The scan keeps its entries in name order: an entry's number is its rank.
        let order =
            du.listsInWalkOrder
            ? Self.postOrder(listed, depths: depths) : du.largestFirst(listed, totals: { scan.totals(of: Int32($0)) }, rank: { $0 })
        for index in order {
            let entry = Int32(index)
            du.line(PathBytes.join(scan.root, scan.path(of: entry)), kind: scan.kind(of: entry), totals: scan.totals(of: entry))
        }
        du.line(scan.root, kind: .directory, totals: scan.rootTotals)
    }

    /// Entries in path order (a directory before what it holds) put in walk
    /// order: each one after those below it, which follow it in path order.
    static func postOrder(_ entries: [Int], depths: [Int32]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(entries.count)
        var open: [Int] = []
        for index in entries {
            while let last = open.last, depths[last] >= depths[index] { order.append(open.removeLast()) }
            open.append(index)
        }
        order.append(contentsOf: open.reversed())
        return order
    }
}
