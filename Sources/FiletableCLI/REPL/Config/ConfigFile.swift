import FileBrowsing
import SystemSeam
import Terminal

/// A config file read: the settings to apply and the screen's key maps, in
/// the order written, and the mistakes (`FILE:LINE: reason`), each a line
/// for the user; what is right in the file is kept.
struct ConfigFile {
    /// `set NAME VALUE`: the setting and its value as written.
    var settings: [(line: Int, setting: ConfigSetting, value: String)] = []
    /// `map KEY COMMAND`: the key and the prompt command line it runs.
    var keyMaps: [Key: String] = [:]
    var mistakes: [String] = []

    /// The file the session reads: `--config FILE`, else
    /// `$XDG_CONFIG_HOME/filetable/config`, else `$HOME/.config/filetable/config`;
    /// nil with `--no-config`, or with neither variable set.
    static func location(given: [UInt8]?, reads: Bool, environment: (String) -> String?) -> [UInt8]? {
        guard reads else { return nil }
        if let given { return given }
        if let base = environment("XDG_CONFIG_HOME"), base.hasPrefix("/") { return Array((base + "/filetable/config").utf8) }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return Array((home + "/.config/filetable/config").utf8)
    }

    /// Reads `path`; a missing file is no mistake unless it was named
    /// (`required`: `--config FILE`).
    static func read(_ path: [UInt8], required: Bool) -> ConfigFile {
        var config = ConfigFile()
        switch Descriptor.readWhole(path) {
        case .success(let bytes): config.parse(NameEscaping.typedText(bytes), name: NameEscaping.escape(path))
        case .failure(.noSuchFileOrDirectory) where !required: break
        case .failure(let errno): config.mistakes.append("\(NameEscaping.escape(path)): \(errno)")
        }
        return config
    }

    /// Reads the lines of `text`, saying mistakes as `name:LINE: reason`.
    mutating func parse(_ text: String, name: String) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw).trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
            let number = index + 1
            switch words[0].lowercased() {
            case "set":
                guard words.count == 3, let setting = ConfigSetting.named(words[1]) else {
                    let known = ConfigSetting.all.map(\.name).joined(separator: ", ")
                    mistakes.append("\(name):\(number): 'set NAME VALUE', NAME one of \(known)")
                    continue
                }
                settings.append((number, setting, words[2].trimmingSpaces))
            case "map":
                guard words.count == 3, let key = Self.key(named: words[1]) else {
                    mistakes.append("\(name):\(number): 'map KEY COMMAND': KEY is a character, C-x, or a name such as Enter or PgDn")
                    continue
                }
                keyMaps[key] = words[2].trimmingSpaces
            default:
                mistakes.append("\(name):\(number): '\(words[0])' is not 'set' or 'map'")
            }
        }
    }

    /// The key a config names: one character, `C-x`, or a key's name.
    static func key(named name: String) -> Key? {
        let named: [String: Key] = [
            "enter": .enter, "tab": .tab, "backspace": .backspace, "delete": .delete, "up": .up, "down": .down, "left": .left, "right": .right,
            "home": .home, "end": .end, "pgup": .pageUp, "pgdn": .pageDown, "space": .text(" "), "esc": .escape,
        ]
        if name.count == 1 { return .text(name) }
        if name.lowercased().hasPrefix("c-"), name.count == 3, let letter = name.last?.lowercased().first, letter.isLetter {
            return .control(letter)
        }
        return named[name.lowercased()]
    }
}
