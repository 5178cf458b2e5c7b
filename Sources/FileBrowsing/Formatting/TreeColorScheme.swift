/// Colours for names as `tree -C` chooses them, which is not as `ls` does:
/// read from `TREE_COLORS`, else `LS_COLORS`, with no built-in colour for a
/// key the setting leaves out (`ls` has its own for `pi`, `ex` and more), a
/// key that is set used whatever its value but empty (`ls` skips `00`), extensions
/// matched exactly, the one defined last first (`ls` folds case), and a
/// link's target coloured by what it is. tree's built-in table for when
/// neither variable is set is not carried: the caller refuses `-C` then.
/// A class, so a listing that asks for it on every row passes a pointer.
public final class TreeColorScheme: Sendable {
    private let byKey: [String: String]
    /// Extensions (with their `.`) and their colours, the last defined first.
    private let byExtension: [(suffix: [UInt8], sgr: String)]

    /// The scheme `setting` describes (dircolors' `key=value:` list); nil
    /// when it is empty.
    public init?(setting: String?) {
        guard let setting, !setting.isEmpty else { return nil }
        var byKey: [String: String] = [:]
        var byExtension: [(suffix: [UInt8], sgr: String)] = []
        // tree reads `fi=` as not set at all.
        for (key, value) in LsColorIndicators.settings(of: setting) where !value.isEmpty {
            if key.hasPrefix("*") {
                byExtension.insert((Array(key.utf8.dropFirst()), value), at: 0)
            } else {
                byKey[key] = value
            }
        }
        self.byKey = byKey
        self.byExtension = byExtension
    }

    /// The setting tree reads: `TREE_COLORS`, else `LS_COLORS`.
    public static func setting(treeColors: String?, lsColors: String?) -> String? { treeColors ?? lsColors }

    /// `ln=target`: a link's name coloured as what it points to.
    public var coloursLinksAsTargets: Bool { byKey["ln"]?.lowercased() == "target" }

    /// The SGR parameters tree writes before a name, or nil for none.
    /// `status` is the entry's (for a link, its own `lstat`; for a link's
    /// target or with `ln=target`, the target's; nil when missing);
    /// `orphan` marks a link whose target is missing, `isTarget` the
    /// target's text after ` -> `.
    public func sgr(status: FileStatus?, name: UnsafeBufferPointer<UInt8>, orphan: Bool, isTarget: Bool) -> String? {
        if orphan, let colour = byKey[isTarget ? "mi" : "or"] { return colour }
        guard let status else { return byKey["no"] }
        let p = status.permissions
        switch status.kind {
        case .fifo: return byKey["pi"]
        case .characterDevice: return byKey["cd"]
        case .blockDevice: return byKey["bd"]
        case .symlink: return coloursLinksAsTargets ? "01;36" : byKey["ln"]
        case .socket: return byKey["so"]
        case .directory:
            if p.contains(.sticky) {
                if p.contains(.otherWrite), let colour = byKey["tw"] { return colour }
                if !p.contains(.otherWrite), let colour = byKey["st"] { return colour }
            }
            if p.contains(.otherWrite), let colour = byKey["ow"] { return colour }
            return byKey["di"]
        case .file:
            if p.contains(.setUserID), let colour = byKey["su"] { return colour }
            if p.contains(.setGroupID), let colour = byKey["sg"] { return colour }
            if p.isExecutableByAnyone, let colour = byKey["ex"] { return colour }
            for (suffix, sgr) in byExtension {
                let tail = name.count > suffix.count ? UnsafeBufferPointer(rebasing: name[(name.count - suffix.count)...]) : name
                if tail.elementsEqual(suffix) { return sgr }
            }
            return byKey["fi"]
        case .unknown:
            return byKey["no"]
        }
    }
}
