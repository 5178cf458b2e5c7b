import FileBrowsing
import SystemSeam

/// The options of a listing (ls's letters): its format, which entries
/// in which order, and how they look.
extension OptionTable {
    static let formats: [OptionSpec] = [
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
            "width", "w", value: .number(UserNumber.lineWidth, what: "line width", cPrefixes: true, beyond: 0), valueName: "COLS", section: .formats,
            "the width -C and -x fill (0: no limit; default: COLUMNS, the terminal, or 80)"
        ) { options, argument in
            options.lineWidth = argument.number
        },
        OptionSpec(
            "tabsize", "T", value: .number(UserNumber.tabSize, what: "tab size", cPrefixes: true, beyond: 0), valueName: "COLS", section: .formats,
            "tab stops every COLS columns in -C and -x gaps (default 8, or TABSIZE; 0 for spaces)"
        ) { options, argument in
            options.tabSize = argument.number
        },
        OptionSpec("numeric-uid-gid", "n", section: .formats, "-l with user and group ids as numbers") { options, _ in
            options.setFormat(.long)
            options.longColumns.numericIDs = true
        },
        OptionSpec(nil, "g", section: .formats, "-l without the owner") { options, _ in
            options.setFormat(.long)
            options.longColumns.showsOwner = false
        },
        OptionSpec(nil, "o", section: .formats, "-l without the group") { options, _ in
            options.setFormat(.long)
            options.longColumns.showsGroup = false
        },
        OptionSpec("no-group", "G", section: .formats, "no group column in -l") { options, _ in
            options.longColumns.showsGroup = false
        },
        OptionSpec(
            "git", section: .formats, modes: [.listing, .du],
            "with -l, git's status of each entry before its name, as eza -l --git (index then work tree, - N M D R T I U); with --du, each git work tree below PATH by what its ignored files take",
            details:
                "Two letters an entry, the index's change then the work tree's: - unchanged, N new, M modified, D deleted, R renamed, T type changed, I ignored, U conflicted; a directory shows what is below it. Read with the git program (git status --porcelain=v2, without taking the index lock, running no hook or fsmonitor), once a work tree; outside one the column is -- and a note says why once. With --du: every work tree below each PATH (a directory holding .git, not looked into further) with what its ignored files and directories take (what git clean -ndX would remove), largest first, in du's units and forms: build outputs of many projects at once, to plan with mark ignored."
        ) { options, _ in
            options.longColumns.git = true
        },
        OptionSpec(
            "git-ignore", section: .selection, "leave out what git ignores (eza --git-ignore; tree's spelling --gitignore works too)",
            details:
                "Names git ignores, by its own rules (.gitignore files, .git/info/exclude, the global excludes), are left out of listings, -R and --tree, and the session's first level, as eza --git-ignore and tree --gitignore leave them out; .git itself too. Asked of the git program once a work tree, read-only; outside a work tree nothing is left out."
        ) { options, _ in
            options.listOptions.gitIgnored = GitIgnoredNames()
        },
        OptionSpec("gitignore", section: .selection, "as --git-ignore (tree's spelling)") { options, _ in
            options.listOptions.gitIgnored = GitIgnoredNames()
        },
        OptionSpec("author", section: .formats, "with -l, each file's author after the group (the owner: Linux keeps no other), as ls --author") {
            options, _ in
            options.longColumns.showsAuthor = true
        },
        OptionSpec(
            "compare", section: .formats, "how two trees A B differ, as diff -rq A B prints it (--json: an object a difference)",
            details:
                "Byte for byte diff -rq's lines in its order (names in byte order, as in the C locale): 'Only in DIR: NAME', 'Files A/X and B/X differ', 'File A/X is a T while file B/X is a T'. Links are followed as diff follows them; a directory inside itself is a loop, named and not walked. Contents are compared byte for byte after their sizes; a file that changes while it is compared is reported as differing and named on standard error. Status 0 when the trees are the same, 1 when they differ, 2 on trouble, 130 after Ctrl-C. A progress line on a terminal's standard error."
        ) { options, _ in
            options.modesAsked.insert(.compare)
            options.formatRequested = true
        },
        OptionSpec(
            "cat", section: .formats,
            "write each FILE's bytes to standard output, as cat; a path through an archive (site.zip/index.html) writes the member, as unzip -p and tar xOf"
        ) { options, _ in
            options.modesAsked.insert(.cat)
        },
        OptionSpec("json", section: .formats, "one JSON object per entry per line (exact names, typed fields)") { options, _ in
            options.setFormat(.json)
        },
        OptionSpec(
            "zero", section: .formats,
            "end each line with NUL, names exactly as they are, no colour (ls --zero: one a line unless -l, or a format given after it)"
        ) { options, _ in
            options.names.lineEnd = 0
            if options.format != .long { options.setFormat(.oneLine) }
            options.colours.color = .never
            options.names.quoting = .exact
        },
        OptionSpec(
            "dired", "D", section: .formats, modes: [.listing],
            "with -l: each line indented, then each name's place in bytes (//DIRED//, //SUBDIRED// for headers, //DIRED-OPTIONS//), for Emacs' dired, as ls --dired; names exact into a pipe unless a quoting style is chosen"
        ) { options, _ in
            options.dired = true
        },
        OptionSpec("print0", "0", section: .formats, modes: [.listing, .du], "exact names separated by NUL (paths with -R), for xargs -0") {
            options, _ in
            options.setFormat(.print0)
        },
        OptionSpec("recursive", "R", section: .formats, "list subdirectories recursively, with a header per directory") { options, _ in
            options.recursive = true
            options.formatRequested = true
        },
        OptionSpec("tree", section: .formats, "draw the tree, like tree(1)") { options, _ in
            options.modesAsked.insert(.tree)
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
            options.modesAsked.insert(.du)
            options.formatRequested = true
        },
        OptionSpec(
            "dupes", section: .formats, "files with identical contents below each PATH, in groups (as jdupes -r, fdupes -r)",
            details:
                "Regular files only, symlinks never followed, hard links to one file counted as that file; empty files left out unless --empty; files compared byte for byte (after their size and a block from each end), so none is called a copy on a hash. Groups are separated by a blank line, the largest space to gain first; -0 ends each path with a NUL and each group with another; --json gives each group as an object (size, gain, files with their inode, device and paths, path_hex where a path is not UTF-8). --min-size N, --depth N, --one-file-system and --filter narrow the search; a file that changes while it is read is left out and named. Status 1 when something could not be read, 130 after Ctrl-C (the groups printed are those confirmed so far)."
        ) { options, _ in
            options.modesAsked.insert(.copies)
            options.formatRequested = true
        },
        OptionSpec(
            "min-size", value: .byteCount, valueName: "N", section: .formats, "--dupes leaves out files smaller than N bytes (k, m, g allowed)"
        ) {
            options, argument in
            if case .byteCount(let bytes) = argument { options.copies.smallestSize = Int64(clamping: bytes) }
        },
        OptionSpec("empty", section: .formats, "--dupes counts empty files as copies of each other") { options, _ in
            options.copies.includesEmptyFiles = true
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

    static let selection: [OptionSpec] = [
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
            "the time shown and sorted by, as ls: atime (-u), ctime (-c), mtime, or birth (when each file was made, where the file system keeps it)"
        ) { options, argument in
            switch OptionTable.meaning(ofWord: argument.word) {
            case "atime": options.chooseTime(.access)
            case "ctime": options.chooseTime(.change)
            case "birth": options.chooseTime(.birth)
            default: options.listOptions.timeField = .modification
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

    static let appearance: [OptionSpec] = [
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
            options.longColumns.showsAllocatedSize = true
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
            options.colours.color = .init(word: argument.word)
            options.colours.colorChosen = true
        },
        OptionSpec(
            "hyperlink", value: .optionalWord(colorWords, implied: "always"), valueName: "WHEN", section: .appearance,
            "names as links to their files (file://HOST/PATH, links resolved) a terminal can open: always, never (the default), or auto (a terminal)"
        ) { options, argument in
            options.colours.hyperlink = .init(word: argument.word)
        },
        OptionSpec(
            "context", "Z", section: .appearance,
            "each entry's security context (SELinux label; ? where it has none), before the name (with -l, after the group)"
        ) { options, _ in
            options.longColumns.showsContext = true
            options.formatRequested = true
        },
        OptionSpec("inode", "i", section: .appearance, "the inode number of each entry, first (with -l, before the permissions)") { options, _ in
            options.longColumns.showsInode = true
            options.formatRequested = true
        },
        OptionSpec(
            "quoting-style", value: .word(quotingWords), valueName: "WORD", section: .appearance,
            "names as ls quotes them: literal, shell, shell-always, shell-escape, shell-escape-always, c, escape, locale; default: filetable's escapes",
            details: "Control characters never reach the terminal: the literal and shell styles show them as '?', as ls does at a terminal."
        ) { options, argument in
            options.names.quoting = QuotingStyle(rawValue: argument.word)
        },
        OptionSpec("quote-name", "Q", section: .appearance, "names in double quotes with C escapes (--quoting-style=c)") { options, _ in
            options.names.quoting = .c
        },
        OptionSpec("literal", "N", section: .appearance, "names unquoted, control characters as ? (--quoting-style=literal)") { options, _ in
            options.names.quoting = .literal
        },
        OptionSpec("escape", section: .appearance, "names with C escapes, unquoted (ls -b, --quoting-style=escape)") { options, _ in
            options.names.quoting = .escape
        },
        OptionSpec("hide-control-chars", "q", section: .appearance, "control characters as ? (ls -q: the literal style unless another is chosen)") {
            options, _ in
            if options.names.quoting == nil { options.names.quoting = .literal }
            options.names.hidesControlCharacters = true
        },
        OptionSpec(
            "show-control-chars", section: .appearance,
            "control characters are still escaped (they never reach the terminal); bytes above 0x7F in a locale that is not UTF-8 as they are, as ls"
        ) { options, _ in
            options.names.hidesControlCharacters = false
        },
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
}
