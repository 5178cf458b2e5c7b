/// Joining paths as bytes.
public enum PathBytes {
    public static func join(_ base: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result = base
        append(name, to: &result)
        return result
    }

    /// Appends `name` to `path` in place, with one `/` between (none after
    /// an empty path): what `join` does, without copying the path, for
    /// paths built a component at a time.
    public static func append<Name: Collection<UInt8>>(_ name: Name, to path: inout [UInt8]) {
        if !path.isEmpty && path.last != 0x2F { path.append(0x2F) }
        path.append(contentsOf: name)
    }

    public static func join(_ base: [UInt8], _ name: [UInt8]) -> [UInt8] {
        name.withUnsafeBufferPointer { join(base, $0) }
    }

    /// `path` cut at slashes into pieces of at most `limit` bytes each, the
    /// longest that fit, and the rest (which fits): how a path longer than
    /// PATH_MAX is reached, a piece at a time. Nil when a single name is
    /// longer than `limit`.
    public static func pieces(of path: [UInt8], fitting limit: Int) -> (pieces: [[UInt8]], rest: [UInt8])? {
        var pieces: [[UInt8]] = []
        var start = 0
        while path.count - start > limit {
            guard let slash = path[start..<(start + limit)].lastIndex(of: 0x2F), slash > start else { return nil }
            pieces.append(Array(path[start..<slash]))
            start = slash + 1
            while start < path.count && path[start] == 0x2F { start += 1 }
        }
        return (pieces, Array(path[start...]))
    }

    /// The parent part and the last component of a path (`/a/b` → `/a`, `b`;
    /// `b` → ``, `b`).
    public static func split(_ path: [UInt8]) -> (parent: [UInt8], name: [UInt8]) {
        var end = path.count
        while end > 1 && path[end - 1] == 0x2F { end -= 1 }
        let trimmed = path[..<end]
        guard let slash = trimmed.lastIndex(of: 0x2F) else { return ([], Array(trimmed)) }
        return (slash == 0 ? [0x2F] : Array(trimmed[..<slash]), Array(trimmed[(slash + 1)...]))
    }
}
