/// A path with every symbolic link, `.` and `..` resolved, as GNU's
/// `canonicalize_filename_mode(…, CAN_MISSING)` makes it (what `ls
/// --hyperlink` links to): components that do not exist are kept as
/// written, a link's target is followed wherever it leads, and a chain of
/// more than 40 links is given up (nil).
public enum CanonicalPath {
    /// `path` resolved; relative paths start at `workingDirectory`.
    public static func resolve(_ path: [UInt8], workingDirectory: [UInt8]) -> [UInt8]? {
        var resolved: [UInt8] = []
        // The components still to walk, last first (so a link's target is pushed in front).
        var pending: [ArraySlice<UInt8>] = []
        func push(_ path: [UInt8]) { pending += path.split(separator: 0x2F).reversed() }
        push(path)
        if path.first != 0x2F { push(workingDirectory) }
        var links = 0
        while let component = pending.popLast() {
            if component == [0x2E] { continue }
            if component == [0x2E, 0x2E] {
                if let slash = resolved.lastIndex(of: 0x2F) { resolved.removeSubrange(slash...) }
                continue
            }
            let candidate = resolved + [0x2F] + component
            guard case .success(let target) = withCString(candidate, { Syscalls.linkTarget(at: Syscalls.workingDirectory, name: $0) }) else {
                // Not a link (or not there): kept as written.
                resolved = candidate
                continue
            }
            links += 1
            guard links <= 40 else { return nil }
            if target.first == 0x2F { resolved = [] }
            push(target)
        }
        return resolved.isEmpty ? [0x2F] : resolved
    }

    /// An absolute path with `.`, `..` and repeated slashes folded away, no link followed.
    public static func lexical(_ path: [UInt8]) -> [UInt8] {
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: 0x2F) where part != [0x2E] {
            if part == [0x2E, 0x2E] {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? [0x2F] : parts.reduce(into: []) { $0 += [0x2F] + $1 }
    }
}
