import Glibc

/// Whether a file has an access control list beyond its mode bits, the `+`
/// ls prints after the permissions: a POSIX ACL (`system.posix_acl_access`,
/// or `system.posix_acl_default` on a directory) or an NFSv4 one. One
/// `lgetxattr` a file, as ls does; once the file system says it has no
/// extended attributes at all, no more are asked for.
public final class AccessControlListCheck {
    private var unsupported = false
    private static let names = ["system.posix_acl_access", "system.nfs4_acl"]

    public init() {}

    /// `lgetxattr(2)`, looked up at run time: Swift's Glibc module does not
    /// declare `<sys/xattr.h>`.
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private static let getAttribute: GetAttribute? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "lgetxattr") else { return nil }
        return unsafeBitCast(symbol, to: GetAttribute.self)
    }()

    public func hasACL(_ path: [UInt8], isDirectory: Bool) -> Bool {
        guard !unsupported, let getAttribute = Self.getAttribute else { return false }
        var path = path
        path.append(0)
        return path.withUnsafeBufferPointer { buffer in
            let cPath = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            for name in Self.names + (isDirectory ? ["system.posix_acl_default"] : []) {
                if getAttribute(cPath, name, nil, 0) > 0 { return true }
                if errno == ENOTSUP { unsupported = true; return false }
            }
            return false
        }
    }
}
