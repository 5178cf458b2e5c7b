import Glibc

/// User and group names for ids, looked up once per id (`getpwuid_r`,
/// `getgrgid_r`); an id with no name shows as its number, as `ls` does.
public final class AccountNames {
    private var users: [UInt32: String] = [:]
    private var groups: [UInt32: String] = [:]

    public init() {}

    public func userName(_ uid: UInt32) -> String {
        if let name = users[uid] { return name }
        let name = Self.lookUp { buffer, size in
            var entry = passwd(), result: UnsafeMutablePointer<passwd>? = nil
            guard getpwuid_r(uid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.pw_name else { return nil }
            return String(cString: raw)
        } ?? String(uid)
        users[uid] = name
        return name
    }

    public func groupName(_ gid: UInt32) -> String {
        if let name = groups[gid] { return name }
        let name = Self.lookUp { buffer, size in
            var entry = group(), result: UnsafeMutablePointer<group>? = nil
            guard getgrgid_r(gid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.gr_name else { return nil }
            return String(cString: raw)
        } ?? String(gid)
        groups[gid] = name
        return name
    }

    private static func lookUp(_ body: (UnsafeMutablePointer<CChar>, Int) -> String?) -> String? {
        var buffer = [CChar](repeating: 0, count: 16384)
        return buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }
}
