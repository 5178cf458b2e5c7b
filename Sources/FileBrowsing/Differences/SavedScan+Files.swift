/// A saved scan's file: read back whatever its format, and written only
/// where nothing stands or a saved scan does (replaced whole): `--du --save`,
/// `--du --since`, and the prompt's `du --save` / `du --since` all go through
/// here. The errors name the file and why.
extension SavedScan {
    public enum FileFormat: Sendable {
        /// filetable's own, compact.
        case filetable
        /// ncdu's export (`ncdu -f` reads it).
        case ncdu
    }

    /// The scan kept at `path` (relative to the working directory):
    /// filetable's or an ncdu export.
    public static func read(from path: [UInt8]) throws(FileError) -> SavedScan {
        switch Syscalls.readWholeInput(path) {
        case .failure(let errno): throw FileError(path: path, errno: errno)
        case .success(let bytes):
            do throws(SavedScanError) {
                return try load(bytes)
            } catch {
                throw FileError(path: path, reason: .custom(error.description))
            }
        }
    }

    /// Whether `path` may take a scan: nothing is there, or a saved scan
    /// (its first bytes); anything else is refused before any work.
    public static func checkWritable(_ path: [UInt8]) throws(FileError) {
        if startsAsSavedScan(path) == false { throw FileError(path: path, reason: .custom("exists and is not a saved scan; name a new file")) }
    }

    /// Keeps the scan at `path` as `format`: a new file, or an earlier saved
    /// scan replaced whole (`OwnFiles`); anything else is refused.
    public func write(to path: [UInt8], as format: FileFormat) throws(FileError) {
        let earlier = Self.startsAsSavedScan(path)
        guard earlier != false else { throw FileError(path: path, reason: .custom("exists and is not a saved scan; name a new file")) }
        let contents = format == .ncdu ? NcduExport.encode(self) : encoded()
        if case .failure(let failure) = OwnFiles.writeNew(path, contents: contents, replace: earlier == true) {
            throw FileError(path: path, reason: .custom(failure.description))
        }
    }
}
