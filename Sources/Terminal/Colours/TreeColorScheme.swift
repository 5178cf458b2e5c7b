import SystemSeam

/// Colours for names as `tree -C` chooses them, which is not as `ls` does:
/// read from `TREE_COLORS`, else `LS_COLORS` (else, when forced, tree's own
/// table), with no built-in colour for a key the setting leaves out (`ls`
/// has its own for `pi`, `ex` and more), a key that is set used whatever
/// its value but empty (`ls` skips `00`), extensions matched exactly, the
/// one defined last first (`ls` folds case), and a link's target coloured
/// by what it is. Values are taken as written, without dircolors' escapes,
/// as tree takes them; a colour is `lc` COLOUR `rc` (`ESC[` and `m`) and a
/// coloured name ends with `ec` (else `lc` `rs` `rc`, `ESC[0m`).
/// A class, so a listing that asks for it on every row passes a pointer.
public final class TreeColorScheme: Sendable {
    private let byKey: [String: String]
    /// Extensions (with their `.`) and their colours, the last defined first.
    private let byExtension: [(suffix: [UInt8], sgr: String)]
    /// What starts and ends a colour, and what ends a coloured name.
    public let left: String
    public let right: String
    public let end: String

    /// The scheme `setting` describes (dircolors' `key=value:` list, split
    /// at every `:` and `=` as tree splits it); nil when it is empty.
    public init?(setting: String?) {
        guard let setting, !setting.isEmpty else { return nil }
        var byKey: [String: String] = [:]
        var byExtension: [(suffix: [UInt8], sgr: String)] = []
        for item in setting.split(separator: ":") {
            let parts = item.split(separator: "=")
            // tree reads `fi=` (no value) as not set at all.
            guard parts.count >= 2 else { continue }
            let key = String(parts[0])
            if key.hasPrefix("*") {
                byExtension.insert((Array(key.utf8.dropFirst()), String(parts[1])), at: 0)
            } else {
                byKey[key] = String(parts[1])
            }
        }
        self.byKey = byKey
        self.byExtension = byExtension
        left = byKey["lc"] ?? "\u{1B}["
        right = byKey["rc"] ?? "m"
        end = byKey["ec"] ?? left + (byKey["rs"] ?? "0") + right
    }

    /// tree's own table, for `-C` (or `CLICOLOR`) when neither variable
    /// says anything: kinds, then programs' extensions green, archives'
    /// red, images' and sounds' magenta (in tree's order, upper case too).
    public static let builtIn: String = {
        let kinds = "no=00:rs=0:fi=00:di=01;34:ln=01;36:pi=40;33:so=01;35:bd=40;33;01:cd=40;33;01:or=40;31;01:ex=01;32"
        let programs = "bat BAT btm BTM cmd CMD com COM dll DLL exe EXE"
        let archives = "arj bz2 deb gz lzh rpm tar taz tb2 tbz2 tbz tgz tz2 z Z zip ZIP zoo"
        let media =
            "asf ASF avi AVI bmp BMP flac FLAC gif GIF jpg JPG jpeg JPEG m2a M2a m2v M2V mov MOV mp3 MP3 mpeg MPEG mpg MPG ogg OGG ppm rm RM "
            + "tga TGA tif TIF wav WAV wmv WMV xbm xpm"
        let extensions = [(programs, "01;32"), (archives, "01;31"), (media, "01;35")].flatMap { names, colour in
            names.split(separator: " ").map { "*.\($0)=\(colour)" }
        }
        return ":" + kinds + ":" + extensions.joined(separator: ":") + ":"
    }()

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
