import FileBrowsing

/// Every command-line option filetable takes, each declared once (see
/// `OptionSpec`). Adding an option here adds it to the parser, `--help`,
/// the man page and the completion scripts.
enum OptionTable {
    static let all: [OptionSpec] = repl + hex + xxd + du + tree + formats + selection + appearance + general

    /// The option a `--name` names.
    static func option(long name: String) -> OptionSpec? { all.first { $0.long == name } }

    /// The option a `-x` letter names in `mode`: hexdump's and xxd's letters
    /// after `--hex`, du's after `--du`, tree's after `--tree`, ls's and the
    /// REPL's otherwise.
    static func option(short letter: Character, in mode: OptionSpec.Mode) -> OptionSpec? {
        all.first { $0.short == letter && $0.readsLetter(in: mode) }
    }

    /// What a peer's letter means where filetable does not take it (yet): the
    /// refusal names it, so it is never mistaken for another tool's letter.
    static func peerMeaning(of letter: Character, in mode: OptionSpec.Mode) -> String? {
        switch mode {
        case .du:
            let meanings: [Character: String] = [
                "L": "--dereference", "X": "--exclude-from", "g": "1 GiB blocks",
            ]
            return meanings[letter]
        case .tree:
            let meanings: [Character: String] = [
                "X": "XML output", "H": "HTML output", "C": "colour always", "n": "colour never",
                "x": "stay on one file system", "q": "? for control bytes",
                "N": "names printed as they are", "r": "reverse order", "t": "sort by time", "c": "sort by change time",
                "v": "version sort", "U": "no sorting", "o": "output to a file", "Q": "names in double quotes",
                "A": "ANSI line graphics", "S": "CP437 line graphics", "R": "an HTML page a level",
            ]
            return meanings[letter]
        case .hex:
            let meanings: [Character: String] = [
                "e": "format-string option (-e FORMAT)", "f": "format-file option (-f FILE)", "L": "colour option (use --color)",
            ]
            return meanings[letter]
        case .xxd:
            let meanings: [Character: String] = [
                "r": "reverse option (a dump back into bytes, written to a file; filetable never writes one)",
                "R": "colour option (use --color)", "E": "EBCDIC option", "v": "version option (use --version)", "h": "help option (use --help)",
            ]
            return meanings[letter]
        case .listing, .repl:
            return nil
        }
    }

    /// A long option a peer spells like one of filetable's with another
    /// meaning: in that peer's mode it is read with the peer's meaning
    /// (du's `--all` is its `-a`), or refused by it, never read as ls's.
    enum PeerLongOption {
        case means(OptionSpec)
        case refused(String)
    }

    static func peerLongOption(_ name: String, in mode: OptionSpec.Mode) -> PeerLongOption? {
        switch (mode, name) {
        case (.du, "all"): return option(short: "a", in: .du).map(PeerLongOption.means)
        case (.du, "null"): return option(short: "0", in: .du).map(PeerLongOption.means)
        case (.du, "dereference"): return .refused("du's --dereference (-L, every link followed)")
        case (.du, "time"), (.du, "time-style"): return .refused("du's --\(name) (the latest modification in each tree)")
        case (.du, "exclude-from"): return .refused("du's --exclude-from (-X)")
        default: return nil
        }
    }

    /// A section's heading in `--help` and the man page, and the note after it.
    static func heading(of section: OptionSpec.Section) -> (title: String, note: String?) {
        switch section {
        case .repl:
            return (
                "The REPL",
                "In a batch the first failing command stops it with status 1, unless the command starts with '-'; blank lines and '#' comments are skipped."
            )
        case .hex:
            return (
                "Hex dumps (each FILE, or standard input; several get ==> FILE <== headers)",
                "Directories, FIFOs and sockets are refused; devices stream until --length, an interrupt or a closed pipe. --color colours bytes by class."
            )
        case .xxd:
            return ("After --xxd, xxd's letters", "Other xxd letters are refused by name; -s, -l, -p, -g and -u are read after --hex too.")
        case .du:
            return (
                "After --du, du's letters",
                "Other du letters are refused by name, never read as ls's. The one-level, largest-first view is the default; -s, -a and -d N give du's shapes."
            )
        case .tree:
            return ("After --tree, tree's letters", "Other tree letters are refused by name, never read as ls's.")
        case .formats: return ("Listing formats (each prints and exits)", nil)
        case .selection: return ("Which entries, in which order", nil)
        case .appearance: return ("How entries look", nil)
        case .general: return ("Help", nil)
        }
    }

