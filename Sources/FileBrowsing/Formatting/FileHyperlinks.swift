import SystemSeam

/// The URIs `ls --hyperlink` gives names: `file://HOST/PATH`, the path
/// absolute with its links resolved (`CanonicalPath`), every byte but
/// RFC 3986's unreserved ones (and the path's slashes) as `%hh`, lower case.
/// The directory a name is in is resolved once for all its names.
public final class FileHyperlinks: Sendable {
    private let host: String
    private let workingDirectory: [UInt8]
    /// The last directory resolved, and what it resolved to.
    private let lastDirectory = Locked<(path: [UInt8], resolved: [UInt8]?)?>(nil)

    public init() {
        host = Self.escape(ThisProcess.hostName, keepsSlashes: false)
        workingDirectory = ThisProcess.workingDirectory ?? [0x2F]
    }

    /// The URI of the file at `path` (as given: relative to the working
    /// directory, or absolute). A name is asked whether it is a link (one
    /// `readlink`), its directory resolved once for all its names.
    public func uri(forPath path: [UInt8]) -> String? {
        let slash = path.lastIndex(of: 0x2F)
        let name = Array(path[(slash.map { $0 + 1 } ?? 0)...])
        let directory = slash.map { Array(path[..<max($0, 1)]) } ?? [0x2E]
        // A name that is a link, `.` or `..`, or a path ending in `/`, is resolved whole.
        let plain =
            !name.isEmpty && name != [0x2E] && name != [0x2E, 0x2E]
            && withCString(path, { Syscalls.linkTarget(at: Syscalls.workingDirectory, name: $0) }).failureValue != nil
        let resolved: [UInt8]?
        if plain, let parent = resolvedDirectory(directory) {
            resolved = parent == [0x2F] ? parent + name : parent + [0x2F] + name
        } else {
            // A loop of links is linked as it is named, as ls does.
            resolved =
                CanonicalPath.resolve(path, workingDirectory: workingDirectory)
                ?? CanonicalPath.lexical(path.first == 0x2F ? path : workingDirectory + [0x2F] + path)
        }
        return resolved.map { "file://" + host + Self.escape($0, keepsSlashes: true) }
    }

    private func resolvedDirectory(_ directory: [UInt8]) -> [UInt8]? {
        if let last = lastDirectory.withLock({ $0 }), last.path == directory { return last.resolved }
        let resolved = CanonicalPath.resolve(directory, workingDirectory: workingDirectory)
        lastDirectory.withLock { $0 = (directory, resolved) }
        return resolved
    }

    /// `%hh` for every byte but letters, digits, `-`, `.`, `_`, `~` (and `/` in a path).
    static func escape(_ bytes: [UInt8], keepsSlashes: Bool) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: "/") where keepsSlashes:
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
