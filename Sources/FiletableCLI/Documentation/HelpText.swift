/// The text of `--help` and `--version`; the options' lines come from `OptionTable`.
enum HelpText {
    static let versionNumber = "0.2.0"

    /// The version, and the Swift compiler the program was built with.
    static var version: String { "filetable \(versionNumber) (built with Swift \(swiftVersion))" }

    static let swiftVersion: String = {
        #if compiler(>=6.5)
            return "6.5 or later"
        #elseif compiler(>=6.4)
            return "6.4"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0"
        #endif
    }()

    /// One line a mode, what people use most first, each with what it is.
    static let synopsis = [
        "filetable -l|-1|-C|--json [OPTION]... [PATH]...   list, in ls's letters",
        "filetable [OPTION]... [PATH]                     the prompt (the REPL)",
        "filetable --screen [PATH]                        the full-screen view",
        "filetable --du [du's letters]... [PATH]...       where the space goes",
        "filetable --tree [tree's letters]... [PATH]...   the tree",
        "filetable --hex [hexdump's letters]... [FILE]... hexdump -C",
        "filetable --xxd [xxd's letters]... [IN [OUT]]    xxd",
        "filetable --dupes [OPTION]... [PATH]...          files here twice",
        "filetable --compare A B                          how two trees differ",
        "filetable --cat FILE...                          bytes as cat, archives too",
    ]

    /// The sections `--help` shows, the listing's letters first; after a
    /// mode (`filetable --du --help`) that mode's letters alone.
    static func sections(for mode: OptionSpec.Mode) -> [OptionSpec.Section] {
        switch mode {
        case .du: return [.du, .general]
        case .tree: return [.tree, .general]
        case .hex: return [.hex, .general]
        case .xxd: return [.xxd, .hex, .general]
        case .listing, .repl: return [.formats, .selection, .appearance, .repl, .du, .tree, .hex, .xxd, .general]
        }
    }

    static let description = """
        Browse directories the way a table view shows them: names first, details on demand. \
        With no listing format, open a line-mode browser (the REPL) on PATH (default: \
        the current directory); type 'help' there for its commands.
        """

    static let namesNote = """
        Names are shown with control characters, invalid UTF-8 and bidirectional \
        overrides escaped (\\n, \\t, \\\\, \\xHH, \\u{202E}), one entry a line; --json and \
        --print0 give them exactly. filetable never changes the files it lists.
        """

    static let exitStatusNote = """
        Exit status: 0 if OK, 1 for trouble inside a listing (an unreadable \
        subdirectory, a vanished entry) or a failed command in a batch, 2 for a PATH \
        that cannot be listed, a bad option or a write error. After --du and --hex \
        every failure is 1, as du and hexdump give it; after --xxd and --tree a bad \
        option is 1, as xxd and tree give it.
        """

    /// Column where an option's summary starts.
    private static let summaryColumn = 25

    /// `--help`, wrapped to 80 columns.
    static var usage: String { usage(for: .listing) }

    /// `--help` after `mode`'s option (`--du --help`): its letters alone.
    static func usage(for mode: OptionSpec.Mode) -> String {
        var lines = ["Usage:"] + synopsis.map { "  " + $0 }
        lines += TextWrapping.wrap(description, width: 80)
        for section in sections(for: mode) {
            let (title, note) = OptionTable.heading(of: section)
            lines.append("")
            lines.append(title + ":")
            for spec in OptionTable.all where spec.section == section {
                lines += optionLines(spec)
            }
            if let note { lines += TextWrapping.wrap(note, width: 80) }
        }
        lines.append("")
        lines += TextWrapping.wrap(namesNote, width: 80)
        lines.append("")
        lines += TextWrapping.wrap(exitStatusNote, width: 80)
        return lines.joined(separator: "\n")
    }

    /// `  -s, --skip N           start at byte N …`, the summary wrapped
    /// under itself; a synopsis too long for its column gets a line of its own.
    static func optionLines(_ spec: OptionSpec) -> [String] {
        let lead = "  " + spec.synopsis
        let hanging = String(repeating: " ", count: summaryColumn)
        if lead.count + 2 > summaryColumn {
            return [lead] + TextWrapping.wrap(spec.summary, width: 80, first: hanging, rest: hanging)
        }
        return TextWrapping.wrap(spec.summary, width: 80, first: lead.padding(toLength: summaryColumn), rest: hanging)
    }
}
