import SystemSeam

/// The archives a command line has read, by path and identity, so that
/// many operands inside one archive (`-1 big.tar/a big.tar/b ...`) share
/// one index and one descriptor instead of each reading the whole archive
/// again and holding it open until printing. An archive replaced on disk
/// between two operands (another identity) is read again.
public final class OpenedArchives {
    private var byPath: [[UInt8]: (identity: FileIdentity, archive: Archive, directory: DirectoryHandle)] = [:]

    public init() {}

    /// The archive read from `path`, when it is still the file `identity` names.
    func archive(at path: [UInt8], identity: FileIdentity) -> (archive: Archive, directory: DirectoryHandle)? {
        guard let kept = byPath[path], kept.identity == identity else { return nil }
        return (kept.archive, kept.directory)
    }

    func keep(_ archive: Archive, at path: [UInt8], identity: FileIdentity, directory: DirectoryHandle) {
        byPath[path] = (identity, archive, directory)
    }
}
