import FileBrowsing
import Foundation
import TableKit

/// A temporary directory for FileBrowsing tests, created with POSIX calls so
/// names can be any bytes; removed afterwards.
final class TestTree {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "filetable-unit-\(UUID().uuidString)"
        mkdir(path, 0o755)
    }

    deinit {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/rm")
        process.arguments = ["-rf", path]
        try? process.run()
        process.waitUntilExit()
    }

    var bytes: [UInt8] { Array(path.utf8) }

    func file(_ name: [UInt8], size: Int = 0, mtime: Int? = nil, in folder: String? = nil) {
        let full = fullPath(name, in: folder)
        let fd = cString(full) { open($0, O_CREAT | O_WRONLY, 0o644) }
        precondition(fd >= 0)
        if size > 0 { _ = [UInt8](repeating: 0x61, count: size).withUnsafeBytes { write(fd, $0.baseAddress, size) } }
        close(fd)
        if let mtime {
            var times = [timespec(tv_sec: mtime, tv_nsec: 0), timespec(tv_sec: mtime, tv_nsec: 0)]
            _ = cString(full) { utimensat(AT_FDCWD, $0, &times, 0) }
        }
    }

    func file(_ name: String, size: Int = 0, mtime: Int? = nil, in folder: String? = nil) {
        file(Array(name.utf8), size: size, mtime: mtime, in: folder)
    }

    func folder(_ name: String) {
        _ = cString(fullPath(Array(name.utf8), in: nil)) { mkdir($0, 0o755) }
    }

    func link(_ name: String, to target: String) {
        _ = cString(fullPath(Array(name.utf8), in: nil)) { symlink(target, $0) }
    }

    func remove(_ name: String) {
        _ = cString(fullPath(Array(name.utf8), in: nil)) { unlink($0) }
    }

    private func fullPath(_ name: [UInt8], in folder: String?) -> [UInt8] {
        var full = bytes + [0x2F]
        if let folder { full += Array(folder.utf8) + [0x2F] }
        return full + name
    }

    private func cString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { b in b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count, body) }
    }

    func model(_ options: ListOptions = ListOptions()) throws -> DirectoryListing {
        try DirectoryListing(directory: DirectoryHandle.open(bytes), options: options)
    }
}

extension TableView {
    /// A table showing `model` through its data-source adapter, loaded.
    convenience init(showing model: DirectoryListing, formatter: EntryCellFormatter? = nil, pageHeight: Int) {
        self.init(pageHeight: pageHeight)
        if let formatter { register(style: formatter.style, forCellReuseIdentifier: formatter.reuseIdentifier) }
        dataSource = FileTableSource(rows: model, cellFormatter: formatter)
        reloadData()
    }

    /// The adapter the table reads from.
    var source: FileTableSource { dataSource as! FileTableSource }
}

extension DirectoryListing {
    /// The rows' names as text (test files use plain names).
    var names: [String] { (0..<rowCount).map { String(decoding: name(ofRow: $0), as: UTF8.self) } }
}
