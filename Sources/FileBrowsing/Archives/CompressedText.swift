/// A gzip-compressed text file read as its text (`changelog.Debian.gz`,
/// a rotated `syslog.2.gz`), as `less` shows one through lesspipe and
/// `zless`: the viewers and the detail pane show the decompressed lines;
/// `hex` keeps showing the file's own bytes.
public enum CompressedText {
    /// The decompressed text of `file` when it is gzip data holding text
    /// (UTF-8 without NUL bytes in its first 8 KiB); nil when it is not
    /// gzip, or holds something else (a tar). Text up to `limit` bytes is
    /// held in memory; a longer one is read through once (to learn its
    /// length, keeping a checkpoint about every MiB; `stop` ends that read,
    /// Ctrl-C) and then streamed a window at a time, so the viewer reaches
    /// its last line (it said "end of file" at the first 64 MiB). With
    /// `whole` false, the first `limit` bytes only (a preview).
    public static func text(
        of file: any ByteSource, limit: Int = Archive.memberLimit, whole: Bool = true, stop: () -> Bool = { false }
    ) throws(ArchiveError) -> (any ByteSource)? {
        guard GzipStream.isGzip(file) else { return nil }
        let stream = try GzipStream(source: file)
        stream.checkpointSpacing = Archive.checkpointSpacing
        let bytes = try stream.readUpTo(limit)
        let text = MemoryBytes(path: file.path, bytes: bytes, modificationTime: file.modificationTime)
        guard case .success(.text) = ContentKind.of(text) else { return nil }
        guard bytes.count == limit, whole else { return text }
        // Longer than what is held: its length, read through once.
        var length = UInt64(bytes.count)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { scratch.deallocate() }
        while true {
            if stop() { throw ArchiveError("stopped (Ctrl-C) while reading the compressed text through") }
            let got = try stream.read(into: scratch)
            if got == 0 { break }
            length += UInt64(got)
        }
        let checkpoints = stream.checkpoints
        return StreamedBytes(path: file.path, size: length, modificationTime: file.modificationTime) {
            (offset) throws(ArchiveError) -> (reader: StreamedBytes.Reader, at: UInt64) in
            let resumed: GzipStream
            if let checkpoint = checkpoints.last(where: { $0.output <= offset }) {
                resumed = GzipStream(source: file, resumingAt: checkpoint)
            } else {
                resumed = try GzipStream(source: file)
            }
            return ({ (buffer) throws(ArchiveError) -> Int in try resumed.read(into: buffer) }, resumed.offset)
        }
    }
}
