import FileBrowsing
import HexDump

/// The options of the modes that speak another tool's letters: `--du`,
/// `--tree`, `--hex` (hexdump's) and `--xxd` (the session's are in
/// `OptionTable+Session.swift`).
extension OptionTable {
    static let du: [OptionSpec] = [
        OptionSpec("summarize", "s", section: .du, "only each PATH's total (du -s)") { options, _ in
            options.du.depth = 0
            options.du.summarizes = true
        },
        OptionSpec(nil, "a", section: .du, "every file and directory below each PATH, not only its entries (du -a), in du's order") {
            options, _ in
            options.du.listsEverything = true
        },
        OptionSpec(
            "max-depth", "d", value: .number(0...UserNumber.depth.upperBound, what: "depth"), valueName: "N", section: .du,
            "directories N levels down, every entry with -a (du -d; 0 as -s)"
        ) { options, argument in
            options.du.depth = argument.number
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
            options.du.grandTotal = true
        },
        OptionSpec(
            "threshold", "t", value: .duSize, valueName: "SIZE", section: .du, "only entries of at least SIZE (K, M, G...), at most -SIZE (du -t)"
        ) { options, argument in
            options.du.threshold = Int64(argument.number)
        },
        OptionSpec(
            "save", value: .path, valueName: "FILE", section: .du,
            "keep the scan in FILE (every entry's sizes and counts, about 20 bytes an entry) for a later --since"
        ) { options, argument in
            options.du.saveFile = argument.bytes
        },
        OptionSpec(
            "save-format", value: .word(["filetable", "ncdu"]), valueName: "WORD", section: .du,
            "--save's format: filetable's own (compact), or ncdu's export (ncdu -f reads it); --since reads both"
        ) { options, argument in
            options.du.saveFormat = argument.word == "ncdu" ? .ncdu : .filetable
        },
        OptionSpec(
            "since", value: .path, valueName: "FILE", section: .du,
            "what changed since the scan saved in FILE (or an ncdu export): new, removed, grown and shrunk entries, largest growth first"
        ) { options, argument in
            options.du.sinceFile = argument.bytes
        },
        OptionSpec(
            "load", value: .path, valueName: "FILE", section: .du,
            "list the scan kept in FILE (or an ncdu export) as --du lists a scan, without reading the tree; with --save, keep it again"
        ) { options, argument in
            options.du.loadFile = argument.bytes
        },
        OptionSpec("count-links", "l", section: .du, "a hard-linked file counts each time it is met (du -l)") { options, _ in
            options.du.countsEveryLink = true
        },
        OptionSpec("separate-dirs", "S", section: .du, "a directory's figure leaves out its subdirectories (du -S)") { options, _ in
            options.du.separatesDirectories = true
        },
        OptionSpec("inodes", section: .du, "count files and directories instead of bytes (du --inodes)") { options, _ in
            options.du.countsInodes = true
        },
        OptionSpec("exclude", value: .text, valueName: "PATTERN", section: .du, "leave out files and directories whose names match (du --exclude)") {
            options, argument in
            options.du.excluded.append(GlobPattern(argument.text))
        },
        OptionSpec(
            "exclude-from", "X", value: .path, valueName: "FILE", section: .du,
            "leave out what matches any pattern in FILE, one a line (du -X, --exclude-from)"
        ) { options, argument in
            options.du.excludeFiles.append(argument.bytes)
        },
        OptionSpec("dereference-args", "D", section: .du, "follow PATHs that are symlinks, and only those (du -D, -H)") { options, _ in
            options.du.followsOperandLinks = true
        },
        OptionSpec(nil, "H", section: .du, "as -D (du -H)") { options, _ in
            options.du.followsOperandLinks = true
        },
        OptionSpec(
            nil, "L", section: .du,
            "follow every symbolic link: a link counts as what it leads to, each file and directory once (du -L, --dereference)"
        ) { options, _ in
            options.du.followsLinks = true
        },
        OptionSpec("no-dereference", "P", section: .du, "links are not followed (du -P; the default)") { _, _ in },
        OptionSpec(
            "files0-from", value: .path, valueName: "FILE", section: .du,
            "the PATHs, separated by NUL, from FILE ('-': standard input) (du --files0-from)"
        ) { options, argument in
            options.du.operandsFile = argument.bytes
        },
    ]