    /// `du` needs a scan's figures: the REPL's `sort du` only.
    static let sortWords = SortKey.allCases.filter { $0 != .space }.map(\.rawValue)
    static let groupingWords = Grouping.allCases.map(\.rawValue)
    static let colorWords = ["always", "yes", "force", "never", "no", "none", "auto", "tty", "if-tty"]
    static let timeStyleWords = TimeFormat.Style.allCases.map(\.rawValue) + TimeFormat.Style.allCases.map { "posix-" + $0.rawValue }
    static let quotingWords = QuotingStyle.allCases.map(\.rawValue)
    static let hexFormatWords = ["canonical", "xxd", "plain"]
    static let shells = ["bash", "zsh", "fish"]

    private static let du: [OptionSpec] = [
        OptionSpec("summarize", "s", section: .du, "only each PATH's total (du -s)") { options, _ in
            options.spaceDepth = 0
        },
        OptionSpec(nil, "a", section: .du, "every file and directory below each PATH, not only its entries (du -a); largest first") {
            options, _ in
            options.spaceListsEverything = true
        },
        OptionSpec(
            "max-depth", "d", value: .number(0...UserNumber.depth.upperBound, what: "depth"), valueName: "N", section: .du,
            "directories N levels down, every entry with -a (du -d; 0 as -s)"
        ) { options, argument in
            options.spaceDepth = argument.number
        },
        OptionSpec("bytes", "b", section: .du, "apparent sizes in bytes (du -b: --apparent-size --block-size=1)") { options, _ in
            options.apparentSize = true
            options.setSizeUnit(.bytes)
        },
        OptionSpec(nil, "m", section: .du, "sizes in 1 MiB blocks (du -m)") { options, _ in
            options.setSizeUnit(SizeUnit.parse("1M") ?? .kibibytes)
        },
        OptionSpec(nil, "B", value: .sizeUnit, valueName: "SIZE", section: .du, "sizes in units of SIZE (du -B, as --block-size)") {
            options, argument in
            options.setSizeUnit(argument.sizeUnit)
        },
        OptionSpec(nil, "x", section: .du, "stay on PATH's file system (du -x, --one-file-system)") { options, _ in
            options.oneFileSystem = true
        },
        OptionSpec("total", "c", section: .du, "a grand total after the PATHs (du -c)") { options, _ in
            options.spaceGrandTotal = true
        },
        OptionSpec(
            "threshold", "t", value: .text, valueName: "SIZE", section: .du, "only entries of at least SIZE (K, M, G...), at most -SIZE (du -t)"
        ) { options, argument throws(UsageError) in
            guard let size = DuThreshold.parse(argument.text) else {
                throw UsageError(
                    message: "invalid --threshold argument '\(argument.text)'", hint: "Expected a size such as 100K, 2M or -1G, as du -t.")
            }
            options.spaceThreshold = size
        },
        OptionSpec("count-links", "l", section: .du, "a hard-linked file counts each time it is met (du -l)") { options, _ in
            options.spaceCountsEveryLink = true
        },
        OptionSpec("separate-dirs", "S", section: .du, "a directory's figure leaves out its subdirectories (du -S)") { options, _ in
            options.spaceSeparatesDirectories = true
        },
        OptionSpec("inodes", section: .du, "count files and directories instead of bytes (du --inodes)") { options, _ in
            options.spaceCountsInodes = true
        },
        OptionSpec("exclude", value: .text, valueName: "PATTERN", section: .du, "leave out files and directories whose names match (du --exclude)") {
            options, argument in
            options.spaceExcluded.append(GlobPattern(argument.text))
        },
        OptionSpec("dereference-args", "D", section: .du, "follow PATHs that are symlinks, and only those (du -D, -H)") { options, _ in
            options.spaceFollowsOperandLinks = true
        },
        OptionSpec(nil, "H", section: .du, "as -D (du -H)") { options, _ in
            options.spaceFollowsOperandLinks = true
        },
        OptionSpec("no-dereference", "P", section: .du, "links are not followed (du -P; the default)") { _, _ in },
        OptionSpec(
            "files0-from", value: .path, valueName: "FILE", section: .du,
            "the PATHs, separated by NUL, from FILE ('-': standard input) (du --files0-from)"
        ) { options, argument in
            options.spaceOperandsFile = argument.bytes
        },
    ]

