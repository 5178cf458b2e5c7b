import FileBrowsing
import SystemSeam

/// du's `--exclude-from FILE` (`-X FILE`): the patterns in FILE, one a
/// line, as du reads them (a line's trailing blanks dropped, blank lines
/// skipped; `-` is standard input), added to `--exclude`'s.
enum ExcludePatterns {
    /// The patterns of every file, in order; nil when one cannot be read
    /// (reported as du reports it: the file and why, status 1).
    static func read(_ files: [[UInt8]], diagnostics: Diagnostics) -> [GlobPattern]? {
        var patterns: [GlobPattern] = []
        for file in files {
            switch Descriptor.readWhole(file) {
            case .success(let bytes):
                for line in bytes.split(separator: 0x0A) {
                    var end = line.endIndex
                    while end > line.startIndex, [0x20, 0x09, 0x0D].contains(line[end - 1]) { end -= 1 }
                    guard end > line.startIndex else { continue }
                    patterns.append(GlobPattern(String(decoding: line[line.startIndex..<end], as: UTF8.self)))
                }
            case .failure(let errno):
                diagnostics.report(FileError(path: file == [0x2D] ? Array("standard input".utf8) : file, errno: errno), severity: .minorTrouble)
                return nil
            }
        }
        return patterns
    }
}
