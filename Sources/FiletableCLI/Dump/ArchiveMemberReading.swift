import FileBrowsing
import SystemSeam

extension HexDumpReader {
    /// The reader of `path`: a file on disk, or a member inside an archive
    /// the path goes through (`site.zip/index.html`,
    /// `backup.tgz/etc/hostname`), read from the archive without extracting
    /// it. A path with no archive on it fails with the file's own error.
    static func throughArchives(
        path: [UInt8], skip: UInt64 = 0, skipFromEnd: Bool = false, length: UInt64? = nil
    ) throws(FileError)
        -> HexDumpReader
    {
        do {
            return try HexDumpReader(path: path, skip: skip, skipFromEnd: skipFromEnd, length: length)
        } catch  where error.reason == .system(.notADirectory) {
            let member: (any ByteSource)?
            do throws(ArchiveError) {
                member = try ArchivePath.resolve(path, stop: { Interruption.isRequested })?.contents(path: path)
            } catch let problem {
                throw FileError(path: path, reason: .custom(problem.description))
            }
            // No archive on the path: the file's own error.
            guard let member else { throw error }
            return try HexDumpReader(source: member, skip: skip, skipFromEnd: skipFromEnd, length: length)
        }
    }

    /// The reader of `path` as git revision `revision` holds it (`--rev`).
    static func atRevision(
        _ revision: [UInt8], path: [UInt8], skip: UInt64 = 0, skipFromEnd: Bool = false, length: UInt64? = nil
    ) throws(FileError) -> HexDumpReader {
        let bytes = try GitRevisionFile.bytes(of: path, at: revision).get()
        return try HexDumpReader(source: MemoryBytes(path: path, bytes: bytes), skip: skip, skipFromEnd: skipFromEnd, length: length)
    }

    /// The reader of an operand as the byte commands take it: standard
    /// input for `-`, else the file or archive member at `path`.
    static func operand(_ path: [UInt8]) throws(FileError) -> HexDumpReader {
        path == Array("-".utf8) ? try HexDumpReader(standardInput: Array("standard input".utf8)) : try throughArchives(path: path)
    }
}
