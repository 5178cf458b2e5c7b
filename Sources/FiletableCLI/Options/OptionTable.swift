import FileBrowsing
import Terminal

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
                "g": "1 GiB blocks"
            ]
            return meanings[letter]
        case .tree:
            let meanings: [Character: String] = [
                "X": "XML output", "H": "HTML output",
                "x": "stay on one file system", "q": "? for control bytes",
                "N": "names printed as they are", "o": "output to a file", "Q": "names in double quotes",
                "A": "ANSI line graphics", "S": "CP437 line graphics", "R": "an HTML page a level",
            ]
            return meanings[letter]
        case .hex:
            return nil
        case .xxd:
            let meanings: [Character: String] = [
                "h": "help option (use --help)"
            ]
            return meanings[letter]
        case .listing:
            return nil
        case .repl:
            return nil
        }
    }

    /// A long option a peer spells like one of filetable's with another
    /// meaning: in that peer's mode it is read with the peer's meaning
    /// (du's `--all` is its `-a`), or refused by it, never read as ls's.
    enum PeerLongOption {
        case means(OptionSpec)
        case refused(String)
        /// The peer's option with a value, unless the value is one of
        /// filetable's words for its own option of that name (`--format
        /// xxd` after `--hex` is the layout; any other value is hexdump's
        /// format string).
        case valueMeans(OptionSpec, unlessOneOf: [String])
        /// The peer's option whose value may follow `=` only (du's `--time[=WORD]`).
        case optionalValueMeans(OptionSpec)
    }

    /// ls's `--format=WORD` where no mode is chosen (filetable's own
    /// `--format` words, the hex dump's layouts, keep their meaning).
    static let lsFormat = OptionSpec(
        "format", value: .word(["verbose", "long", "commas", "horizontal", "across", "vertical", "single-column"]), valueName: "WORD",
        section: .formats, modes: [.listing], "ls's --format: long (verbose), commas, across (horizontal), vertical, single-column"
    ) { options, argument in
        switch meaning(ofWord: argument.word) {
        case "long": options.setFormat(.long)
        case "commas": options.setFormat(.commas)
        case "across": options.setFormat(.across)
        case "vertical": options.setFormat(.columns)
        default: options.setFormat(.oneLine)
        }
    }

    /// du's `--time[=WORD]`: each line's latest time of anything in its tree.
    static let duTime = OptionSpec(
        "time", value: .text, valueName: "WORD", section: .du,
        "after --du: show the latest modification time (or atime, access, use, ctime, status) of anything in each tree, as du --time"
    ) { options, argument throws(UsageError) in
        switch argument {
        case .none: options.du.time = .modification
        case .text(let word):
            switch meaning(ofWord: word) {
            case "atime": options.du.time = .access
            case "ctime": options.du.time = .change
            default:
                throw UsageError(
                    message: "invalid argument '\(word)' for '--time'", hint: "Valid arguments are: atime, access, use, ctime, status (du's words).")
            }
        default: break
        }
    }

    /// du's `--time-style=STYLE`: full-iso, long-iso, iso or +FORMAT.
    static let duTimeStyle = OptionSpec(
        "time-style", value: .text, valueName: "STYLE", section: .du, "after --du: how --time shows times, as du --time-style"
    ) { options, argument throws(UsageError) in
        guard case .text(let style) = argument else { return }
        guard style.hasPrefix("+") || ["full-iso", "long-iso", "iso"].contains(style) else {
            throw UsageError(
                message: "invalid argument '\(style)' for 'time style'", hint: "Valid arguments are: full-iso, long-iso, iso, +FORMAT (du's styles).")
        }
        options.du.timeStyle = style
    }

    static func peerLongOption(_ name: String, in mode: OptionSpec.Mode) -> PeerLongOption? {
        switch (mode, name) {
        case (.hex, "format"):
            return option(short: "e", in: .hex).map { PeerLongOption.valueMeans($0, unlessOneOf: hexFormatWords) }
        case (.hex, _) where hexdumpLongNames[name] != nil:
            return option(short: hexdumpLongNames[name]!, in: .hex).map(PeerLongOption.means)
        case (.listing, "format"): return .valueMeans(lsFormat, unlessOneOf: hexFormatWords)
        case (.du, "all"): return option(short: "a", in: .du).map(PeerLongOption.means)
        case (.du, "null"): return option(short: "0", in: .du).map(PeerLongOption.means)
        case (.du, "dereference"): return option(short: "L", in: .du).map(PeerLongOption.means)
        case (.du, "time"): return .optionalValueMeans(duTime)
        case (.du, "time-style"): return .valueMeans(duTimeStyle, unlessOneOf: [])
        // ls's links to each name: a listing's, never silently dropped by another mode.
        case (.du, "hyperlink"), (.tree, "hyperlink"), (.hex, "hyperlink"), (.xxd, "hyperlink"):
            return .refused("ls's --hyperlink (each name a link to its file)")
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
    static let quotingWords = QuotingStyle.lsStyles.map(\.rawValue)

    /// Words that mean the same as another of their option's words, as ls's
    /// argmatch groups them (an abbreviation of several is still one): the
    /// one word each option's reading switches on.
    static func meaning(ofWord word: String) -> String {
        let synonyms = [
            "yes": "always", "force": "always", "no": "never", "none": "never", "tty": "auto", "if-tty": "auto",
            "access": "atime", "use": "atime", "status": "ctime", "modification": "mtime", "creation": "birth", "ext": "extension",
            "verbose": "long", "horizontal": "across",
        ]
        return synonyms[word] ?? word
    }
    static let hexFormatWords = ["canonical", "xxd", "plain"]

    /// ls 9.1's long options: in a listing an abbreviation several options
    /// share stands for ls's, when one of them is (`--gr`: ls's only `--gr…`).
    static let lsLongOptions: Set<String> = [
        "all", "escape", "directory", "dired", "full-time", "group-directories-first", "human-readable", "inode", "kibibytes",
        "numeric-uid-gid", "no-group", "hide-control-chars", "reverse", "size", "width", "almost-all", "ignore-backups", "classify",
        "file-type", "si", "dereference-command-line", "dereference-command-line-symlink-to-dir", "hide", "ignore", "indicator-style",
        "dereference", "literal", "quote-name", "quoting-style", "recursive", "format", "show-control-chars", "sort", "tabsize", "time",
        "time-style", "zero", "color", "hyperlink", "block-size", "context", "author", "help", "version",
    ]
    /// ls 9.1's words for its options where filetable adds its own
    /// (`--sort=name`, `bytes`): an abbreviation they share stands for ls's.
    static let lsWords: [String: Set<String>] = ["sort": ["none", "time", "size", "extension", "version", "width"]]

    /// ls's options whose words its argmatch checks: a word it does not
    /// know exits 1 there, where a bad option exits 2.
    static let lsArgmatchOptions: Set<String> = ["color", "format", "sort", "time", "quoting-style", "indicator-style", "hyperlink", "classify"]

    /// hexdump's long names for its letters, read after `--hex`.
    static let hexdumpLongNames: [String: Character] = [
        "one-byte-octal": "b", "one-byte-hex": "X", "one-byte-char": "c", "canonical": "C", "two-bytes-decimal": "d", "two-bytes-octal": "o",
        "two-bytes-hex": "x", "no-squeezing": "v",
    ]
    static let shells = ["bash", "zsh", "fish"]

    static let general: [OptionSpec] = [
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
