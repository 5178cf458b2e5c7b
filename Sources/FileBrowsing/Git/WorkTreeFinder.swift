/// The git work trees below a directory (`--du --git`): every directory
/// holding a `.git` (a repository's directory, or a linked work tree's
/// file), found breadth first, links never followed, and not looked into
/// further (a work tree's own nested repositories are its business).
public enum WorkTreeFinder {
    /// The work trees at or below `start`, by path, in the order found; a
    /// directory that cannot be read is passed over. `stop` ends the walk
    /// with what was found.
    public static func workTrees(below start: DirectoryHandle, stop: () -> Bool = { false }) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var level = [start]
        while !level.isEmpty, !stop() {
            var next: [DirectoryHandle] = []
            for directory in level {
                guard let names = try? DirectoryEnumerator.list(directory, ordersByName: true) else { continue }
                if (0..<names.count).contains(where: { names.withName(at: $0) { $0.elementsEqual(".git".utf8) } }) {
                    found.append(directory.path)
                    continue
                }
                for index in 0..<names.count where names.kind(at: index) == .directory || names.kind(at: index) == .unknown {
                    let name = names.name(at: index)
                    if let child = try? DirectoryHandle.open(child: name, of: directory, followSymlink: false) { next.append(child) }
                }
                if directory !== start { directory.releaseDescriptorClaim() }
            }
            level = next
        }
        return found
    }
}
