import FileBrowsing
import HexDump
import SystemSeam

// The options of each mode, each a struct of its own inside `CommandLineOptions`:
// what du, tree, a hex dump, xxd, the search for copies, the session and a long
// listing were asked; the option table fills them in.

/// What `--du` was asked (du's letters), and the REPL's `du` reads the same.
struct DuOptions {
    /// du's `-s` (0) and `-d N`: how deep `--du` lists entries (`--depth`, 1 or more, otherwise).
    var depth: Int?
    /// `--du -a`: every entry below, at any depth.
    var listsEverything = false
    /// `-s` was given (du refuses it with `-a`).
    var summarizes = false
    /// `--du -c`: a grand total line after the PATHs.
    var grandTotal = false
    /// du's `-t SIZE`: only lines of at least SIZE bytes (at most -SIZE when negative).
    var threshold: Int64?
    /// `--du --save FILE`: where the scan is kept.
    var saveFile: [UInt8]?
    /// `--save-format`: how `--save` keeps the scan.
    var saveFormat = SavedScan.FileFormat.filetable
    /// `--du --since FILE`: the saved scan the tree is compared with.
    var sinceFile: [UInt8]?
    /// `--du --load FILE`: the saved scan listed instead of a scan.
    var loadFile: [UInt8]?
    /// du's `-l`, `-S`, `--inodes`, `--exclude`, `-D`/`-H`, `--files0-from`.
    var countsEveryLink = false
    var separatesDirectories = false
    var countsInodes = false
    var excluded: [GlobPattern] = []
    /// `--du --exclude-from FILE` (`-X`): files of patterns, read when the scan starts.
    var excludeFiles: [[UInt8]] = []
    var followsOperandLinks = false
    /// `--du -L`: every link followed, each file and directory counted once.
    var followsLinks = false
    var operandsFile: [UInt8]?
    /// `--du --time[=WORD]`: which time each line shows (the latest in its tree), and how.
    var time: TimeField?
    var timeStyle: String?
}

/// What `--tree` was asked (tree's letters).
struct TreeDrawingOptions {
    /// tree's `-d`: directories only.
    var directoriesOnly = false
    /// tree's `-f`: each entry's path, not its name.
    var fullPaths = false
    /// tree's `-i`: no drawing before the names.
    var noIndentation = false
    /// tree's `--noreport`: no summary.
    var noReport = false
    /// tree's `-C` (colour always, in tree's colours) or `-n` (never); nil
    /// when neither was given. `-C` wins over `-n` in either order, as in tree.
    var colour: Bool?
    /// tree's `-p -u -g -s -h --si -D --timefmt`: the bracket before each name.
    var details = TreeEntryDetails()
    /// tree's `--charset=ascii`: `|--` and `` `-- `` lines.
    var asciiLines = false
    /// `--charset` was given: the locale does not choose the lines.
    var charsetChosen = false
    /// tree's `-J`: the drawing as JSON.
    var json = false
}

/// What a hex dump was asked (`--hex`, hexdump's letters, and `--xxd`'s alike).
struct DumpOptions {
    var skip: UInt64 = 0
    /// `-s -N`: `hexSkip` counts back from the end of the file.
    var skipFromEnd = false
    var length: UInt64?
    var squeeze = true
    var formatName = "canonical"
    var columns: Int?
    var group: Int?
    var uppercase = false
    /// A layout was asked for by name or letter (`--format`, `-p`, `-C`):
    /// `--xxd` then does not pick xxd's.
    var formatChosen = false
    /// hexdump's format strings (`-e`, `-f`) and its views (`-b -c -d -o
    /// -x`, and `-C` among them), in the order given: with a format string
    /// among them, all are drawn as strings.
    var formatSources: [HexdumpFormatSource] = []
    /// hexdump's `-L[WHEN]`: colour units of format strings only (nil: `--color` decides).
    var colorUnits: CommandLineOptions.ColorMode?
    /// hexdump's views alone, in the order given.
    var views: [HexdumpView] { formatSources.compactMap(\.view) }
}

/// What `--xxd` was asked beyond the dump's common options (xxd's letters).
struct XxdOptions {
    /// xxd's variants: `-e`, `-b`, `-d`, `-o N`, `-a`, `-i` (with `-n NAME`, `-C`).
    var littleEndian = false
    var bits = false
    var decimalOffsets = false
    var displacement: UInt64 = 0
    var autoskip = false
    var include = false
    var name: [UInt8]?
    var capitalized = false
    /// xxd's `-t`: a 0 after the bytes of `-i`.
    var terminated = false
    /// xxd's `-E`: the text column as EBCDIC.
    var ebcdic = false
    /// xxd's `-R WHEN` (nil: xxd's default, `--color` when given).
    var color: CommandLineOptions.ColorMode?
    /// `--xxd -r`: a dump read back into bytes.
    var revert = false
}

/// What `--dupes` was asked.
struct CopiesOptions {
    /// `--min-size N` for `--dupes` (nil: 1 byte, or 0 with `--empty`).
    var smallestSize: Int64?
    /// `--empty`: empty files count as copies.
    var includesEmptyFiles = false
}

/// How the session runs (the REPL's options).
struct ReplOptions {
    /// `--choose-dir FILE`: where the directory in view is written when the session ends (cd on quit).
    var chooseDirFile: [UInt8]?
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
}

/// Which of `-l`'s columns show, and how.
struct LongColumnOptions {
    /// The long format's owner column (not with `-g`) and group column (not with `-o`, `-G`).
    var showsOwner = true
    var showsGroup = true
    /// `--author`: -l's author column (the owner, as Linux keeps no other).
    var showsAuthor = false
    /// User and group ids as numbers (`-n`).
    var numericIDs = false
    /// An allocated-size column first (`-s`).
    var showsAllocatedSize = false
    /// An inode column (`-i`).
    var showsInode = false
    /// `-Z`: each entry's security context.
    var showsContext = false
}

/// How names are written: quoting, indicators, control characters, the line's end.
struct NameOptions {
    /// How names are quoted (`-Q`, `--quoting-style`); nil for filetable's escapes.
    var quoting: QuotingStyle?
    /// What ends each line of a listing: a newline, or NUL after `--zero`
    /// (headers and the blank lines between directories keep newlines, as ls).
    var lineEnd: UInt8 = 0x0A
    /// ls's `-q` (true) or `--show-control-chars` (false); nil: as ls, hidden at a terminal.
    var hidesControlCharacters: Bool?
    /// Which indicators `typeIndicators` appends (`-F`, `--file-type`, `-p`).
    var indicatorStyle = NameDecoration.IndicatorStyle.classify
    var typeIndicators = false
}

/// When names are coloured and linked.
struct ColourOptions {
    var color = CommandLineOptions.ColorMode.auto
    /// `--color` was given (run as ls, colour is otherwise off, as ls's default).
    var colorChosen = false
    /// `--hyperlink`: names as links to their files (OSC 8), as ls; off unless asked.
    var hyperlink = CommandLineOptions.ColorMode.never
}

/// Which time a listing shows and how it is written.
struct TimeOptions {
    /// How `-l` writes times (`--time-style`, `--full-time`).
    var layout = TimeFormat.Layout.style(.locale)
    /// `-u` or `-c` was given: that time; without `-l`, and with no other order asked for, sorted by it.
    var fieldAsked = false
    /// `--time-style` or `--full-time` was given: `TIME_STYLE` is not read.
    var styleChosen = false
}
