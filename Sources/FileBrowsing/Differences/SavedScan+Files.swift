import SystemSeam

/// A saved scan's file, written only where nothing stands or a saved scan
/// does (replaced whole): `--du --save`, `--du --since --save`, and the
/// prompt's `du --save` all go through here (`ScanIndex.read` reads one
/// back). The errors name the file and why.
extension SavedScan {
    public enum FileFormat: Sendable {
        /// filetable's own, compact.
        case filetable
        /// ncdu's export (`ncdu -f` reads it).
        case ncdu
    }

    /// Whether `path` may take a scan: nothing is there, or a saved scan
    /// (its first bytes); anything else is refused before any work.
    public static func checkWritable(_ path: [UInt8]) throws(FileError) {
        if startsAsSavedScan(path) == false { throw FileError(path: path, reason: .custom("exists and is not a saved scan; name a new file")) }
    }

    /// Keeps the scan at `path` as `format`: a new file, or an earlier saved
    /// scan replaced whole (`OwnFiles`); anything else is refused.
    public func write(to path: [UInt8], as format: FileFormat) throws(FileError) {
        try Self.write(format == .ncdu ? NcduExport.encode(self) : encoded(), to: path)
    }

    /// Keeps the scan `result` (recorded to every depth) of `root` at
    /// `path` as `format`, as `write(to:as:)` does; filetable's format is
    /// written straight from the scan's records (`encoded(_:root:savedAt:)`).
    public static func write(
        _ result: SpaceScan.Result, scanned: [UInt8], root: [UInt8], savedAt: Int64, to path: [UInt8], as format: FileFormat
    )
        throws(FileError)
    {
        if format == .ncdu {
            try SavedScan(result, scanned: scanned, root: root, savedAt: savedAt).write(to: path, as: .ncdu)
            return
        }
        // Written as it is encoded, a chunk at a time, into the temporary file put in place at the end.
        let earlier = try writableCheck(path)
        let written = OwnFiles.writeNew(path, replace: earlier) { fd in
            // Encoded here, written meanwhile by another thread; a failed write stops the encoding
            // (`interrupted` only ends the walk: `finish` says what went wrong).
            let writer = BackgroundFileWriter(fd: fd)
            _ = encode(result, root: root, savedAt: savedAt) { chunk in writer.write(chunk) ? nil : .interrupted }
            return writer.finish().map { .failure($0) } ?? .success(true)
        }
        if case .failure(let failure) = written { throw FileError(path: path, reason: .custom(failure.description)) }
    }

    /// Whether a scan may be written at `path` (true: it replaces an earlier saved scan there).
    private static func writableCheck(_ path: [UInt8]) throws(FileError) -> Bool {
        let earlier = startsAsSavedScan(path)
        guard earlier != false else { throw FileError(path: path, reason: .custom("exists and is not a saved scan; name a new file")) }
        return earlier == true
    }

    /// Writes a scan's bytes at `path`: a new file, or an earlier saved scan replaced whole.
    private static func write(_ contents: [UInt8], to path: [UInt8]) throws(FileError) {
        let earlier = try writableCheck(path)
        if case .failure(let failure) = OwnFiles.writeNew(path, contents: contents, replace: earlier) {
            throw FileError(path: path, reason: .custom(failure.description))
        }
    }
}
