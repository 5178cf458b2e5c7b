import SystemSeam

/// User and group names for ids, looked up once per id
/// (`AccountDatabase`), escaped as names are; an id with no name shows as
/// its number, as `ls` does (right-aligned in `-l`, so callers can ask
/// whether there is a name). Used by one thread at a time.
public final class AccountNames {
    private var users: [UInt32: String?] = [:]
    private var groups: [UInt32: String?] = [:]

    public init() {}

    public func userName(_ uid: UInt32) -> String { userName(for: uid) ?? String(uid) }

    public func groupName(_ gid: UInt32) -> String { groupName(for: gid) ?? String(gid) }

    /// The user's name, nil when the id has none.
    public func userName(for uid: UInt32) -> String? {
        if let known = users[uid] { return known }
        let name = AccountDatabase.userName(uid).map(NameEscaping.escape)
        users[uid] = .some(name)
        return name
    }

    /// The group's name, nil when the id has none.
    public func groupName(for gid: UInt32) -> String? {
        if let known = groups[gid] { return known }
        let name = AccountDatabase.groupName(gid).map(NameEscaping.escape)
        groups[gid] = .some(name)
        return name
    }
}