    private static let tree: [OptionSpec] = [
        OptionSpec(nil, "L", value: .number(UserNumber.depth, what: "level"), valueName: "N", section: .tree, "descend at most N levels (tree -L)") {
            options, argument in
            options.maxDepth = argument.number
        },
        OptionSpec(nil, "a", section: .tree, "hidden files too (tree -a)") { options, _ in
            options.listOptions.hidden = .shown
        },
        OptionSpec(nil, "d", section: .tree, "directories only (tree -d)") { options, _ in
            options.treeDirectoriesOnly = true
        },
        OptionSpec(nil, "f", section: .tree, "each entry's path, not its name (tree -f)") { options, _ in
            options.treeFullPaths = true
        },
        OptionSpec(nil, "i", section: .tree, "no drawing before the names (tree -i)") { options, _ in
            options.treeNoIndentation = true
        },
        OptionSpec("noreport", section: .tree, "--tree without its summary line (tree --noreport)") { options, _ in
            options.treeNoReport = true
        },
        OptionSpec(nil, "l", section: .tree, "follow links to directories (tree -l; --dereference)") { options, _ in
            options.followSymlinks = true
            options.listOptions.dereferencesSymlinks = true
        },
        OptionSpec(nil, "J", section: .tree, "the tree as tree's JSON (tree -J; several roots separated by commas)") { options, _ in
            options.treeJSON = true
        },
        OptionSpec(nil, "p", section: .tree, "each entry's permissions (tree -p)") { options, _ in options.treeDetails.permissions = true },
        OptionSpec(nil, "u", section: .tree, "each entry's owner (tree -u)") { options, _ in options.treeDetails.owner = true },
        OptionSpec(nil, "g", section: .tree, "each entry's group (tree -g)") { options, _ in options.treeDetails.group = true },
        OptionSpec(nil, "s", section: .tree, "each entry's size in bytes (tree -s)") { options, _ in options.treeDetails.size = true },
        OptionSpec(nil, "h", section: .tree, "each entry's size, 1024-based units (tree -h)") { options, _ in options.treeDetails.humanSizes = true },
        OptionSpec(nil, "D", section: .tree, "each entry's modification date (tree -D)") { options, _ in options.treeDetails.date = true },
        OptionSpec("timefmt", value: .text, valueName: "FORMAT", section: .tree, "-D with a strftime FORMAT (tree --timefmt)") {
            options, argument in
            options.treeDetails.date = true
            options.treeDetails.timeFormat = argument.text
        },
        OptionSpec(
            "charset", value: .word(["ascii", "utf-8", "UTF-8", "utf8"]), valueName: "WORD", section: .tree, "--tree's lines in ascii or utf-8"
        ) {
            options, argument in
            options.treeASCIILines = argument.word == "ascii"
        },
        OptionSpec(
            nil, "I", value: .text, valueName: "PATTERN", section: .tree, "leave out files and directories matching PATTERN, a|b for either (tree -I)"
        ) { options, argument in
            options.listOptions.ignored += argument.text.split(separator: "|").map { GlobPattern(String($0)) }
        },
        OptionSpec(
            nil, "P", value: .text, valueName: "PATTERN", section: .tree,
            "only files matching PATTERN (tree -P; directories stay, --prune leaves out those with none)"
        ) { options, argument in
            options.listOptions.filter = .glob(argument.text)
        },
    ]

    private static let repl: [OptionSpec] = [
        OptionSpec(
            "batch", "b", value: .path, valueName: "FILE", section: .repl,
            "read commands from FILE ('-' for standard input), like sftp -b; standard input that is not a terminal does the same"
        ) { options, argument in
            options.batchFile = argument.bytes
        },
        OptionSpec("command", "e", value: .text, valueName: "'CMD; CMD'", section: .repl, "run these commands (-c is ls's ctime)") {
            options, argument in
            options.commands = argument.text
        },
        OptionSpec(
            "page-size", value: .number(UserNumber.pageSize, what: "page size"), valueName: "N", section: .repl,
            "rows a page (default: the terminal's height, LINES, or 20)"
        ) { options, argument in
            options.pageSize = argument.number
        },
        OptionSpec(
            "screen", section: .repl, "open the full-screen view: one key a move, the detail pane beside (q leaves)",
            details:
                "The same session as the prompt's, drawn full screen on the alternate screen: Up/Down (j/k) move the highlight, Enter/Right open, Left/Backspace go back to the row you came from, / filters as you type, space marks for the plan, d sizes, s sorts, . hidden files, Tab the detail pane (by itself at 120 columns), : a REPL command, ? the keys, q leaves with status 0. Needs a terminal; the prompt ('screen' there) is the same session."
        ) { options, _ in
            options.startsOnScreen = true
        },
        OptionSpec(
            "tabs", value: .number(UserNumber.viewerTabs, what: "tab size"), valueName: "N", section: .repl,
            "columns between tab stops in the text viewer (default 8)"
        ) { options, argument in
            options.viewerTabs = argument.number
        },
        OptionSpec("yes", "y", section: .repl, "mark several rows or a directory without asking") { options, _ in
            options.assumeYes = true
        },
        OptionSpec(
            "no-edit", section: .repl,
            "read lines as the terminal gives them (no line editor, history or completion; also with TERM=dumb)"
        ) { options, _ in
            options.lineEditing = false
        },
    ]

