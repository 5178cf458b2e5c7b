/// Where a path shown among others of its group (copies of one file) tells
/// itself apart: the components between the longest prefix and the longest
/// suffix it shares with any other, as `Character` offsets into the shown
/// path, for a cut that keeps them (`…/Backup/Pictures/…/IMG_0001.jpg`).
public enum PathDifference {
    /// The stretch of `path` that differs from the closest of `others`; nil
    /// when there is no other, or it is the same path.
    public static func differingRange(of path: String, among others: [String]) -> Range<Int>? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var prefix = 0
        var suffix = 0
        var compared = false
        for other in others where other != path {
            compared = true
            let theirs = other.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            prefix = max(prefix, zip(components, theirs).prefix { $0 == $1 }.count)
            suffix = max(suffix, zip(components.reversed(), theirs.reversed()).prefix { $0 == $1 }.count)
        }
        guard compared else { return nil }
        // At least one component kept: a path that is another's prefix differs by its end.
        let first = min(prefix, components.count - 1)
        let last = max(first + 1, components.count - suffix)
        // Offsets: each component, then its `/`.
        let start = components[..<first].reduce(0) { $0 + $1.count + 1 }
        let end = components[..<last].reduce(0) { $0 + $1.count + 1 } - 1
        return start..<max(start, end)
    }
}
