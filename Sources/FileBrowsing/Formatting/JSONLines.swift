/// One JSON object per entry, for scripts: exact names, every field typed.
///
/// Keys, where they apply: name, path, type, size, mode, permissions, nlink,
/// uid, gid, user, group, inode, mtime, target, name_hex (only for names that
/// are not valid UTF-8). An entry that cannot be read becomes
/// `{"path": …, "error": …}`.
public final class JSONLines {
    private let accounts = AccountNames()

    public init() {}

    /// The object for one row of a model.
    public func object(forRow row: Int, in model: DirectoryListModel) -> String {
        let name = model.name(ofRow: row)
        let path = model.path(ofRow: row)
        switch model.status(ofRow: row) {
        case .failure(let errno):
            return "{\"path\":\(Self.string(path)),\"error\":\(Self.string(Array(errno.description.utf8)))}"
        case .success(let s):
            var fields: [(String, String)] = [
                ("name", Self.string(name)),
                ("path", Self.string(path)),
                ("type", "\"\(s.kind.jsonName)\""),
                ("size", String(s.size)),
                ("mode", "\"\(s.permissions.octal)\""),
                ("permissions", "\"\(s.permissions.lsString(kind: s.kind))\""),
                ("nlink", String(s.linkCount)),
                ("uid", String(s.userID)),
                ("gid", String(s.groupID)),
                ("user", Self.string(Array(accounts.userName(s.userID).utf8))),
                ("group", Self.string(Array(accounts.groupName(s.groupID).utf8))),
                ("inode", String(s.inode)),
                ("mtime", "\"\(TimeFormat.rfc3339(s.modificationTime))\""),
            ]
            if s.kind == .symlink, case .success(let target) = model.linkTarget(ofRow: row) {
                fields.append(("target", Self.string(target)))
            }
            if !UTF8Validation.isValid(name) {
                fields.append(("name_hex", "\"" + name.map { Self.hexByte($0) }.joined() + "\""))
            }
            return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string for bytes: invalid UTF-8 is replaced by U+FFFD (the exact
    /// bytes are in `name_hex`), control characters are escaped.
    public static func string(_ bytes: [UInt8]) -> String {
        var out = "\""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
