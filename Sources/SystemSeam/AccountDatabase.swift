import Glibc

/// The system's user and group names for ids (`getpwuid_r`, `getgrgid_r`),
/// as the bytes the database holds; nil when the id has no name. Callers
/// cache and escape them (`AccountNames`). Any thread may call.
///
/// A static executable (the release binary) cannot load the C library's
/// name-service modules (`systemd`, `ldap`, `sss` in nsswitch.conf): glibc's
/// static `dlopen` of a module built against the shared C library crashed
/// in `_nss_systemd_getpwuid_r`. There the lookups are held to `files`
/// (`/etc/passwd`, `/etc/group`, read by the C library itself), and an id
/// not found there is asked of `getent`, which loads the modules in a
/// process of its own.
public enum AccountDatabase {
    public static func userName(_ uid: UInt32) -> [UInt8]? {
        let found = lookUp { buffer, size in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>? = nil
            guard getpwuid_r(uid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.pw_name else { return nil }
            return bytes(raw)
        }
        return found ?? (isStaticExecutable ? nameFromGetent(database: "passwd", id: uid) : nil)
    }

    public static func groupName(_ gid: UInt32) -> [UInt8]? {
        let found = lookUp { buffer, size in
            var entry = group()
            var result: UnsafeMutablePointer<group>? = nil
            guard getgrgid_r(gid, &entry, buffer, size, &result) == 0, result != nil, let raw = entry.gr_name else { return nil }
            return bytes(raw)
        }
        return found ?? (isStaticExecutable ? nameFromGetent(database: "group", id: gid) : nil)
    }

    /// Whether this process is a static executable (no dynamic loader: the
    /// auxiliary vector's interpreter base is 0). The first look at it holds
    /// the C library's user and group lookups to `files`.
    static let isStaticExecutable: Bool = {
        typealias AuxiliaryValue = @convention(c) (UInt) -> UInt
        typealias ConfigureLookup = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
        let interpreterBase: UInt = 7  // AT_BASE
        guard let auxiliaryValue = CLibrarySymbol.lookUp("getauxval", as: AuxiliaryValue.self), auxiliaryValue(interpreterBase) == 0 else {
            return false
        }
        if let configure = CLibrarySymbol.lookUp("__nss_configure_lookup", as: ConfigureLookup.self) {
            _ = configure("passwd", "files")
            _ = configure("group", "files")
        }
        return true
    }()

    /// The name `getent DATABASE ID` prints (its first field), or nil when
    /// it finds none, is missing, or does not answer within three seconds.
    static func nameFromGetent(database: String, id: UInt32) -> [UInt8]? {
        guard case .success(let line) = ProgramOutput.run("getent", arguments: [Array(database.utf8), Array(String(id).utf8)], deadline: 3)
        else { return nil }
        let name = line.prefix { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "\n") }
        return name.isEmpty || name.count == line.count ? nil : Array(name)
    }

    private static func bytes(_ raw: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
    }

    /// Runs `body` with a buffer for the C library's record, after the
    /// static executable's lookups were held to `files`.
    private static func lookUp(_ body: (UnsafeMutablePointer<CChar>, Int) -> [UInt8]?) -> [UInt8]? {
        _ = isStaticExecutable
        var buffer = [CChar](repeating: 0, count: 16384)
        return buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }
}
