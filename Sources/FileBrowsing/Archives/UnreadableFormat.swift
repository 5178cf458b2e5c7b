/// Compressions and archive formats filetable recognises but does not read
/// (it reads tar, gzip-compressed tar and zip), known by their magic bytes,
/// so a path through one or its details name what it is instead of
/// calling it binary or not a directory.
public enum UnreadableFormat {
    private static let magics: [(bytes: [UInt8], name: String)] = [
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz-compressed"),
        ([0x42, 0x5A, 0x68], "bzip2-compressed"),
        ([0x28, 0xB5, 0x2F, 0xFD], "zstd-compressed"),
        ([0x4C, 0x5A, 0x49, 0x50], "lzip-compressed"),
        ([0x04, 0x22, 0x4D, 0x18], "LZ4-compressed"),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7-Zip archive"),
        ([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07], "a RAR archive"),
    ]

    /// What `source` is, when it is one of these (`xz-compressed`); nil otherwise.
    public static func name(of source: any ByteSource) -> String? {
        guard let head = try? source.bytes(at: 0, count: 8) else { return nil }
        return magics.first { head.starts(with: $0.bytes) }?.name
    }

    /// The line that refuses it: what it is and what is read instead.
    public static func refusal(_ name: String) -> String {
        "\(name): filetable reads tar, tar.gz and zip archives, not this one"
    }
}
