/// What one run of filetable does. An option of the table that selects a
/// mode (`--du`, `--tree`, `--hex`…) says so in `CommandLineOptions.modesAsked`;
/// once every argument is read, the parser chooses the one mode here and
/// asks it to validate the options it is given, so `FiletableCommand`
/// switches on one value and no mode is ever dropped in silence.
///
/// Each mode reads its own concern of the options: `du` its `DuOptions`,
/// `tree` its `TreeDrawingOptions`, the dumps `DumpOptions` (and `XxdOptions`),
/// `copies` its `CopiesOptions`, the session its `ReplOptions`.
/// (`OptionSpec.Mode` is a different question, asked before any argument
/// is read: whose letters the parser reads, ls's or a peer's.)
enum ProgramMode: Equatable, Sendable, CaseIterable {
    /// ls's listings: a format letter (`-l`, `-R`, `--json`), or run as `ls`.
    case listing
    /// `--tree`: tree's drawing and letters.
    case tree
    /// `--du`: what each entry takes, du's letters.
    case du
    /// `--dupes`: files with identical contents.
    case copies
    /// `--compare A B`: as `diff -rq`.
    case compare
    /// `--cat`: the operands' bytes.
    case cat
    /// `--hex`: hexdump's letters and layouts.
    case hexdump
    /// `--xxd`: xxd's letters and layouts.
    case xxd
    /// No mode and no format letter: the session (the prompt, or the
    /// screen); a standard input that holds no command lists as ls instead.
    case session

    /// The option that selects the mode, as messages name it.
    var flag: String {
        switch self {
        case .listing: return "a listing letter"
        case .tree: return "--tree"
        case .du: return "--du"
        case .copies: return "--dupes"
        case .compare: return "--compare"
        case .cat: return "--cat"
        case .hexdump: return "--hex"
        case .xxd: return "--xxd"
        case .session: return "the session"
        }
    }

    /// Whether the mode lists, dumps or compares and ends, rather than
    /// browsing: it may run in a child where a file system can hang.
    var listsAndEnds: Bool { self != .session }

    /// Whether the mode dumps bytes in hex (hexdump's or xxd's layouts).
    var dumps: Bool { self == .hexdump || self == .xxd }

    /// The one mode `options` ask for. Two modes asked are refused by name
    /// (`--du and --dupes are two modes; give one`), except `--hex` with
    /// `--xxd`, which `DumpLayoutChoice` refuses in the dumps' own words.
    static func chosen(by options: CommandLineOptions) throws(UsageError) -> ProgramMode {
        var asked = options.modesAsked
        if asked.contains(.xxd) { asked.remove(.hexdump) }
        let named = allCases.filter(asked.contains)
        if named.count > 1 {
            let hint =
                named.contains(.tree) && named.contains(.du)
                ? "tree's own --du (directory sizes in the drawing) is not offered yet; --du alone lists them as du does." : nil
            throw UsageError(message: "\(named[0].flag) and \(named[1].flag) are two modes; give one", hint: hint)
        }
        if let only = named.first { return only }
        return options.formatRequested || options.listsWithoutLetters ? .listing : .session
    }

    /// What the mode refuses in the options it is given, as a usage error:
    /// a format letter to `--cat`, dired's places with NUL-ended lines,
    /// tree's JSON with what it cannot draw, `--git` without `-l`, `--choose-dir` where no session
    /// ends. The dumps' layout conflicts are checked by `DumpLayoutChoice`,
    /// which needs the arguments as given.
    func validate(_ options: CommandLineOptions) throws(UsageError) {
        if self != .session, options.repl.chooseDirFile != nil {
            throw UsageError(message: "--choose-dir writes where a session ends; this command line lists and ends (drop its letters to browse)")
        }
        if self != .session, options.repl.chooseFilesFile != nil {
            throw UsageError(message: "--choose-files picks files in a session; this command line lists and ends (drop its letters to browse)")
        }
        if options.longColumns.git && self != .du && (self != .listing || options.format != .long) {
            throw UsageError(
                message: "--git shows a column of the long listing; add -l (filetable -l --git DIR), or with --du the work trees' ignored bytes")
        }
        if options.dump.revision != nil && self != .cat && !dumps && self != .listing && self != .tree {
            throw UsageError(
                message:
                    "--rev lists a revision's directories (-1, -l, -C, -R, --tree) and reads its files (--cat, --hex, --xxd); rev REV at the prompt opens one"
            )
        }
        if options.dump.revision != nil && options.prunesEmptyDirectories {
            throw UsageError(message: "--prune reads the tree on disk; it is not built for --rev (-P without it draws every directory)")
        }
        switch self {
        case .cat where options.formatRequested:
            throw UsageError(message: "--cat writes files' bytes; it takes no listing format letter")
        case .listing where options.dired && options.format == .long && options.names.lineEnd == 0:
            // As ls: dired's places count lines, which NUL-ended lines do not make.
            throw UsageError(message: "--dired and --zero are incompatible")
        case .tree where options.treeDrawing.json && (options.followSymlinks || options.prunesEmptyDirectories):
            throw UsageError(
                message: "--tree -J cannot be combined with \(options.followSymlinks ? "-l" : "--prune") yet",
                hint: "The JSON drawing covers -a -d -f -i -I -L -P and the details; draw links followed or pruned trees as text.")
        default:
            break
        }
    }
}