    private static let hex: [OptionSpec] = [
        OptionSpec(
            "hex", section: .hex, "dump each FILE as hexdump -C does, byte for byte; the letters below mean this only after --hex",
            details:
                "With --hex the letters are hexdump's (-s skip, -n length, -v, -C, -b, -c, -d, -o, -x); without it they are ls's (-s sizes, -n numeric ids, -c ctime). xxd's letters are read after --xxd."
        ) { options, _ in
            options.hexDump = true
        },
        OptionSpec(
            "format", value: .word(hexFormatWords), valueName: "WORD", section: .hex, modes: [.hex, .xxd],
            "canonical (hexdump -C), xxd, or plain (xxd -p)"
        ) { options, argument in
            options.hexFormatName = argument.word
            options.hexFormatChosen = true
        },
        OptionSpec(nil, "C", section: .hex, "the canonical layout (hexdump -C; the default), a line of its own beside other views") { options, _ in
            options.hexFormatName = "canonical"
            options.hexFormatChosen = true
            options.hexViews.append(.canonical)
        },
        OptionSpec(nil, "b", section: .hex, "one-byte octal view (hexdump -b)") { options, _ in options.hexViews.append(.octalBytes) },
        OptionSpec(nil, "c", section: .hex, "one-byte character view (hexdump -c)") { options, _ in options.hexViews.append(.characters) },
        OptionSpec(nil, "d", section: .hex, "two-byte decimal view (hexdump -d)") { options, _ in options.hexViews.append(.decimalWords) },
        OptionSpec(nil, "o", section: .hex, "two-byte octal view (hexdump -o)") { options, _ in options.hexViews.append(.octalWords) },
        OptionSpec(nil, "x", section: .hex, "two-byte hexadecimal view (hexdump -x)") { options, _ in options.hexViews.append(.hexWords) },
        OptionSpec(nil, "p", section: .hex, modes: [.hex, .xxd], "the plain layout (xxd -p)") { options, _ in
            options.hexFormatName = "plain"
            options.hexFormatChosen = true
        },
        OptionSpec(
            "skip", "s", value: .offset, valueName: "N", section: .hex, modes: [.hex, .xxd],
            "start at byte N (decimal, 0x hex, 0 octal, or with k, m, g); -N: N bytes before the end, as xxd -s -N"
        ) { options, argument in
            if case .offset(let value, let fromEnd) = argument {
                options.hexSkip = value
                options.hexSkipFromEnd = fromEnd
            }
        },
        OptionSpec("length", "n", value: .byteCount, valueName: "N", section: .hex, "dump at most N bytes") { options, argument in
            options.hexLength = argument.byteCount
        },
        OptionSpec(nil, "l", value: .byteCount, valueName: "N", section: .hex, modes: [.hex, .xxd], "dump at most N bytes (xxd -l; as -n)") {
            options, argument in
            options.hexLength = argument.byteCount
        },
        OptionSpec("no-squeeze", "v", section: .hex, "print repeated lines instead of '*'") { options, _ in
            options.hexSqueeze = false
        },
    ]

