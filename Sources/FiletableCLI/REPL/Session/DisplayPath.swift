import FileBrowsing
import SystemSeam

/// Absolute paths for the prompt and headers, worked out lexically on bytes
/// (the descriptors, not these strings, are what filetable opens).
enum DisplayPath {
    /// `path` made absolute against the working directory, with `.`, `..` and
    /// repeated slashes folded away.
    static func absolute(_ path: [UInt8]) -> [UInt8] {
        if path.first == 0x2F { return normalize(path) }
        guard let cwd = workingDirectory() else { return normalize(path) }
        return normalize(PathBytes.join(cwd, path))
    }

    /// The working directory as the shell walked it: `$PWD` when it is an
    /// absolute path without `.` or `..` that names the working directory (the
    /// test `pwd -L` makes), else the physical one from `getcwd`.
    static func workingDirectory() -> [UInt8]? {
        if let logical = Environment.value("PWD").map({ Array($0.utf8) }), logical.first == 0x2F,
            !logical.split(separator: 0x2F).contains(where: { $0 == [0x2E] || $0 == [0x2E, 0x2E] }),
            case .success(let there) = FileStatusReader.status(of: logical, followSymlink: true),
            case .success(let here) = FileStatusReader.status(of: [0x2E], followSymlink: true),
            there.identity == here.identity
        {
            return logical
        }
        return ThisProcess.workingDirectory
    }

    /// `path` with `.`, `..` and repeated slashes folded away (`CanonicalPath.lexical`).
    static func normalize(_ path: [UInt8]) -> [UInt8] { CanonicalPath.lexical(path) }

    /// The path as the prompt shows it: escaped, with the home directory as `~`.
    static func prompt(_ path: [UInt8], home: [UInt8]?) -> String {
        if let home, home.count > 1, path.starts(with: home), path.count == home.count || path[home.count] == 0x2F {
            return "~" + NameEscaping.escape(Array(path[home.count...]))
        }
        return NameEscaping.escape(path)
    }
}
