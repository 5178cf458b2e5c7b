import Glibc

/// A file's security context (its SELinux label), as `ls -Z` shows it: the
/// `security.selinux` extended attribute, read with `lgetxattr` (`getxattr`
/// when links are followed), without its ending NUL: the bytes; nil where
/// the file has none or the file system keeps none. `SecurityContext`
/// shows it as ls does.
public enum SecurityLabel {
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    /// Looked up at run time: Swift's Glibc module does not declare `<sys/xattr.h>`.
    private static let getOwn = CLibrarySymbol.lookUp("lgetxattr", as: GetAttribute.self)
    private static let getFollowing = CLibrarySymbol.lookUp("getxattr", as: GetAttribute.self)

    /// The context of the file at `path` (of what a link leads to with
    /// `followingLinks`), or nil. A context of more than 4 KiB is nil too.
    public static func of(_ path: [UInt8], followingLinks: Bool) -> [UInt8]? {
        guard let get = followingLinks ? getFollowing : getOwn else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = (path + [0]).withUnsafeBufferPointer { cPath in
            buffer.withUnsafeMutableBytes { bytes in
                get(UnsafeRawPointer(cPath.baseAddress!).assumingMemoryBound(to: CChar.self), "security.selinux", bytes.baseAddress, bytes.count)
            }
        }
        guard length > 0 else { return nil }
        var label = buffer.prefix(length)
        while label.last == 0 { label = label.dropLast() }
        return label.isEmpty ? nil : Array(label)
    }
}
