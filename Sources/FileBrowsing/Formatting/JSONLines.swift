/// One JSON object per entry, for scripts: exact names, every field typed.
///
/// Keys, where they apply: name, path, type, size, mode, permissions, nlink,
/// uid, gid, user, group, inode, mtime, target, and name_hex, path_hex and
/// target_hex (the exact bytes, only where they are not valid UTF-8). Strings
/// escape controls and the characters `NameEscaping` escapes as `\uXXXX`, so
/// the lines are safe to read on a terminal and still exact. An entry that
/// cannot be read becomes `{"path": …, "error": …}`.
public final class JSONLines {
    private let accounts = AccountNames()

    public init() {}

    /// The object for one row of a model.
    public func object(forRow row: Int, in model: any FileRows) -> String {
        let name = model.name(ofRow: row)
        let path = model.path(ofRow: row)
        switch model.status(ofRow: row) {
        case .failure(let errno):
            let exact = Self.hexField("path_hex", path).map { "," + $0 } ?? ""
            return "{\"path\":\(Self.string(path))\(exact),\"error\":\(Self.string(Array(errno.description.utf8)))}"
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
            var target: [UInt8]?
            if s.kind == .symlink, case .success(let bytes) = model.linkTarget(ofRow: row) {
                fields.append(("target", Self.string(bytes)))
                target = bytes
            }
            var object = "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
            for (key, bytes) in [("name_hex", name), ("path_hex", path), ("target_hex", target ?? [])] {
                if let exact = Self.hexField(key, bytes) { object += "," + exact }
            }
            return object + "}"
        }
    }

    /// A JSON string for bytes: invalid UTF-8 is replaced by U+FFFD (the exact
    /// bytes are in `name_hex`), control characters and the characters
    /// `NameEscaping` escapes are `\uXXXX` (a surrogate pair past U+FFFF).
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
                if scalar.value < 0x20 || scalar.value == 0x7F || NameEscaping.needsEscape(scalar) {
                    // JSON's `\uXXXX` holds one UTF-16 unit: a scalar past
                    // U+FFFF (a tag character, U+E0041) is its surrogate pair.
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `"key":"hex"` with the exact bytes, for a name or path that is not
    /// valid UTF-8 (its string field then holds U+FFFD); nil for valid UTF-8.
    public static func hexField(_ key: String, _ bytes: [UInt8]) -> String? {
        guard !UTF8Validation.isValid(bytes) else { return nil }
        return "\"\(key)\":\"" + bytes.map { hexByte($0) }.joined() + "\""
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
