import Glibc

/// User and group names for ids, looked up once per id (`getpwuid_r`,
/// `getgrgid_r`), escaped as names are; an id with no name shows as its
/// number, as `ls` does (right-aligned in `-l`, so callers can ask whether
/// there is a name).
public final class AccountNames {
    private var users: [UInt32: String?] = [:]
    private var groups: [UInt32: String?] = [:]

    public init() {}

    public func userName(_ uid: UInt32) -> String { userName(for: uid) ?? String(uid) }

    public func groupName(_ gid: UInt32) -> String { groupName(for: gid) ?? String(gid) }

    /// The user's name, nil when the id has none.
    public func userName(for uid: UInt32) -> String? {
        if let known = users[uid] { return known }
        let name = Self.lookUp { buffer, size in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>? = nil
            guard getpwuid_r(uid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.pw_name else { return nil }
            return Self.escaped(raw)
        }
        users[uid] = .some(name)
        return name
    }

    /// The group's name, nil when the id has none.
    public func groupName(for gid: UInt32) -> String? {
        if let known = groups[gid] { return known }
        let name = Self.lookUp { buffer, size in
            var entry = group()
            var result: UnsafeMutablePointer<group>? = nil
            guard getgrgid_r(gid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.gr_name else { return nil }
            return Self.escaped(raw)
        }
        groups[gid] = .some(name)
        return name
    }

    private static func escaped(_ raw: UnsafePointer<CChar>) -> String {
        NameEscaping.escape(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
    }

    private static func lookUp(_ body: (UnsafeMutablePointer<CChar>, Int) -> String?) -> String? {
        var buffer = [CChar](repeating: 0, count: 16384)
        return buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }
}
