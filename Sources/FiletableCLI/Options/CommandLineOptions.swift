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
    /// Whether any listing-format flag was given (a later REPL starts otherwise).
    var formatRequested = false
    /// Lists as ls does even without a format flag (run as `ls`: `CalledAs`).
    var listsWithoutLetters = false
    var recursive = false
    var tree = false
    var maxDepth: Int?
    /// `--prune`: --tree and -R leave out directories with no file below.
    var prunesEmptyDirectories = false
    var listOptions = ListOptions()
    /// How `-l` writes sizes (`-h`, `--si`, `--block-size`); nil for bytes, or the environment's.
    var sizeUnit: SizeUnit?
    /// How `-s` and `total` write allocated space (`-k`, and the options above); nil for the default.
    var blockUnit: SizeUnit?
    /// An allocated-size column first (`-s`).
    var showsAllocatedSize = false
    /// User and group ids as numbers (`-n`).
    var numericIDs = false
    /// The long format's owner column (not with `-g`) and group column (not with `-o`, `-G`).
    var showsOwner = true
    var showsGroup = true
    /// `--author`: -l's author column (the owner, as Linux keeps no other).
    var showsAuthor = false
    /// The width `-C` and `-x` fill (`--width`; 0 for no limit); nil to ask `COLUMNS` and the terminal.
    var lineWidth: Int?
    /// Tab stops `-C` and `-x` align with (`--tabsize`, `TABSIZE`; 0 for spaces only).
    var tabSize = UserNumber.environment("TABSIZE", in: UserNumber.tabSize) ?? 8
    /// `--du`: sizes of trees instead of a listing.
    var spaceUsage = false
    /// tree's `-d`: directories only.
    var treeDirectoriesOnly = false
    /// tree's `-f`: each entry's path, not its name.
    var treeFullPaths = false
    /// tree's `-i`: no drawing before the names.
    var treeNoIndentation = false
    /// tree's `--noreport`: no summary.
    var treeNoReport = false
    /// tree's `-C` (colour always, in tree's colours) or `-n` (never); nil
    /// when neither was given. `-C` wins over `-n` in either order, as in tree.
    var treeColour: Bool?
    /// tree's `-p -u -g -s -h --si -D --timefmt`: the bracket before each name.
    var treeDetails = TreeEntryDetails()
    /// tree's `--charset=ascii`: `|--` and `` `-- `` lines.
    var treeASCIILines = false
    /// `--charset` was given: the locale does not choose the lines.
    var treeCharsetChosen = false
    /// tree's `-J`: the drawing as JSON.
    var treeJSON = false
    /// du's `-s` (0) and `-d N`: how deep `--du` lists entries (`--depth`, 1 or more, otherwise).
    var spaceDepth: Int?
    /// `--du -a`: every entry below, at any depth.
    var spaceListsEverything = false
    /// `-s` was given (du refuses it with `-a`).
    var spaceSummarizes = false
    /// `--du -c`: a grand total line after the PATHs.
    var spaceGrandTotal = false
    /// du's `-t SIZE`: only lines of at least SIZE bytes (at most -SIZE when negative).
    var spaceThreshold: Int64?
    /// `--du --save FILE`: where the scan is kept.
    var spaceSaveFile: [UInt8]?
    /// `--save-format`: how `--save` keeps the scan.
    var spaceSaveFormat = SavedScan.FileFormat.filetable
    /// `--du --since FILE`: the saved scan the tree is compared with.
    var spaceSinceFile: [UInt8]?
    /// `--du --load FILE`: the saved scan listed instead of a scan.
    var spaceLoadFile: [UInt8]?
    /// du's `-l`, `-S`, `--inodes`, `--exclude`, `-D`/`-H`, `--files0-from`.
    var spaceCountsEveryLink = false
    var spaceSeparatesDirectories = false
    var spaceCountsInodes = false
    var spaceExcluded: [GlobPattern] = []
    /// `--du --exclude-from FILE` (`-X`): files of patterns, read when the scan starts.
    var spaceExcludeFiles: [[UInt8]] = []
    var spaceFollowsOperandLinks = false
    /// `--du -L`: every link followed, each file and directory counted once.
    var spaceFollowsLinks = false
    var spaceOperandsFile: [UInt8]?
    /// `--dupes`: files with identical contents.
    var findsCopies = false
    /// `--min-size N` for `--dupes` (nil: 1 byte, or 0 with `--empty`).
    var smallestCopySize: Int64?
    /// `--empty`: empty files count as copies.
    var copiesIncludeEmptyFiles = false
    /// `--one-file-system`: `--du` stays on PATH's file system.
    var oneFileSystem = false
    /// `--apparent-size`: `--du` counts bytes in files, not blocks allocated.
    var apparentSize = false
    /// How names are quoted (`-Q`, `--quoting-style`); nil for filetable's escapes.
    var quoting: QuotingStyle?
    /// What ends each line of a listing: a newline, or NUL after `--zero`
    /// (headers and the blank lines between directories keep newlines, as ls).
    var lineEnd: UInt8 = 0x0A
    /// `--dired` (`-D`): names' places after a long listing, for Emacs (`DiredLog`).
    var dired = false
    /// How `-l` writes times (`--time-style`, `--full-time`).
    var timeLayout = TimeFormat.Layout.style(.locale)
    /// An inode column (`-i`).
    var showsInode = false
    /// `-Z`: each entry's security context.
    var showsContext = false
    /// Directories named on the command line are listed as themselves (`-d`).
    var listsDirectoriesThemselves = false
    /// `-u` or `-c` was given: that time; without `-l`, and with no other order asked for, sorted by it.
    var timeFieldAsked = false
    /// An order was asked for (`-S`, `-t`, `-X`, `-U`, `--sort`).
    var sortChosen = false
    var typeIndicators = false
    /// Which indicators `typeIndicators` appends (`-F`, `--file-type`, `-p`).
    var indicatorStyle = NameDecoration.IndicatorStyle.classify

    /// `-F`, `-p`, `--file-type`, `--indicator-style WORD`: the last one given wins, as in ls.
    mutating func setIndicators(_ style: NameDecoration.IndicatorStyle?) {
        typeIndicators = style != nil
        if let style { indicatorStyle = style }
    }
    /// ls's `-q` (true) or `--show-control-chars` (false); nil: as ls, hidden at a terminal.
    var hidesControlCharacters: Bool?
    var color = ColorMode.auto
    /// `--color` was given (run as ls, colour is otherwise off, as ls's default).
    var colorChosen = false
    /// `--hyperlink`: names as links to their files (OSC 8), as ls; off unless asked.
    var hyperlink = ColorMode.never
    var followSymlinks = false
    /// ls's `-H`: links named as operands are followed, the others not.
    var dereferencesOperands = false
    /// REPL batch input: a file of commands, or "-" for standard input (`-b`).
    var batchFile: [UInt8]?
    /// REPL commands from the argument, separated by `;` (`-c`).
    var commands: String?
    /// Rows per REPL page (`--page-size`); nil to follow the terminal.
    var pageSize: Int?
    /// `--screen`: the session starts full screen.
    var startsOnScreen = false
    /// `--tabs N`: the text viewer's tab stops.
    var viewerTabs = 8
    /// Mark without asking (`-y`).
    var assumeYes = false
    /// The line editor at a terminal; `--no-edit` reads cooked lines.
    var lineEditing = true
    /// Compare two trees as diff -rq (`--compare A B`).
    var comparesTrees = false
    /// Write the operands' bytes instead of listing (`--cat`).
    var catFiles = false
    /// Dump the operands in hex instead of listing (`-x`, `--hex`).
    var hexDump = false
    var hexSkip: UInt64 = 0
    /// `-s -N`: `hexSkip` counts back from the end of the file.
    var hexSkipFromEnd = false
    var hexLength: UInt64?
    var hexSqueeze = true
    var hexFormatName = "canonical"
    var hexColumns: Int?
    var hexGroup: Int?
    var hexUppercase = false
    /// A layout was asked for by name or letter (`--format`, `-p`, `-C`):
    /// `--xxd` then does not pick xxd's.
    var hexFormatChosen = false
    /// `--xxd`: xxd's letters and layout.
    var xxdMode = false
    /// hexdump's format strings (`-e`, `-f`) and its views (`-b -c -d -o
    /// -x`, and `-C` among them), in the order given: with a format string
    /// among them, all are drawn as strings.
    var hexdumpFormatSources: [HexdumpFormatSource] = []
    /// hexdump's `-L[WHEN]`: colour units of format strings only (nil: `--color` decides).
    var hexdumpColorUnits: ColorMode?
    /// hexdump's views alone, in the order given.
    var hexViews: [HexdumpView] { hexdumpFormatSources.compactMap(\.view) }
    /// xxd's variants: `-e`, `-b`, `-d`, `-o N`, `-a`, `-i` (with `-n NAME`, `-C`).
    var xxdLittleEndian = false
    var xxdBits = false
    var xxdDecimalOffsets = false
    var xxdDisplacement: UInt64 = 0
    var xxdAutoskip = false
    var xxdInclude = false
    var xxdName: [UInt8]?
    var xxdCapitalized = false
    /// xxd's `-t`: a 0 after the bytes of `-i`.
    var xxdTerminated = false
    /// xxd's `-E`: the text column as EBCDIC.
    var xxdEbcdic = false
    /// xxd's `-R WHEN` (nil: xxd's default, `--color` when given).
    var xxdColor: ColorMode?
    /// `--du --time[=WORD]`: which time each line shows (the latest in its tree), and how.
    var duTime: TimeField?
    var duTimeStyle: String?
    /// `--xxd -r`: a dump read back into bytes.
    var xxdRevert = false
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
        if xxdMode && !hexFormatChosen { hexFormatName = "xxd" }
        // As tree: the locale chooses the lines and how names are written.
        if tree {
            if !treeCharsetChosen { treeASCIILines = !UserLocale.isUTF8 }
            if quoting == nil { quoting = UserLocale.isUTF8 ? .treeCharacters : .treeBytes }
        }
        if timeFieldAsked && format != .long && !sortChosen { listOptions.sortKey = .time }
        // Dired reads names back by their bytes: ls's quoting where it writes (names exact into a pipe, shell-escape at a terminal).
        if dired && format == .long && quoting == nil { quoting = StandardStream.output.isTerminal ? .shellEscape : .exact }
        if listOptions.sortKey == .none {
            listOptions.reversed = false
            listOptions.directoriesFirst = false
            listOptions.filesFirst = false
        }
    }

    /// `-u`, `-c`: the time shown and sorted by.
    mutating func chooseTime(_ field: TimeField) {
        listOptions.timeField = field
        timeFieldAsked = true
    }

    /// `-h`, `--si`, `--block-size`: sizes and allocated space alike.
    mutating func setSizeUnit(_ unit: SizeUnit) {
        sizeUnit = unit
        blockUnit = unit
    }

    /// `--time-style WORD` or `+FORMAT`.
    mutating func setTimeStyle(_ word: String) {
        timeLayout = TimeFormat.Layout(word) ?? .style(.locale)
        timeStyleChosen = true
    }

    /// `--time-style` or `--full-time` was given: `TIME_STYLE` is not read.
    var timeStyleChosen = false

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