    /// xxd's letters, read after `--xxd` (the shared ones above too).
    private static let xxd: [OptionSpec] = [
        OptionSpec(
            "xxd", section: .xxd, "dump each FILE as xxd does, byte for byte; the letters below mean this only after --xxd",
            details:
                "With --xxd the letters are xxd's (-s seek, -l length, -c columns, -g group, -u, -p, -e, -b bits, -d decimal offsets, -o offset, -a, -i, -n NAME, -C). -r is refused: filetable never writes a file."
        ) { options, _ in
            options.hexDump = true
            options.xxdMode = true
        },
        OptionSpec(
            "cols", "c", value: .number(UserNumber.hexColumns, what: "number of columns"), valueName: "N", section: .xxd,
            "bytes a line (xxd -c; plain: 0 for one line)"
        ) { options, argument in
            options.hexColumns = argument.number
        },
        OptionSpec(
            "group-size", "g", value: .number(UserNumber.hexGroup, what: "group size"), valueName: "N", section: .xxd, modes: [.hex, .xxd],
            "bytes a group (xxd -g; 0 for none)"
        ) { options, argument in
            options.hexGroup = argument.number
        },
        OptionSpec("upper", "u", section: .xxd, modes: [.hex, .xxd], "uppercase hex digits (xxd -u)") { options, _ in
            options.hexUppercase = true
        },
        OptionSpec(nil, "e", section: .xxd, "little-endian groups (xxd -e; groups of 4 unless -g)") { options, _ in options.xxdLittleEndian = true },
        OptionSpec(nil, "b", section: .xxd, "bits instead of hex (xxd -b; 6 bytes a line)") { options, _ in options.xxdBits = true },
        OptionSpec(nil, "d", section: .xxd, "offsets in decimal (xxd -d)") { options, _ in options.xxdDecimalOffsets = true },
        OptionSpec(nil, "o", value: .byteCount, valueName: "N", section: .xxd, "add N to the offsets shown (xxd -o)") { options, argument in
            options.xxdDisplacement = argument.byteCount
        },
        OptionSpec(nil, "a", section: .xxd, "a run of all-zero lines as '*' (xxd -a)") { options, _ in options.xxdAutoskip = true },
        OptionSpec(nil, "i", section: .xxd, "a C array of the bytes (xxd -i; 12 a line)") { options, _ in options.xxdInclude = true },
        OptionSpec(nil, "n", value: .path, valueName: "NAME", section: .xxd, "the array's name with -i (xxd -n)") { options, argument in
            options.xxdName = argument.bytes
        },
        OptionSpec(nil, "C", section: .xxd, "capitalized names with -i (xxd -C)") { options, _ in options.xxdCapitalized = true },
    ]

    private static let formats: [OptionSpec] = [
        OptionSpec(nil, "1", section: .formats, "one name a line") { options, _ in options.setFormat(.oneLine) },
        OptionSpec("long", "l", section: .formats, "long format: permissions, links, owner, group, size, time, name") { options, _ in
            options.setFormat(.long)
        },
        OptionSpec(nil, "C", section: .formats, "names in columns, down then across, as wide as COLUMNS or the terminal (else 80)") { options, _ in
            options.setFormat(.columns)
        },
        OptionSpec(nil, "x", section: .formats, "names in columns, across then down") { options, _ in
            options.setFormat(.across)
        },
        OptionSpec(nil, "m", section: .formats, "names separated by commas, lines filled to the width") { options, _ in
            options.setFormat(.commas)
        },
        OptionSpec(
            "width", "w", value: .number(UserNumber.lineWidth, what: "line width"), valueName: "COLS", section: .formats,
            "the width -C and -x fill (0: no limit; default: COLUMNS, the terminal, or 80)"
        ) { options, argument in
            options.lineWidth = argument.number
        },
        OptionSpec(
            "tabsize", "T", value: .number(UserNumber.tabSize, what: "tab size"), valueName: "COLS", section: .formats,
            "tab stops every COLS columns in -C and -x gaps (default 8, or TABSIZE; 0 for spaces)"
        ) { options, argument in
            options.tabSize = argument.number
        },
        OptionSpec("numeric-uid-gid", "n", section: .formats, "-l with user and group ids as numbers") { options, _ in
            options.setFormat(.long)
            options.numericIDs = true
        },
        OptionSpec(nil, "g", section: .formats, "-l without the owner") { options, _ in
            options.setFormat(.long)
            options.showsOwner = false
        },
        OptionSpec(nil, "o", section: .formats, "-l without the group") { options, _ in
            options.setFormat(.long)
            options.showsGroup = false
        },
        OptionSpec("no-group", "G", section: .formats, "no group column in -l") { options, _ in
            options.showsGroup = false
        },
        OptionSpec("json", section: .formats, "one JSON object per entry per line (exact names, typed fields)") { options, _ in
            options.setFormat(.json)
        },
        OptionSpec("zero", section: .formats, "as --print0 (ls --zero)") { options, _ in options.setFormat(.print0) },
        OptionSpec("print0", "0", section: .formats, modes: [.listing, .du], "exact names separated by NUL (paths with -R), for xargs -0") {
            options, _ in
            options.setFormat(.print0)
        },
        OptionSpec("recursive", "R", section: .formats, "list subdirectories recursively, with a header per directory") { options, _ in
            options.recursive = true
            options.formatRequested = true
        },
        OptionSpec("tree", section: .formats, "draw the tree, like tree(1)") { options, _ in
            options.tree = true
            options.formatRequested = true
        },
        OptionSpec(
            "prune", section: .formats, "--tree and -R leave out directories with nothing listed below them (tree --prune)",
            details:
                "With --filter, --tree and -R go down every directory (the filter picks files, as tree -P does) and list each directory; --prune leaves out those with no file listed anywhere below."
        ) { options, _ in
            options.prunesEmptyDirectories = true
        },
        OptionSpec(
            "du", section: .formats, "what each entry of PATH takes, largest first, then PATH's total, like du -s PATH/* | sort -rh",
            details:
                "Allocated space in 1024-byte blocks unless -h, --si, --block-size or --apparent-size; a hard-linked file counts once, links are never followed; --depth N lists entries N levels down; --json gives path, type, apparent_bytes, disk_bytes, files, directories, unreadable."
        ) { options, _ in
            options.spaceUsage = true
            options.formatRequested = true
        },
        OptionSpec(
            "dupes", section: .formats, "files with identical contents below each PATH, in groups (as jdupes -r, fdupes -r)",
            details:
                "Regular files only, symlinks never followed, hard links to one file counted as that file; empty files left out unless --empty; files compared byte for byte (after their size and a block from each end), so none is called a copy on a hash. Groups are separated by a blank line, the largest space to gain first; -0 ends each path with a NUL and each group with another; --json gives each group as an object (size, gain, files with their inode, device and paths, path_hex where a path is not UTF-8). --min-size N, --depth N, --one-file-system and --filter narrow the search; a file that changes while it is read is left out and named. Status 1 when something could not be read, 130 after Ctrl-C (the groups printed are those confirmed so far)."
        ) { options, _ in
            options.findsCopies = true
            options.formatRequested = true
        },
        OptionSpec(
            "min-size", value: .byteCount, valueName: "N", section: .formats, "--dupes leaves out files smaller than N bytes (k, m, g allowed)"
        ) {
            options, argument in
            if case .byteCount(let bytes) = argument { options.smallestCopySize = Int64(clamping: bytes) }
        },
        OptionSpec("empty", section: .formats, "--dupes counts empty files as copies of each other") { options, _ in
            options.copiesIncludeEmptyFiles = true
        },
        OptionSpec("one-file-system", section: .formats, "--du and --dupes stay on PATH's file system (du -x)") { options, _ in
            options.oneFileSystem = true
        },
        OptionSpec("apparent-size", section: .formats, "--du counts the bytes in files, not the blocks they take") { options, _ in
            options.apparentSize = true
        },
        OptionSpec(
            "depth", value: .number(UserNumber.depth, what: "depth"), valueName: "N", section: .formats,
            "descend at most N levels (implies -R unless --tree or --du)"
        ) { options, argument in
            options.maxDepth = argument.number
            options.formatRequested = true
        },
    ]

