import FileBrowsing
import HexDump
import SystemSeam

/// What the command line asked for, after parsing.
struct CommandLineOptions {
    /// How each entry is printed.
    enum Format: Equatable {
        /// One escaped name a line (`-1`).
        case oneLine
        /// `ls -l` columns (`-l`).
        case long
        /// One JSON object per entry per line (`--json`).
        case json
        /// Exact names separated by NUL (`-0`).
        case print0
        /// Names in columns, filled down then across (`-C`).
        case columns
        /// Names in columns, filled across then down (`-x`).
        case across
        /// Names separated by `, `, lines filled to the width (`-m`).
        case commas
    }

    /// When to colour names.
    enum ColorMode: String {
        case auto, always, never

        /// ls's words for WHEN (`OptionTable.colorWords`): always, yes,
        /// force; never, no, none; anything else (auto, tty, if-tty) auto.
        init(word: String) {
            switch OptionTable.meaning(ofWord: word) {
            case "always": self = .always
            case "never": self = .never
            default: self = .auto
            }
        }
    }

    var format = Format.oneLine
    /// How names are written: quoting, indicators, control characters, the line's end.
    var names = NameOptions()
    /// When names are coloured and linked.
    var colours = ColourOptions()
    /// Which time a listing shows and how it is written.
    var times = TimeOptions()
    /// What `--du` was asked (du's letters), and the REPL's `du` reads the same.
    var du = DuOptions()
    /// What `--tree` was asked (tree's letters).
    var treeDrawing = TreeDrawingOptions()
    /// What a hex dump was asked (`--hex`, hexdump's letters, and `--xxd`'s alike).
    var dump = DumpOptions()
    /// What `--xxd` was asked beyond the dump's common options (xxd's letters).
    var xxd = XxdOptions()
    /// What `--dupes` was asked.
    var copies = CopiesOptions()
    /// How the session runs (the REPL's options).
    var repl = ReplOptions()
    /// Which of `-l`'s columns show, and how.
    var longColumns = LongColumnOptions()
    /// Whether any listing-format flag was given (a later REPL starts otherwise).
    var formatRequested = false
    /// Lists as ls does even without a format flag (run as `ls`: `CalledAs`).
    var listsWithoutLetters = false
    var recursive = false
    var maxDepth: Int?
    /// `--prune`: --tree and -R leave out directories with no file below.
    var prunesEmptyDirectories = false
    var listOptions = ListOptions()
    /// How `-l` writes sizes (`-h`, `--si`, `--block-size`); nil for bytes, or the environment's.
    var sizeUnit: SizeUnit?
    /// How `-s` and `total` write allocated space (`-k`, and the options above); nil for the default.
    var blockUnit: SizeUnit?
    /// The width `-C` and `-x` fill (`--width`; 0 for no limit); nil to ask `COLUMNS` and the terminal.
    var lineWidth: Int?
    /// Tab stops `-C` and `-x` align with (`--tabsize`, `TABSIZE`; 0 for spaces only).
    var tabSize = UserNumber.environment("TABSIZE", in: UserNumber.tabSize) ?? 8
    /// `--one-file-system`: `--du` stays on PATH's file system.
    var oneFileSystem = false
    /// `--apparent-size`: `--du` counts bytes in files, not blocks allocated.
    var apparentSize = false
    /// `--dired` (`-D`): names' places after a long listing, for Emacs (`DiredLog`).
    var dired = false
    /// Directories named on the command line are listed as themselves (`-d`).
    var listsDirectoriesThemselves = false
    /// An order was asked for (`-S`, `-t`, `-X`, `-U`, `--sort`).
    var sortChosen = false

