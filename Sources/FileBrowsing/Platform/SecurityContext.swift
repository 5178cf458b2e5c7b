import Glibc

/// A file's security context (its SELinux label), as `ls -Z` shows it: the
/// `security.selinux` extended attribute, read with `lgetxattr` (`getxattr`
/// when links are followed), without its ending NUL; `?` where the file has
/// none or the file system keeps none (as ls writes it without SELinux).
public enum SecurityContext {
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    /// Looked up at run time: Swift's Glibc module does not declare `<sys/xattr.h>`.
    private static let getOwn = CLibrarySymbol.lookUp("lgetxattr", as: GetAttribute.self)
    private static let getFollowing = CLibrarySymbol.lookUp("getxattr", as: GetAttribute.self)

    /// The context of the file at `path` (of what a link leads to with
    /// `followingLinks`), or `?`. A context of more than 4 KiB is `?` too.
    public static func of(_ path: [UInt8], followingLinks: Bool) -> String {
        guard let get = followingLinks ? getFollowing : getOwn else { return "?" }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = (path + [0]).withUnsafeBufferPointer { cPath in
            buffer.withUnsafeMutableBytes { bytes in
                get(UnsafeRawPointer(cPath.baseAddress!).assumingMemoryBound(to: CChar.self), "security.selinux", bytes.baseAddress, bytes.count)
            }
        }
        guard length > 0 else { return "?" }
        var label = buffer.prefix(length)
        while label.last == 0 { label = label.dropLast() }
        return label.isEmpty ? "?" : NameEscaping.escape(Array(label))
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