    private static let selection: [OptionSpec] = [
        OptionSpec("all", "a", section: .selection, "include entries starting with '.', and '.' and '..'") { options, _ in
            options.listOptions.hidden = .shownWithDotEntries
        },
        OptionSpec("almost-all", "A", section: .selection, "include entries starting with '.', but not '.' and '..'") { options, _ in
            options.listOptions.hidden = .shown
        },
        OptionSpec("ignore", "I", value: .text, valueName: "PATTERN", section: .selection, "leave out names matching PATTERN (ls -I)") {
            options, argument in
            options.listOptions.ignored.append(GlobPattern(argument.text))
        },
        OptionSpec("ignore-backups", "B", section: .selection, "leave out names ending with ~ (ls -B)") { options, _ in
            options.listOptions.ignored += [GlobPattern("*~"), GlobPattern(".*~")]
        },
        OptionSpec("hide", value: .text, valueName: "PATTERN", section: .selection, "leave out names matching PATTERN unless -a or -A (ls --hide)") {
            options, argument in
            options.listOptions.hiddenPatterns.append(GlobPattern(argument.text))
        },
        OptionSpec(
            "filter", value: .text, valueName: "GLOB", section: .selection,
            "list only names matching GLOB (such as '*.log'); with --tree or -R, the files (every directory is still walked)"
        ) {
            options, argument in
            options.listOptions.filter = .glob(argument.text)
        },
        OptionSpec(
            "sort", value: .word(sortWords + ["extension"]), valueName: "WORD", section: .selection,
            "name (natural: a1 A2 a10 b), size, time, ext, none, bytes (LC_ALL=C ls's order) or version (ls -v)"
        ) { options, argument in
            options.sortBy(argument.word == "extension" ? .ext : SortKey(rawValue: argument.word) ?? .name)
        },
        OptionSpec(nil, "v", section: .selection, "GNU's version order (--sort=version)") { options, _ in options.sortBy(.version) },
        OptionSpec(nil, "S", section: .selection, "sort by size, largest first") { options, _ in options.sortBy(.size) },
        OptionSpec(nil, "t", section: .selection, "sort by modification time, newest first") { options, _ in options.sortBy(.time) },
        OptionSpec(nil, "X", section: .selection, "sort by extension") { options, _ in options.sortBy(.ext) },
        OptionSpec(nil, "U", section: .selection, "do not sort (directory order; -r and --group-directories-first are then ignored, as in ls)") {
            options, _ in
            options.sortBy(.none)
        },
        OptionSpec("reverse", "r", section: .selection, "reverse the order") { options, _ in options.listOptions.reversed = true },
        OptionSpec("group-directories-first", section: .selection, "directories (and links to them) before other entries") { options, _ in
            options.listOptions.directoriesFirst = true
        },
        OptionSpec(
            nil, "u", section: .selection,
            "access times: shown by -l, sorted by with -t, and without -l sorted by unless another order is asked"
        ) { options, _ in
            options.chooseTime(.access)
        },
        OptionSpec(
            nil, "c", section: .selection,
            "status-change times (ctime), as -u does for access times"
        ) { options, _ in
            options.chooseTime(.change)
        },
        OptionSpec(
            "time", value: .word(["atime", "access", "use", "ctime", "status", "mtime", "modification", "birth", "creation"]),
            valueName: "WORD", section: .selection,
            "the time shown and sorted by, as ls: atime (-u), ctime (-c) or mtime; birth is not offered yet"
        ) { options, argument throws(UsageError) in
            switch argument.word {
            case "atime", "access", "use": options.chooseTime(.access)
            case "ctime", "status": options.chooseTime(.change)
            case "mtime", "modification": options.listOptions.timeField = .modification
            default:
                throw UsageError(
                    message: "--time=\(argument.word): birth times are not offered yet",
                    hint: "--time takes atime, ctime or mtime (as ls's -u, -c and the default).")
            }
        },
        OptionSpec("directory", "d", section: .selection, "list directories themselves, not their contents") { options, _ in
            options.listsDirectoriesThemselves = true
            options.formatRequested = true
        },
        OptionSpec(
            "dereference", "L", section: .selection,
            "follow symbolic links: show what a link points to (-l, -F, sizes), and descend into linked directories with -R or --tree"
        ) { options, _ in
            options.followSymlinks = true
            options.listOptions.dereferencesSymlinks = true
        },
        OptionSpec("dereference-command-line", "H", section: .selection, "follow the links named on the command line only (ls -H)") {
            options, _ in
            options.dereferencesOperands = true
        },
        OptionSpec(
            "group", value: .word(groupingWords), valueName: "WORD", section: .selection,
            "sections: none, letter (A-Z and #), or kind",
            hintForANumber: "--group takes none, letter or kind; the hex dump's byte groups are --group-size N"
        ) { options, argument in
            options.listOptions.grouping = Grouping(rawValue: argument.word) ?? .none
        },
    ]

