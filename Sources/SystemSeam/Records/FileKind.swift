/// What kind of file an entry is, from a directory's `d_type` or a `stat` mode.
public enum FileKind: UInt8, Sendable, CaseIterable {
    case file, directory, symlink, fifo, socket, characterDevice, blockDevice, unknown

    /// The word `--json` uses: file, directory, symlink, fifo, socket, char, block, unknown.
    public var jsonName: String {
        switch self {
        case .file: return "file"
        case .directory: return "directory"
        case .symlink: return "symlink"
        case .fifo: return "fifo"
        case .socket: return "socket"
        case .characterDevice: return "char"
        case .blockDevice: return "block"
        case .unknown: return "unknown"
        }
    }

    /// The first character of an `ls -l` permission string.
    public var modeCharacter: Character {
        switch self {
        case .file: return "-"
        case .directory: return "d"
        case .symlink: return "l"
        case .fifo: return "p"
        case .socket: return "s"
        case .characterDevice: return "c"
        case .blockDevice: return "b"
        case .unknown: return "?"
        }
    }

    /// The `ls -F` indicator (the executable `*` needs the mode and is decided elsewhere).
    public var indicator: String {
        switch self {
        case .directory: return "/"
        case .symlink: return "@"
        case .fifo: return "|"
        case .socket: return "="
        default: return ""
        }
    }
}