    /// `-F`, `-p`, `--file-type`, `--indicator-style WORD`: the last one given wins, as in ls.
    mutating func setIndicators(_ style: NameDecoration.IndicatorStyle?) {
        names.typeIndicators = style != nil
        if let style { names.indicatorStyle = style }
    }
    var followSymlinks = false
    /// ls's `-H`: links named as operands are followed, the others not.
    var dereferencesOperands = false
    /// The modes the options selecting one asked for (`--du`, `--hex`…).
    var modesAsked: Set<ProgramMode> = []
    /// The one mode this run is in, chosen from `modesAsked` and the format
    /// letters once every argument is read (`ProgramMode.chosen`).
    var mode = ProgramMode.session
    /// `--tree`: tree's drawing instead of ls's listing.
    var tree: Bool { mode == .tree }
    /// Something to print instead of browsing: help, the version, the man page, a completion script.
    enum Request: Equatable {
        /// `xxdVersion`: xxd's `-v`, a line to standard error.
        case none, help, version, xxdVersion, manual
        case completion(String)
    }
    var request = Request.none
    /// Whether any operand was given (the hex dump reads standard input without).
    var operandsGiven = false
    /// The operands as bytes; `.` when none were given.
    var paths: [[UInt8]] = []

    mutating func sortBy(_ key: SortKey) {
        listOptions.sortKey = key
        sortChosen = true
    }

    /// What ls decides once every option is read: `-u` or `-c` without `-l`
    /// sorts by that time unless another order was asked for; `-U` keeps
    /// directory order whole (no `-r`, no directories first).
    mutating func settle() {
        if mode == .xxd && !dump.formatChosen { dump.formatName = "xxd" }
        // As tree: the locale chooses the lines and how names are written.
        if tree {
            if !treeDrawing.charsetChosen { treeDrawing.asciiLines = !UserLocale.isUTF8 }
            if names.quoting == nil { names.quoting = UserLocale.isUTF8 ? .treeCharacters : .treeBytes }
        }
        if times.fieldAsked && format != .long && !sortChosen { listOptions.sortKey = .time }
        // Dired reads names back by their bytes: ls's names.quoting where it writes (names exact into a pipe, shell-escape at a terminal).
        if dired && format == .long && names.quoting == nil { names.quoting = StandardStream.output.isTerminal ? .shellEscape : .exact }
        if listOptions.sortKey == .none {
            listOptions.reversed = false
            listOptions.directoriesFirst = false
            listOptions.filesFirst = false
        }
    }

    /// `-u`, `-c`: the time shown and sorted by.
    mutating func chooseTime(_ field: TimeField) {
        listOptions.timeField = field
        times.fieldAsked = true
    }

    /// `-h`, `--si`, `--block-size`: sizes and allocated space alike.
    mutating func setSizeUnit(_ unit: SizeUnit) {
        sizeUnit = unit
        blockUnit = unit
    }

    /// `--time-style WORD` or `+FORMAT`.
    mutating func setTimeStyle(_ word: String) {
        times.layout = TimeFormat.Layout(word) ?? .style(.locale)
        times.styleChosen = true
    }

    mutating func setFormat(_ format: Format) {
        self.format = format
        formatRequested = true
        formatChosen = true
    }

    /// A format letter or word was given (`-1`, `-l`, `-C`, `--format`), not
    /// only a letter that lists (`-d`, `-R`): run as ls, the rest list in
    /// columns at a terminal, as ls does.
    var formatChosen = false
}

/// A command line that cannot be run, with the message to print (exit status 2)
/// and a second line saying what to do (valid words, or where help is).
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    var hint: String?
    /// The exit status it gives: 2, as a bad option; 1 for a word ls's
    /// argmatch does not know (`ls --sort=bogus` exits 1).
    var status = ExitStatus.seriousTrouble

    init(message: String, hint: String? = nil, status: ExitStatus = .seriousTrouble) {
        self.message = message
        self.hint = hint
        self.status = status
    }

    /// The usual hint after a misspelt or incomplete option.
    static let seeHelp = "Try 'filetable --help' for more information."

    var description: String { hint.map { message + "\n" + $0 } ?? message }
}

/// One of hexdump's ways to say what to draw, in the order given.
enum HexdumpFormatSource: Equatable {
    /// `-b -c -d -o -x -C`: the view's own format strings.
    case view(HexdumpView)
    /// `-e FORMAT`, `--format FORMAT`.
    case string([UInt8])
    /// `-f FILE`, `--format-file FILE`: a string a line.
    case file([UInt8])

    /// The view, when this is one.
    var view: HexdumpView? {
        if case .view(let view) = self { return view }
        return nil
    }

    /// A format string or file, not a view.
    var isWritten: Bool { view == nil }
}
