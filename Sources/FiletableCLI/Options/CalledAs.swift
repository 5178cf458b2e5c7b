import FileBrowsing
import SystemSeam

/// The peer filetable is run as: through a link named `ls`, `du`, `tree`,
/// `hexdump` or `xxd` (`ln -s "$(command -v filetable)" ~/bin/ls`) it is
/// a drop-in for that tool. It reads that tool's letters (as `--du`,
/// `--tree`, `--hex` and `--xxd` select them) and takes its defaults where
/// filetable's own differ: ls's and tree's name order (byte by byte, the
/// order of the C and C.UTF-8 locales), names and ties compared so in
/// every sort; du's line for every directory; a listing even without a
/// letter (never the session); names quoted as ls quotes them by default
/// (shell-escape at a terminal, literal elsewhere, a control byte still
/// never written raw); ls's `-b` (C escapes) and `--group` (its
/// abbreviation of `--group-directories-first`); the session's `-e` and
/// `-y` refused. Under its own name filetable keeps its defaults (natural
/// order, a PATH's entries largest first, the session).
enum CalledAs: String, CaseIterable, Sendable {
    case ls, du, tree, hexdump, xxd

    /// The peer a program path names (its last component), if any.
    init?(programPath: [UInt8]) {
        // Compared as bytes: every start pays for this, and nearly always finds `filetable`.
        let name = programPath.lastIndex(of: 0x2F).map { programPath[($0 + 1)...] } ?? programPath[...]
        guard let peer = Self.allCases.first(where: { name.elementsEqual($0.rawValue.utf8) }) else { return nil }
        self = peer
    }

    /// The option that selects the peer's letters, put before the arguments
    /// (nil for ls: its letters are filetable's first reading).
    var modeFlag: [UInt8]? {
        switch self {
        case .ls: return nil
        case .du: return Array("--du".utf8)
        case .tree: return Array("--tree".utf8)
        case .hexdump: return Array("--hex".utf8)
        case .xxd: return Array("--xxd".utf8)
        }
    }

    /// The arguments as filetable reads them when run as this peer.
    func arguments(_ given: [[UInt8]]) -> [[UInt8]] {
        modeFlag.map { [$0] + given } ?? given
    }

    /// A long option's name as this peer reads it: ls takes `--group` for
    /// the one option it begins (`--group-directories-first`), where
    /// filetable has a `--group` of its own.
    func longOptionName(_ name: String) -> String {
        self == .ls && name == "group" ? "group-directories-first" : name
    }

    /// A letter as this peer reads it: ls's `-b` is its C escapes (under
    /// filetable's name, the session's batch file), and the session's own
    /// letters (`-e`, `-y`) are not ls's (nil: refused, as ls refuses them).
    func option(short letter: Character, in mode: OptionSpec.Mode) -> OptionSpec? {
        guard self == .ls, mode == .listing else { return OptionTable.option(short: letter, in: mode) }
        switch letter {
        case "b": return OptionTable.option(long: "escape")
        case "e", "y": return nil
        default: return OptionTable.option(short: letter, in: mode)
        }
    }

    /// The peer's defaults over filetable's, where the arguments chose none;
    /// called once every argument is read, before the options settle.
    func adoptDefaults(_ options: inout CommandLineOptions) {
        switch self {
        case .ls, .tree:
            options.listOptions.namesInByteOrder = true
            // In a collating locale (en_US.UTF-8) names in its order, as ls's and tree's strcoll;
            // asked here, on the main thread before any other starts (it sets the locale and back).
            options.listOptions.namesByCollation = UserCollation.isActive
            if !options.sortChosen { options.listOptions.sortKey = .bytes }
            if self == .ls {
                options.listsWithoutLetters = true
                // ls's default format: columns at a terminal, whatever other letters say; no colour unless --color.
                if !options.formatChosen && StandardStream.output.isTerminal { options.format = .columns }
                if !options.colours.colorChosen { options.colours.color = .never }
                // ls's names: shell-escape at a terminal, literal elsewhere (control bytes still `?`, never raw);
                // `--dired` keeps its own choice (exact bytes into a pipe).
                if options.names.quoting == nil && !options.dired {
                    options.names.quoting = StandardStream.output.isTerminal ? .shellEscape : .literal
                }
            }
        case .du:
            // du's shape: every directory's line, in du's order (`-d` with no limit); -s, -d N and --depth N still choose.
            if options.du.depth == nil && options.maxDepth == nil { options.du.depth = .max }
        case .hexdump, .xxd:
            break
        }
    }
}
