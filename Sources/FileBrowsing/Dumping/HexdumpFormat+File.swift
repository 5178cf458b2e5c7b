import HexDump
import SystemSeam

extension HexdumpFormat {
    /// The strings of hexdump's `-f` file at `path`.
    public static func sources(ofFormatFileAt path: [UInt8]) throws(FileError) -> [[UInt8]] {
        switch Syscalls.readWholeInput(path) {
        case .success(let contents): return sources(ofFormatFile: contents)
        case .failure(let errno): throw FileError(path: path, reason: .system(errno))
        }
    }
}
