/// A gzip-compressed text file read as its text (`changelog.Debian.gz`,
/// a rotated `syslog.2.gz`), as `less` shows one through lesspipe and
/// `zless`: the viewers and the detail pane show the decompressed lines;
/// `hex` keeps showing the file's own bytes.
public enum CompressedText {
    /// The decompressed text of `file` when it is gzip data holding text
    /// (UTF-8 without NUL bytes in its first 8 KiB), at most `limit` bytes
    /// of it; nil when it is not gzip, or holds something else (a tar).
    public static func text(of file: any ByteSource, limit: Int = Archive.memberLimit) throws(ArchiveError) -> MemoryBytes? {
        guard GzipStream.isGzip(file) else { return nil }
        let stream = try GzipStream(source: file)
        let bytes = try stream.readUpTo(limit)
        let text = MemoryBytes(path: file.path, bytes: bytes, modificationTime: file.modificationTime)
        guard case .success(.text) = ContentKind.of(text) else { return nil }
        return text
    }
}
