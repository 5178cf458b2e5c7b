/// The permission bits of a mode, with the `ls -l` and octal renderings.
public struct FilePermissions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue & 0o7777 }

    public static let ownerRead = FilePermissions(rawValue: 0o400)
    public static let ownerWrite = FilePermissions(rawValue: 0o200)
    public static let ownerExecute = FilePermissions(rawValue: 0o100)
    public static let groupRead = FilePermissions(rawValue: 0o40)
    public static let groupWrite = FilePermissions(rawValue: 0o20)
    public static let groupExecute = FilePermissions(rawValue: 0o10)
    public static let otherRead = FilePermissions(rawValue: 0o4)
    public static let otherWrite = FilePermissions(rawValue: 0o2)
    public static let otherExecute = FilePermissions(rawValue: 0o1)
    public static let setUserID = FilePermissions(rawValue: 0o4000)
    public static let setGroupID = FilePermissions(rawValue: 0o2000)
    public static let sticky = FilePermissions(rawValue: 0o1000)

    public var isExecutableByAnyone: Bool { rawValue & 0o111 != 0 }

    /// Four octal digits, such as "0644".
    public var octal: String {
        let digits = String(rawValue, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The ten characters `ls -l` prints, such as "drwxr-sr-t".
    public func lsString(kind: FileKind) -> String {
        var chars: [Character] = [kind.modeCharacter]
        func triple(
            _ r: FilePermissions, _ w: FilePermissions, _ x: FilePermissions,
            special: FilePermissions, set: Character, unset: Character
        ) {
            chars.append(contains(r) ? "r" : "-")
            chars.append(contains(w) ? "w" : "-")
            if contains(special) {
                chars.append(contains(x) ? set : unset)
            } else {
                chars.append(contains(x) ? "x" : "-")
            }
        }
        triple(.ownerRead, .ownerWrite, .ownerExecute, special: .setUserID, set: "s", unset: "S")
        triple(.groupRead, .groupWrite, .groupExecute, special: .setGroupID, set: "s", unset: "S")
        triple(.otherRead, .otherWrite, .otherExecute, special: .sticky, set: "t", unset: "T")
        return String(chars)
    }
}
