import Glibc

/// What kind of file an entry is, from a directory's `d_type` or a `stat` mode.
public enum FileKind: UInt8, Sendable, CaseIterable {
    case file, directory, symlink, fifo, socket, characterDevice, blockDevice, unknown

    /// From `readdir`'s `d_type`; `.unknown` where the file system does not say.
    public init(directoryType: UInt8) {
        switch Int32(directoryType) {
        case Int32(DT_REG): self = .file
        case Int32(DT_DIR): self = .directory
        case Int32(DT_LNK): self = .symlink
        case Int32(DT_FIFO): self = .fifo
        case Int32(DT_SOCK): self = .socket
        case Int32(DT_CHR): self = .characterDevice
        case Int32(DT_BLK): self = .blockDevice
        default: self = .unknown
        }
    }

    /// From the type bits of `st_mode`.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symlink
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .unknown
        }
    }

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
