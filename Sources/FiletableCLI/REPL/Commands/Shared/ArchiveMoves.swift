import FileBrowsing
import SystemSeam

/// Moving inside an archive by its tree, never by text: `up` and a
/// relative `cd` at an archive's level climb to the parent member
/// directory (and from the archive's top to the directory holding the
/// archive file), whatever the members are named. A member named `..`
/// is a row like any other; the path shown for it is never folded into
/// the archive's own directory (see `MemberPathRule`).
extension ArchiveLevel: InsideAFile {
    var containerPath: [UInt8] { archivePath }

    /// `up` inside an archive: the parent member directory, or the
    /// archive's own directory from its top (on the page holding the
    /// archive). False on a level of matches, which is no directory of it.
    func up(in context: CommandContext) throws(CommandError) -> Bool {
        guard breadcrumb == nil else { return false }
        let tree = rows.archive.tree
        let node = tree.nodes[Int(rows.node)]
        guard node.parent >= 0 else {
            let (directory, name) = PathBytes.split(archivePath)
            try context.push(directory.isEmpty ? [0x2F] : directory, command: "up", focus: name)
            return true
        }
        context.present(level(at: node.parent, in: context), focusing: Array(node.name))
        return true
    }

    /// `cd PATH` for a relative PATH typed inside an archive: walked
    /// through the tree from the directory in view (`..` the parent member
    /// directory; from the top, the archive's directory, where the rest is
    /// a path on disk). False when the level in view is not inside an archive.
    func changeDirectory(_ typed: [UInt8], in context: CommandContext) throws(CommandError) -> Bool {
        guard breadcrumb == nil, typed.first != 0x2F, typed != [0x7E], !typed.starts(with: [0x7E, 0x2F]) else { return false }
        let tree = rows.archive.tree
        var node = rows.node
        let parts = typed.split(separator: 0x2F)
        for (index, part) in parts.enumerated() {
            if part.elementsEqual([0x2E]) { continue }
            if part.elementsEqual([0x2E, 0x2E]) {
                let parent = tree.parent(of: node)
                if parent < 0 {
                    // Out of the archive's top: the rest is on disk, beside the archive file.
                    let rest = Array(parts[(index + 1)...].joined(separator: [0x2F]))
                    let directory = PathBytes.split(archivePath).parent
                    let outside = MemberPathRule.normalize(PathBytes.join(directory.isEmpty ? [0x2F] : directory, rest))
                    try context.push(outside, command: "cd")
                    return true
                }
                node = parent
                continue
            }
            guard let child = tree.children(of: node).first(where: { tree.name(of: $0).elementsEqual(part) }) else {
                throw CommandError("cd: \(NameEscaping.escape(typed)): not in \(NameEscaping.escape(archivePath))")
            }
            guard tree.isDirectory(child) else {
                throw CommandError("cd: \(NameEscaping.escape(typed)): not a directory in \(NameEscaping.escape(archivePath))")
            }
            node = child
        }
        context.present(level(at: node, in: context))
        return true
    }

    /// The level of `node` in this archive, in this level's options.
    private func level(at node: Int32, in context: CommandContext) -> TableLevel {
        var options = rows.options
        options.filter = nil
        let inner = ArchiveRows(archive: rows.archive, node: node, options: options)
        let inside = rows.archive.tree.path(of: node)
        let path = inside.isEmpty ? archivePath : PathBytes.join(archivePath, inside)
        return TableLevel(
            rows: inner, kind: ArchiveLevel(rows: inner, archivePath: archivePath), in: context.current.directory, path: path,
            decoration: context.settings.decoration)
    }
}