    private static let appearance: [OptionSpec] = [
        OptionSpec("human-readable", "h", section: .appearance, modes: [.listing, .repl, .du], "sizes like 1.1K 234M 2.0G (powers of 1024)") {
            options, _ in
            options.setSizeUnit(.human)
        },
        OptionSpec("si", section: .appearance, "sizes like 1.1k 234M 2.0G (powers of 1000)") { options, _ in
            options.setSizeUnit(.si)
        },
        OptionSpec(
            "block-size", value: .sizeUnit, valueName: "SIZE", section: .appearance,
            "sizes in units of SIZE: 1024, K, M, KiB, KB (1000), 1M, human-readable or si",
            details:
                "As in ls: a bare unit (K, MiB, KB) is written after each figure, a number with a unit (1M) is not; figures are rounded up. LS_BLOCK_SIZE and BLOCK_SIZE give a default, BLOCKSIZE one for -s and totals only."
        ) { options, argument in
            options.setSizeUnit(argument.sizeUnit)
        },
        OptionSpec(
            "kibibytes", "k", section: .appearance, modes: [.listing, .repl, .du],
            "-s and totals in 1024-byte blocks (the default; overrides BLOCK_SIZE)"
        ) { options, _ in
            options.blockUnit = .kibibytes
        },
        OptionSpec(
            "size", "s", section: .appearance, "the space each entry takes on disk, first (in 1024-byte blocks, or as -h, --si, --block-size say)"
        ) { options, _ in
            options.showsAllocatedSize = true
            options.formatRequested = true
        },
        OptionSpec(
            nil, "F", section: .appearance, modes: [.listing, .repl, .tree], "append / @ | = * to directories, links, FIFOs, sockets, executables"
        ) { options, _ in
            options.setIndicators(.classify)
        },
        OptionSpec(
            "classify", value: .optionalWord(colorWords, implied: "always"), valueName: "WHEN", section: .appearance,
            modes: [.listing, .repl, .tree], "as -F always, or on a terminal (auto), or never"
        ) { options, argument in
            // As ls: never (or auto off a terminal) leaves the indicators as they were.
            switch argument.word {
            case "never", "no", "none": break
            case "auto", "tty", "if-tty": if StandardStream.output.isTerminal { options.setIndicators(.classify) }
            default: options.setIndicators(.classify)
            }
        },
        OptionSpec(nil, "p", section: .appearance, "append / to directories (ls -p, --indicator-style=slash)") { options, _ in
            options.setIndicators(.slash)
        },
        OptionSpec("file-type", section: .appearance, "as -F, without * for executables (ls --file-type)") { options, _ in
            options.setIndicators(.fileType)
        },
        OptionSpec(
            "indicator-style", value: .word(["none"] + NameDecoration.IndicatorStyle.allCases.map(\.rawValue)), valueName: "WORD",
            section: .appearance, "none, slash (-p), file-type (--file-type) or classify (-F)"
        ) { options, argument in
            options.setIndicators(NameDecoration.IndicatorStyle(rawValue: argument.word))
        },
        OptionSpec(
            "color", value: .optionalWord(colorWords, implied: "always"), valueName: "WHEN", section: .appearance,
            "colour names: auto (the default: only on a terminal and never when NO_COLOR is set), always, or never; LS_COLORS is honoured"
        ) { options, argument in
            switch argument.word {
            case "always", "yes", "force": options.color = .always
            case "never", "no", "none": options.color = .never
            default: options.color = .auto
            }
        },
        OptionSpec("inode", "i", section: .appearance, "the inode number of each entry, first (with -l, before the permissions)") { options, _ in
            options.showsInode = true
            options.formatRequested = true
        },
        OptionSpec(
            "quoting-style", value: .word(quotingWords), valueName: "WORD", section: .appearance,
            "names as ls quotes them: literal, shell, shell-always, shell-escape, shell-escape-always, c, escape, locale; default: filetable's escapes",
            details: "Control characters never reach the terminal: the literal and shell styles show them as '?', as ls does at a terminal."
        ) { options, argument in
            options.quoting = QuotingStyle(rawValue: argument.word)
        },
        OptionSpec("quote-name", "Q", section: .appearance, "names in double quotes with C escapes (--quoting-style=c)") { options, _ in
            options.quoting = .c
        },
        OptionSpec("literal", "N", section: .appearance, "names unquoted, control characters as ? (--quoting-style=literal)") { options, _ in
            options.quoting = .literal
        },
        OptionSpec("escape", section: .appearance, "names with C escapes, unquoted (ls -b, --quoting-style=escape)") { options, _ in
            options.quoting = .escape
        },
        OptionSpec("hide-control-chars", "q", section: .appearance, "control characters as ? (ls -q: the literal style unless another is chosen)") {
            options, _ in
            if options.quoting == nil { options.quoting = .literal }
        },
        OptionSpec(
            "show-control-chars", section: .appearance, "accepted for ls's sake: control characters are still escaped (they never reach the terminal)"
        ) { _, _ in },
        OptionSpec(
            "time-style", value: .wordOrFormat(timeStyleWords), valueName: "STYLE", section: .appearance,
            "times for -l: locale (Nov 22 01:39, the default), full-iso, long-iso, iso, posix-STYLE, or +FORMAT (strftime; +OLDER<newline>RECENT for two); default TIME_STYLE"
        ) { options, argument in
            options.setTimeStyle(argument.word)
        },
        OptionSpec("full-time", section: .appearance, "-l with --time-style=full-iso") { options, _ in
            options.setFormat(.long)
            options.setTimeStyle("full-iso")
        },
    ]

    private static let general: [OptionSpec] = [
        OptionSpec("help", section: .general, "show this help and exit") { options, _ in options.request = .help },
        OptionSpec("version", section: .general, "show the version and the Swift it was built with, and exit") { options, _ in
            options.request = .version
        },
        OptionSpec("generate-manual", section: .general, "print the man page (roff) and exit: filetable --generate-manual > filetable.1") {
            options, _ in
            options.request = .manual
        },
        OptionSpec(
            "generate-completion-script", value: .word(shells), valueName: "SHELL", section: .general,
            "print the completion script for bash, zsh or fish and exit"
        ) { options, argument in
            options.request = .completion(argument.word)
        },
    ]
}
