/// Colours for names by kind and extension, read from `LS_COLORS` in the
/// format `dircolors` writes (`di=01;34:ln=01;36:*.tar=01;31`), with the same
/// defaults as GNU `ls` when it is unset.
public struct ColorScheme: Sendable {
    private var byKey: [String: String]
    private var byExtension: [String: String] = [:]

    public static let defaults: [String: String] = [
        "di": "01;34", "ln": "01;36", "pi": "40;33", "so": "01;35", "bd": "40;33;01",
        "cd": "40;33;01", "or": "40;31;01", "ex": "01;32", "su": "37;41", "sg": "30;43",
        "tw": "30;42", "ow": "34;42", "st": "37;44",
    ]

    public init(lsColors: String?) {
        byKey = Self.defaults
        guard let lsColors, !lsColors.isEmpty else { return }
        for item in lsColors.split(separator: ":") {
            guard let equals = item.firstIndex(of: "=") else { continue }
            let key = String(item[..<equals])
            let value = String(item[item.index(after: equals)...])
            if key.hasPrefix("*") {
                byExtension[String(key.dropFirst()).lowercased()] = value
            } else {
                byKey[key] = value
            }
        }
    }

    /// The SGR parameters for an entry, or nil for the terminal's default colour.
    /// `status` is the entry's own `lstat`; `targetMissing` marks a dangling link.
    public func sgr(for kind: FileKind, status: FileStatus?, name: UnsafeBufferPointer<UInt8>, targetMissing: Bool) -> String? {
        switch kind {
        case .directory:
            if let p = status?.permissions {
                if p.contains(.sticky) && p.contains(.otherWrite) { return byKey["tw"] }
                if p.contains(.otherWrite) { return byKey["ow"] }
                if p.contains(.sticky) { return byKey["st"] }
            }
            return byKey["di"]
        case .symlink: return targetMissing ? (byKey["or"] ?? byKey["ln"]) : byKey["ln"]
        case .fifo: return byKey["pi"]
        case .socket: return byKey["so"]
        case .blockDevice: return byKey["bd"]
        case .characterDevice: return byKey["cd"]
        case .file, .unknown:
            if let p = status?.permissions {
                if p.contains(.setUserID) { return byKey["su"] }
                if p.contains(.setGroupID) { return byKey["sg"] }
                if p.isExecutableByAnyone { return byKey["ex"] }
            }
            if !byExtension.isEmpty {
                let text = String(decoding: name, as: UTF8.self).lowercased()
                for (suffix, sgr) in byExtension where text.hasSuffix(suffix) { return sgr }
            }
            return byKey["fi"].flatMap { $0 == "0" || $0 == "00" ? nil : $0 }
        }
    }
}
