import SystemSeam

/// Colours for names by kind and extension, read from `LS_COLORS` in the
/// format `dircolors` writes (`di=01;34:ln=01;36:*.tar=01;31`), chosen as
/// GNU `ls` chooses them: its built-in colours where `LS_COLORS` says
/// nothing, a special kind (`ow`, `su`, `ex`, `mh`, `or`...) only when its
/// colour is not empty, `0` or `00`, and `ln=target` colouring a link as
/// what it points to.
/// A class: a listing asks it about every row through the file model's
/// `NameColouring`, and a reference crosses that boundary for a retain,
/// where a struct of two dictionaries was copied a row (3% of `-l --color`).
public final class ColorScheme: Sendable {
    private let byKey: [String: String]
    private let byExtension: [String: String]

    /// ls's built-in colours (ls.c), used for every key `LS_COLORS` leaves out.
    public static let defaults: [String: String] = [
        "di": "01;34", "ln": "01;36", "pi": "33", "so": "01;35", "bd": "01;33", "cd": "01;33", "ex": "01;32", "do": "01;35",
        "su": "37;41", "sg": "30;43", "st": "37;44", "ow": "34;42", "tw": "30;42",
    ]

    public init(lsColors: String?) {
        var byKey = Self.defaults
        var byExtension: [String: String] = [:]
        // Values in dircolors' escapes, read as ls reads them.
        for (key, value) in LsColorIndicators.settings(of: lsColors ?? "") {
            if key.hasPrefix("*") {
                byExtension[String(key.dropFirst()).lowercased()] = value
            } else {
                byKey[key] = value
            }
        }
        self.byKey = byKey
        self.byExtension = byExtension
    }

    /// `ln=target`: a link is coloured as what it points to (its own name
    /// still picks the extension's colour), a dangling one as `or`.
    public var coloursLinksAsTargets: Bool { byKey["ln"] == "target" }

    /// The colours of a link target that is missing (`mi`) and of an
    /// orphan (`or`), as given (nil when not set).
    public var missing: String? { byKey["mi"] }
    public var orphan: String? { byKey["or"] }

    public var missingTargetColour: String? { isColored("mi") ? missing : orphan }

    public var needsLinkTargetModes: Bool { isColored("or") || isColored("mi") || (isColored("ex") && coloursLinksAsTargets) }

    /// `no=` colours every name (ls's `is_colored (C_NORM)`).
    public var normalIsColored: Bool { isColored("no") }

    /// How colour sequences start and end, read from the same setting
    /// (`lc`, `rc`, `ec`, `rs`, `no`, `cl`).
    public var indicators: LsColorIndicators { LsColorIndicators(values: byKey) }

    /// ls's `is_colored`: set, and not empty, `0` or `00`.
    public func isColored(_ key: String) -> Bool {
        guard let value = byKey[key] else { return false }
        return !(value.isEmpty || value == "0" || value == "00")
    }

    /// The SGR parameters for an entry, or nil for no colour sequence at all
    /// (an empty string still writes ls's `ESC[m`). `status` is the entry's
    /// own `lstat` (for a link coloured as its target, the target's);
    /// `targetMissing` marks a dangling link.
    public func parameters(for kind: FileKind, status: FileStatus?, name: UnsafeBufferPointer<UInt8>, targetMissing: Bool) -> String? {
        switch kind {
        case .directory:
            if let p = status?.permissions {
                if p.contains(.sticky) && p.contains(.otherWrite) && isColored("tw") { return byKey["tw"] }
                if p.contains(.otherWrite) && isColored("ow") { return byKey["ow"] }
                if p.contains(.sticky) && isColored("st") { return byKey["st"] }
            }
            return byKey["di"]
        case .symlink:
            if targetMissing && (coloursLinksAsTargets || isColored("or")) { return byKey["or"] }
            return coloursLinksAsTargets ? nil : byKey["ln"]
        case .fifo: return byKey["pi"]
        case .socket: return byKey["so"]
        case .blockDevice: return byKey["bd"]
        case .characterDevice: return byKey["cd"]
        case .file, .unknown:
            if let status {
                let p = status.permissions
                if p.contains(.setUserID) && isColored("su") { return byKey["su"] }
                if p.contains(.setGroupID) && isColored("sg") { return byKey["sg"] }
                if p.isExecutableByAnyone && isColored("ex") { return byKey["ex"] }
                if status.linkCount > 1 && isColored("mh") { return byKey["mh"] }
            }
            if !byExtension.isEmpty {
                let text = String(decoding: name, as: UTF8.self).lowercased()
                for (suffix, sgr) in byExtension where text.hasSuffix(suffix) { return sgr }
            }
            return byKey["fi"]
        }
    }
}
