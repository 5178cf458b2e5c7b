import SystemSeam

/// A path that goes on past an archive file (`backup.tgz/etc/ssl`,
/// `site.zip/index.html`): the archive it passes through and the place
/// inside. The path up to the archive is a path on disk, resolved as any
/// other; what follows is only ever looked up in the archive's tree.
public struct ArchivePath {
    /// The archive, opened and listed.
    public let archive: Archive
    /// The node the rest of the path names (0: the archive's top).
    public let node: Int32
    /// The archive file's path (the part of the path on disk).
    public let archivePath: [UInt8]
    /// The archive file's directory, open.
    public let directory: DirectoryHandle

    /// The archive `path` goes through, or nil when no file on the path is
    /// one (a missing path, a plain file). A path naming the archive itself
    /// gives its top. Throws when the archive is found but cannot be read,
    /// or the rest of the path is not in it.
    /// `opened`, when given, keeps each archive read once for the paths
    /// that follow (1,000 operands inside one tar: one index, one descriptor).
    public static func resolve(
        _ path: [UInt8], opened: OpenedArchives? = nil, stop: @escaping () -> Bool = { false }
    ) throws(ArchiveError) -> ArchivePath? {
        let absolute = path.first == 0x2F
        let components = path.split(separator: 0x2F)
        guard !components.isEmpty else { return nil }
        for count in 1...components.count {
            let prefix = (absolute ? [0x2F] : []) + Array(components[0..<count].joined(separator: [0x2F]))
            guard case .success(let status) = FileStatusReader.status(of: prefix, followSymlink: true) else { return nil }
            if status.kind == .directory { continue }
            guard status.kind == .file else { return nil }
            if let known = opened?.archive(at: prefix, identity: status.identity) {
                return try place(in: known.archive, at: components[count...], archivePath: prefix, directory: known.directory)
            }
            let (parentPath, name) = PathBytes.split(prefix)
            let directory: DirectoryHandle
            let bytes: ViewedFile
            do throws(FileError) {
                directory = try DirectoryHandle.open(resolving: parentPath.isEmpty ? (absolute ? [0x2F] : [0x2E]) : parentPath)
                bytes = try ViewedFile(path: prefix, name: name, in: directory)
            } catch {
                throw ArchiveError(error.description)
            }
            guard let archive = try Archive.open(bytes, stop: stop) else {
                // A compression or archive filetable does not read is named, not "not a directory".
                if count < components.count || path.last == 0x2F, let name = UnreadableFormat.name(of: bytes) {
                    throw ArchiveError("\(NameEscaping.escape(prefix)) is \(UnreadableFormat.refusal(name))")
                }
                return nil
            }
            archive.reopen = { () throws(FileError) -> any ByteSource in try ViewedFile(path: prefix, name: name, in: directory) }
            opened?.keep(archive, at: prefix, identity: status.identity, directory: directory)
            return try place(in: archive, at: components[count...], archivePath: prefix, directory: directory)
        }
        return nil
    }

    /// The place the components past the archive name in it.
    private static func place(
        in archive: Archive, at rest: ArraySlice<ArraySlice<UInt8>>, archivePath: [UInt8], directory: DirectoryHandle
    ) throws(ArchiveError) -> ArchivePath {
        let inside = Array(rest.joined(separator: [0x2F]))
        guard let node = archive.tree.node(at: inside) else {
            // Past the damage, "not in" alone would be a claim about members never read.
            let why = archive.problem.map { " (read up to where it stopped: \($0.description))" } ?? ""
            throw ArchiveError("\(NameEscaping.escape(inside)): not in \(NameEscaping.escape(archivePath))\(why)")
        }
        return ArchivePath(archive: archive, node: node, archivePath: archivePath, directory: directory)
    }

    /// The place itself when it is a directory; else the directory holding
    /// it, and its name there (a start-up path naming a member highlights it).
    public var directoryPlace: (place: ArchivePath, selected: [UInt8]?) {
        let entry = archive.tree.nodes[Int(node)]
        guard !entry.isDirectory, entry.parent >= 0 else { return (self, nil) }
        return (ArchivePath(archive: archive, node: entry.parent, archivePath: archivePath, directory: directory), Array(entry.name))
    }

    /// The bytes of the member the path names, shown as `path`; an error
    /// for a directory or a link inside the archive.
    public func contents(path: [UInt8]) throws(ArchiveError) -> any ByteSource {
        let entry = archive.tree.nodes[Int(node)]
        guard !entry.isDirectory else { throw ArchiveError("a directory in \(NameEscaping.escape(archivePath))") }
        guard entry.member >= 0, archive.members.kind(of: Int(entry.member)) == .file else {
            throw ArchiveError("not a file in \(NameEscaping.escape(archivePath))")
        }
        return try archive.contents(ofMember: Int(entry.member), path: path)
    }
}
