import FileBrowsing
import SystemSeam

/// Moving inside an archive by its tree, never by text: `up` and a
/// relative `cd` at an archive's level climb to the parent member
/// directory (and from the archive's top to the directory holding the
/// archive file), whatever the members are named. A member named `..`
/// is a row like any other; the path shown for it is never folded into
/// the archive's own directory (see `MemberPathRule`).
extension CommandContext {
    /// The archive level in view, when it is a directory of one (not a level of matches).
    private var archiveInView: ArchiveLevel? {
        guard let kind = current.kind as? ArchiveLevel, kind.breadcrumb == nil else { return nil }
        return kind
    }

    /// `up` inside an archive: the parent member directory, or the
    /// archive's own directory from its top (on the page holding the
    /// archive). False when the level in view is not inside an archive.
    func upInsideArchive() throws(CommandError) -> Bool {
        guard let kind = archiveInView else { return false }
        let tree = kind.rows.archive.tree
        let node = tree.nodes[Int(kind.rows.node)]
        guard node.parent >= 0 else {
            let (directory, name) = PathBytes.split(kind.archivePath)
            try push(directory.isEmpty ? [0x2F] : directory, command: "up", focus: name)
            return true
        }
        present(archiveLevel(kind, node: node.parent), focusing: node.name)
        return true
    }

    /// `cd PATH` for a relative PATH typed inside an archive: walked
    /// through the tree from the directory in view (`..` the parent member
    /// directory; from the top, the archive's directory, where the rest is
    /// a path on disk). False when the level in view is not inside an archive.
    func changeDirectoryInsideArchive(_ typed: [UInt8]) throws(CommandError) -> Bool {
        guard let kind = archiveInView, typed.first != 0x2F, typed != [0x7E], !typed.starts(with: [0x7E, 0x2F]) else { return false }
        let tree = kind.rows.archive.tree
        var node = kind.rows.node
        let parts = typed.split(separator: 0x2F)
        for (index, part) in parts.enumerated() {
            if part.elementsEqual([0x2E]) { continue }
            if part.elementsEqual([0x2E, 0x2E]) {
                let parent = tree.nodes[Int(node)].parent
                if parent < 0 {
                    // Out of the archive's top: the rest is on disk, beside the archive file.
                    let rest = Array(parts[(index + 1)...].joined(separator: [0x2F]))
                    let directory = PathBytes.split(kind.archivePath).parent
                    let outside = MemberPathRule.normalize(PathBytes.join(directory.isEmpty ? [0x2F] : directory, rest))
                    try push(outside, command: "cd")
                    return true
                }
                node = parent
                continue
            }
            guard let child = tree.nodes[Int(node)].children.first(where: { tree.nodes[Int($0)].name.elementsEqual(part) }) else {
                throw CommandError("cd: \(NameEscaping.escape(typed)): not in \(NameEscaping.escape(kind.archivePath))")
            }
            guard tree.nodes[Int(child)].isDirectory else {
                throw CommandError("cd: \(NameEscaping.escape(typed)): not a directory in \(NameEscaping.escape(kind.archivePath))")
            }
            node = child
        }
        present(archiveLevel(kind, node: node))
        return true
    }

    /// The level of `node` in the archive `kind` shows, in its options.
    private func archiveLevel(_ kind: ArchiveLevel, node: Int32) -> TableLevel {
        var options = kind.rows.options
        options.filter = nil
        let rows = ArchiveRows(archive: kind.rows.archive, node: node, options: options)
        let inside = kind.rows.archive.tree.path(of: node)
        let path = inside.isEmpty ? kind.archivePath : PathBytes.join(kind.archivePath, inside)
        return TableLevel(
            rows: rows, kind: ArchiveLevel(rows: rows, archivePath: kind.archivePath), in: current.directory, path: path,
            decoration: settings.decoration)
    }
}
