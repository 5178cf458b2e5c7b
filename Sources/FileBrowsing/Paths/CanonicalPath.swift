import SystemSeam

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

    /// `path` with `.`, `..` and repeated slashes folded away, no link
    /// followed: `..` at the root stays there, a relative path keeps its
    /// leading `..`, and nothing left is `.`.
    public static func lexical(_ path: [UInt8]) -> [UInt8] {
        let absolute = path.first == 0x2F
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: 0x2F) {
            if part == [0x2E] { continue }
            if part == [0x2E, 0x2E] {
                if let last = parts.last, last != [0x2E, 0x2E] {
                    parts.removeLast()
                    continue
                }
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
}
