import FileBrowsing

/// For `--prune`: the directories with at least one file listed somewhere
/// below them, found by a first walk of the tree with the listing's own
/// options (filter included), so the drawing walk can leave the others out
/// and still draw each level's last connector right. Errors are left to the
/// drawing walk to report.
struct DirectoriesWithFiles {
    private(set) var paths = Set<[UInt8]>()

    init(under root: DirectoryHandle, walker: DirectoryTreeWalker) {
        var stack: [[UInt8]] = []
        walker.walk(root) { event in
            switch event {
            case .enter(let model, _):
                stack.append(model.directory.path)
            case .leave:
                stack.removeLast()
            case .entry(let model, let row, _, _):
                guard !model.isDirectory(row: row, followSymlinks: true) else { return }
                // Every directory above holds a file: mark up to the first already marked.
                for path in stack.reversed() {
                    if paths.insert(path).inserted == false { break }
                }
            case .failure:
                break
            }
        }
    }

    func contains(_ path: [UInt8]) -> Bool { paths.contains(path) }
}
