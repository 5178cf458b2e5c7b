import SystemSeam

/// A file's security context (its SELinux label) as `ls -Z` shows it:
/// escaped as a name is, `?` where the file has none or the file system
/// keeps none (as ls writes it without SELinux).
public enum SecurityContext {
    /// The context of the file at `path` (of what a link leads to with `followingLinks`), or `?`.
    public static func of(_ path: [UInt8], followingLinks: Bool) -> String {
        SecurityLabel.of(path, followingLinks: followingLinks).map(NameEscaping.escape) ?? "?"
    }
}

extension SecurityContext {
    /// Contexts read once a listing: a listing measures its rows' columns,
    /// then draws them, and both ask; one attribute read a file, not two.
    /// Emptied when the next listing is measured (`forget`). Used by one
    /// thread at a time.
    public final class Lookup {
        private var known: [[UInt8]: String] = [:]

        public init() {}

        public func of(_ path: [UInt8], followingLinks: Bool) -> String {
            if let context = known[path] { return context }
            let context = SecurityContext.of(path, followingLinks: followingLinks)
            known[path] = context
            return context
        }

        public func forget() { known.removeAll(keepingCapacity: true) }
    }
}
