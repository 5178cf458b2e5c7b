import Glibc
import FileBrowsing

/// Absolute paths for the prompt and headers, worked out lexically on bytes
/// (the descriptors, not these strings, are what filetable opens).
enum DisplayPath {
    /// `path` made absolute against the working directory, with `.`, `..` and
    /// repeated slashes folded away.
    static func absolute(_ path: [UInt8]) -> [UInt8] {
        if path.first == 0x2F { return normalize(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return normalize(path) }
        let cwd = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return normalize(PathBytes.join(cwd, path))
    }

    static func normalize(_ path: [UInt8]) -> [UInt8] {
        let absolute = path.first == 0x2F
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: 0x2F) {
            if part == [0x2E] { continue }
            if part == [0x2E, 0x2E] {
                if let last = parts.last, last != [0x2E, 0x2E] { parts.removeLast(); continue }
                if absolute { continue }
            }
            parts.append(part)
        }
        var result: [UInt8] = absolute ? [0x2F] : []
        for (i, part) in parts.enumerated() {
            if i > 0 { result.append(0x2F) }
            result.append(contentsOf: part)
        }
        return result.isEmpty ? [0x2E] : result
    }

    /// The path as the prompt shows it: escaped, with the home directory as `~`.
    static func prompt(_ path: [UInt8], home: [UInt8]?) -> String {
        if let home, home.count > 1, path.starts(with: home), path.count == home.count || path[home.count] == 0x2F {
            return "~" + NameEscaping.escape(Array(path[home.count...]))
        }
        return NameEscaping.escape(path)
    }
}