    static let tree: [OptionSpec] = [
        OptionSpec(nil, "L", value: .number(UserNumber.depth, what: "level"), valueName: "N", section: .tree, "descend at most N levels (tree -L)") {
            options, argument in
            options.maxDepth = argument.number
        },
        OptionSpec(nil, "a", section: .tree, "hidden files too (tree -a)") { options, _ in
            options.listOptions.hidden = .shown
        },
        OptionSpec(nil, "C", section: .tree, "colour always, in tree's colours from TREE_COLORS or LS_COLORS (tree -C)") { options, _ in
            options.treeDrawing.colour = true
        },
        OptionSpec(nil, "n", section: .tree, "colour never (tree -n; -C wins)") { options, _ in
            if options.treeDrawing.colour != true { options.treeDrawing.colour = false }
        },
        OptionSpec(nil, "d", section: .tree, "directories only (tree -d)") { options, _ in
            options.treeDrawing.directoriesOnly = true
        },
        OptionSpec(nil, "f", section: .tree, "each entry's path, not its name (tree -f)") { options, _ in
            options.treeDrawing.fullPaths = true
        },
        OptionSpec(nil, "i", section: .tree, "no drawing before the names (tree -i)") { options, _ in
            options.treeDrawing.noIndentation = true
        },
        OptionSpec(nil, "r", section: .tree, "reverse the order (tree -r)") { options, _ in options.listOptions.reversed = true },
        OptionSpec(nil, "U", section: .tree, "directory order, unsorted (tree -U)") { options, _ in options.sortBy(.none) },
        OptionSpec(nil, "v", section: .tree, "version order: a2 before a10 (tree -v)") { options, _ in options.sortBy(.version) },
        OptionSpec("dirsfirst", section: .tree, "directories before files (tree --dirsfirst)") { options, _ in
            options.listOptions.directoriesFirst = true
        },
        OptionSpec("filesfirst", section: .tree, "files before directories (tree --filesfirst)") { options, _ in
            options.listOptions.filesFirst = true
        },
        OptionSpec(nil, "t", section: .tree, "by modification time, oldest first (tree -t)") { options, _ in
            options.sortBy(.time)
            options.listOptions.oldestFirstBySecond = true
        },
        OptionSpec(nil, "c", section: .tree, "by status-change time, oldest first (tree -c)") { options, _ in
            options.sortBy(.time)
            options.listOptions.timeField = .change
            options.listOptions.oldestFirstBySecond = true
        },
        OptionSpec("noreport", section: .tree, "--tree without its summary line (tree --noreport)") { options, _ in
            options.treeDrawing.noReport = true
        },
        OptionSpec(nil, "l", section: .tree, "follow links to directories (tree -l; --dereference)") { options, _ in
            options.followSymlinks = true
            options.listOptions.dereferencesSymlinks = true
        },
        OptionSpec(nil, "J", section: .tree, "the tree as tree's JSON (tree -J; several roots separated by commas)") { options, _ in
            options.treeDrawing.json = true
        },
        OptionSpec(nil, "p", section: .tree, "each entry's permissions (tree -p)") { options, _ in options.treeDrawing.details.permissions = true },
        OptionSpec(nil, "u", section: .tree, "each entry's owner (tree -u)") { options, _ in options.treeDrawing.details.owner = true },
        OptionSpec(nil, "g", section: .tree, "each entry's group (tree -g)") { options, _ in options.treeDrawing.details.group = true },
        OptionSpec(nil, "s", section: .tree, "each entry's size in bytes (tree -s)") { options, _ in options.treeDrawing.details.size = true },
        OptionSpec(nil, "h", section: .tree, "each entry's size, 1024-based units (tree -h)") { options, _ in
            options.treeDrawing.details.humanSizes = true
        },
        OptionSpec(nil, "D", section: .tree, "each entry's modification date (tree -D)") { options, _ in options.treeDrawing.details.date = true },
        OptionSpec("timefmt", value: .text, valueName: "FORMAT", section: .tree, "-D with a strftime FORMAT (tree --timefmt)") {
            options, argument in
            options.treeDrawing.details.date = true
            options.treeDrawing.details.timeFormat = argument.text
        },
        OptionSpec(
            "charset", value: .word(["ascii", "utf-8", "UTF-8", "utf8"]), valueName: "WORD", section: .tree,
            "--tree's lines in ascii or utf-8 (default: the locale's, as tree)"
        ) {
            options, argument in
            options.treeDrawing.asciiLines = argument.word == "ascii"
            options.treeDrawing.charsetChosen = true
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

    /// hexdump's view letters, each a view of its own line a block.
    private static let hexdumpViewLetters: [(Character, HexdumpView, String)] = [
        ("b", .octalBytes, "one-byte octal view (hexdump -b)"), ("X", .hexBytes, "one-byte hexadecimal view (hexdump -X)"),
        ("c", .characters, "one-byte character view (hexdump -c)"),
        ("d", .decimalWords, "two-byte decimal view (hexdump -d)"), ("o", .octalWords, "two-byte octal view (hexdump -o)"),
        ("x", .hexWords, "two-byte hexadecimal view (hexdump -x)"),
    ]

    static let hex: [OptionSpec] =
        [
            OptionSpec(
                "hex", section: .hex, "dump each FILE as hexdump -C does, byte for byte; the letters below mean this only after --hex",
                details:
                    "With --hex the letters are hexdump's (-s skip, -n length, -v, -C, -b, -X, -c, -d, -o, -x, -e FORMAT, -f FILE, -L); without it they are ls's (-s sizes, -n numeric ids, -c ctime). xxd's letters are read after --xxd."
            ) { options, _ in
                options.modesAsked.insert(.hexdump)
            },
            OptionSpec(
                "format", value: .word(hexFormatWords), valueName: "WORD", section: .hex, modes: [.hex, .xxd],
                "canonical (hexdump -C), xxd, or plain (xxd -p)"
            ) { options, argument in
                options.dump.formatName = argument.word
                options.dump.formatChosen = true
            },
            OptionSpec(nil, "C", section: .hex, "the canonical layout (hexdump -C; the default), a line of its own beside other views") {
                options, _ in
                options.dump.formatName = "canonical"
                options.dump.formatChosen = true
                options.dump.formatSources.append(.view(.canonical))
            },
        ]
        + hexdumpViewLetters.map { letter, view, summary in
            OptionSpec(nil, letter, section: .hex, summary) { options, _ in options.dump.formatSources.append(.view(view)) }
        } + [
            OptionSpec(
                nil, "e", value: .path, valueName: "FORMAT", section: .hex, modes: [.hex],
                "draw each block through hexdump's format string (hexdump -e, --format); several are drawn in turn",
                details:
                    "As util-linux hexdump reads it: units of 'iterations/bytes \"text\"', conversions %d %i %o %u %x %X %c %s %e %f %g %E %G, %_a and %_A offsets, %_c %_p %_u, _L[...] colour units (with -L or --color); the letters -b -X -c -d -o -x -C among them add their own strings in order."
            ) { options, argument in
                if case .bytes(let format) = argument { options.dump.formatSources.append(.string(format)) }
            },
            OptionSpec(
                "format-file", "f", value: .path, valueName: "FILE", section: .hex, modes: [.hex],
                "format strings from FILE, one a line; blank lines and # comments skipped (hexdump -f)"
            ) { options, argument in
                if case .bytes(let path) = argument { options.dump.formatSources.append(.file(path)) }
            },
            OptionSpec(nil, "p", section: .hex, modes: [.hex, .xxd], "the plain layout (xxd -p)") { options, _ in
                options.dump.formatName = "plain"
                options.dump.formatChosen = true
            },
            OptionSpec(
                "skip", "s", value: .offset, valueName: "N", section: .hex, modes: [.hex, .xxd],
                "start at byte N (decimal, 0x hex, 0 octal, or with k, m, g); -N: N bytes before the end, as xxd -s -N"
            ) { options, argument in
                if case .offset(let value, let fromEnd) = argument {
                    options.dump.skip = value
                    options.dump.skipFromEnd = fromEnd
                }
            },
            OptionSpec("length", "n", value: .byteCount, valueName: "N", section: .hex, "dump at most N bytes") { options, argument in
                options.dump.length = argument.byteCount
            },
            OptionSpec(
                nil, "l", value: .byteCountOrUnlimited, valueName: "N", section: .hex, modes: [.hex, .xxd],
                "dump at most N bytes (xxd -l; as -n; a negative N: no limit, as xxd)"
            ) {
                options, argument in
                options.dump.length = argument.byteCount
            },
            OptionSpec("no-squeeze", "v", section: .hex, "print repeated lines instead of '*'") { options, _ in
                options.dump.squeeze = false
            },
            OptionSpec(
                nil, "L", value: .optionalWord(colorWords, implied: "auto"), valueName: "WHEN", section: .hex, modes: [.hex],
                "colour units of format strings (%02x_L[red:0x41]): auto (on a terminal), or -Lalways, -Lnever; --color also (hexdump -L)"
            ) { options, argument in
                options.dump.colorUnits = .init(word: argument.word)
            },
        ]

    /// xxd's single-dash words (`-cols 8`, `-len 64`, `-ps`), read after
    /// `--xxd` as the letters they spell out, as xxd reads them.
    static let xxdWords: [String: Character] = [
        "-cols": "c", "-len": "l", "-skip": "s", "-seek": "s", "-group": "g", "-groupsize": "g", "-ps": "p", "-postscript": "p",
        "-plain": "p", "-include": "i", "-bits": "b", "-capitalize": "C", "-name": "n", "-offset": "o", "-autoskip": "a",
        "-EBCDIC": "E", "-revert": "r", "-help": "h", "-version": "v",
    ]

    /// xxd's letters, read after `--xxd` (the shared ones of `--hex` too).
    static let xxd: [OptionSpec] = [
        OptionSpec(
            "xxd", section: .xxd,
            "dump IN (or standard input) as xxd does, byte for byte, to OUT when it is a new file; the letters below mean this only after --xxd",
            details:
                "With --xxd the letters are xxd's (-s seek, -l length, -c columns, -g group, -u, -p, -e, -b bits, -d decimal offsets, -o offset, -a, -i, -n NAME, -C). -r reads a dump back into bytes. The operands are xxd's, [IN [OUT]]: OUT is written only when it is a new file (xxd would overwrite it), a third operand is refused."
        ) { options, _ in
            options.modesAsked.insert(.xxd)
        },
        OptionSpec(
            "cols", "c", value: .number(UserNumber.hexColumns, what: "number of columns"), valueName: "N", section: .xxd,
            "bytes a line (xxd -c; plain: 0 for one line)"
        ) { options, argument in
            options.dump.columns = argument.number
        },
        OptionSpec(
            "group-size", "g", value: .number(UserNumber.hexGroup, what: "group size", beyond: UserNumber.hexGroup.upperBound), valueName: "N",
            section: .xxd, modes: [.hex, .xxd],
            "bytes a group (xxd -g; 0 for none)"
        ) { options, argument in
            options.dump.group = argument.number
        },
        OptionSpec("upper", "u", section: .xxd, modes: [.hex, .xxd], "uppercase hex digits (xxd -u)") { options, _ in
            options.dump.uppercase = true
        },
        OptionSpec(
            nil, "r", section: .xxd,
            "reverse a dump into bytes (xxd -r; -p for a plain dump): to standard output, or to OUTFILE when it is a new file"
        ) { options, _ in
            options.xxd.revert = true
        },
        OptionSpec(nil, "e", section: .xxd, "little-endian groups (xxd -e; groups of 4 unless -g)") { options, _ in options.xxd.littleEndian = true },
        OptionSpec(nil, "b", section: .xxd, "bits instead of hex (xxd -b; 6 bytes a line)") { options, _ in options.xxd.bits = true },
        OptionSpec(nil, "d", section: .xxd, "offsets in decimal (xxd -d)") { options, _ in options.xxd.decimalOffsets = true },
        OptionSpec(nil, "o", value: .offset, valueName: "N", section: .xxd, "add N to the offsets shown (xxd -o; -N subtracts, wrapping as xxd)") {
            options, argument in
            if case .offset(let count, let negative) = argument { options.xxd.displacement = negative ? 0 &- count : count }
        },
        OptionSpec(nil, "a", section: .xxd, "a run of all-zero lines as '*' (xxd -a)") { options, _ in options.xxd.autoskip = true },
        OptionSpec(nil, "i", section: .xxd, "a C array of the bytes (xxd -i; 12 a line)") { options, _ in options.xxd.include = true },
        OptionSpec(nil, "n", value: .path, valueName: "NAME", section: .xxd, "the array's name with -i (xxd -n)") { options, argument in
            options.xxd.name = argument.bytes
        },
        OptionSpec(nil, "C", section: .xxd, "capitalized names with -i (xxd -C)") { options, _ in options.xxd.capitalized = true },
        OptionSpec(nil, "t", section: .xxd, "end -i's array with a 0, not counted in its length (xxd -t)") { options, _ in
            options.xxd.terminated = true
        },
        OptionSpec(nil, "E", section: .xxd, "the text column as EBCDIC (xxd -E)") { options, _ in options.xxd.ebcdic = true },
        OptionSpec(
            nil, "R", value: .word(["always", "auto", "never"]), valueName: "WHEN", section: .xxd,
            "xxd's colours: always, never, or auto (a terminal whose TERM is set and not dumb); by default auto unless NO_COLOR is set (xxd -R)"
        ) { options, argument in
            options.xxd.color = .init(word: argument.word)
        },
        OptionSpec(nil, "v", section: .xxd, "the version, to standard error (xxd -v)") { options, _ in options.request = .xxdVersion },
    ]
}
