import Glibc

/// The scratch tree the REPL targets browse, made once per process and never
/// changed by filetable: names with a line feed, a terminal escape, bytes
/// that are not UTF-8, a right-to-left override and a zero-width space; a
/// look-alike of the line-feed name; files of several sizes (one large),
/// two copies, directories two deep, links that lead somewhere and nowhere,
/// a FIFO.
public enum HostileTree {
    public static let path: [UInt8] = {
        let root = "/tmp/filetable-fuzz-tree-\(getpid())"
        let names: [[UInt8]] = [
            Array("notes.txt".utf8), Array("new\nline".utf8), [0x1B] + Array("]0;title".utf8) + [0x07],
            Array("inv".utf8) + [0xFF, 0xFE], Array("bidi\u{202E}txt".utf8), Array("zero\u{200B}width".utf8),
            Array("big.bin".utf8), Array("empty".utf8), Array("dir/inner.txt".utf8), Array("dir/deeper/x".utf8),
            Array("newnline".utf8), Array("dir/copy.txt".utf8),
        ]
        mkdir(root, 0o755)
        mkdir(root + "/dir", 0o755)
        mkdir(root + "/dir/deeper", 0o755)
        for (i, name) in names.enumerated() {
            let path = Array(root.utf8) + [0x2F] + name + [0]
            let fd = path.withUnsafeBufferPointer {
                $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
            }
            var contents = [UInt8](repeating: 0, count: i == 6 ? 70_000 : i * 37)
            for k in contents.indices { contents[k] = UInt8(truncatingIfNeeded: k * 7 + i) }
            if i == 0 || i == 11 { contents = Array("hello\nworld\n".utf8) }
            _ = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        symlink("dir", root + "/link-to-dir")
        symlink("nowhere", root + "/dangling")
        mkfifo(root + "/fifo", 0o644)
        return Array(root.utf8)
    }()
}
