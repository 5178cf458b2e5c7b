import Glibc

/// The system's user and group names for ids (`getpwuid_r`, `getgrgid_r`),
/// as the bytes the database holds; nil when the id has no name. Callers
/// cache and escape them (`AccountNames`).
public enum AccountDatabase {
    public static func userName(_ uid: UInt32) -> [UInt8]? {
        lookUp { buffer, size in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>? = nil
            guard getpwuid_r(uid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.pw_name else { return nil }
            return bytes(raw)
        }
    }

    public static func groupName(_ gid: UInt32) -> [UInt8]? {
        lookUp { buffer, size in
            var entry = group()
            var result: UnsafeMutablePointer<group>? = nil
            guard getgrgid_r(gid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.gr_name else { return nil }
            return bytes(raw)
        }
    }

    private static func bytes(_ raw: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
    }

    private static func lookUp(_ body: (UnsafeMutablePointer<CChar>, Int) -> [UInt8]?) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: 16384)
        return buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }
}
