import Glibc

/// Whether a file has an access control list beyond its mode bits, the `+`
/// ls prints after the permissions: a POSIX ACL (`system.posix_acl_access`,
/// or `system.posix_acl_default` on a directory) or an NFSv4 one. One
/// `llistxattr` a file (most files have no extended attributes, and then
/// that one call settles it), then `lgetxattr` for the ACL names only when
/// the file has some. Once a file system says it keeps no extended
/// attributes, no more are asked of it (of its device: a listing can cross
/// into another file system at a mount point, which may keep them; as ls's
/// cache of the device that said so).
public final class AccessControlListCheck {
    private var unsupportedDevices: Set<UInt64> = []

    public init() {}

    /// `lgetxattr(2)`, looked up at run time: Swift's Glibc module does not
    /// declare `<sys/xattr.h>`.
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private static let getAttribute = CLibrarySymbol.lookUp("lgetxattr", as: GetAttribute.self)
    /// `llistxattr(2)`, for the same reason.
    private typealias ListAttributes = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    private static let listAttributes = CLibrarySymbol.lookUp("llistxattr", as: ListAttributes.self)

    /// Whether the file at `path`, on `device`, has an ACL.
    public func hasACL(_ path: [UInt8], isDirectory: Bool, device: UInt64) -> Bool {
        guard unsupportedDevices.isEmpty || !unsupportedDevices.contains(device) else { return false }
        guard let getAttribute = Self.getAttribute, let listAttributes = Self.listAttributes else { return false }
        var path = path
        path.append(0)
        return path.withUnsafeBufferPointer { buffer in
            let cPath = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            // No extended attributes at all (or none to be read): no ACL.
            let listed = listAttributes(cPath, nil, 0)
            if listed < 0 && errno == ENOTSUP { unsupportedDevices.insert(device) }
            if listed <= 0 { return false }
            if getAttribute(cPath, "system.posix_acl_access", nil, 0) > 0 { return true }
            for name in ["system.nfs4_acl"] + (isDirectory ? ["system.posix_acl_default"] : []) {
                if getAttribute(cPath, name, nil, 0) > 0 { return true }
            }
            return false
        }
    }
}
