/// `filetable --generate-manual`: the man page in roff (man macros), made
/// from the same tables as `--help` (`OptionTable`) and the REPL's `help`
/// (`CommandCatalog`), so the three never disagree.
enum ManualPage {
    static let date = "2026-11-23"

    static func text() -> String {
        var page = [
            ".TH FILETABLE 1 \"\(date)\" \"filetable \(HelpText.versionNumber)\" \"User Commands\"",
            ".SH NAME",
            "filetable \\- browse directories as tables, list them as ls and tree do, dump files in hex",
            ".SH SYNOPSIS",
        ]
        for (index, line) in HelpText.synopsis.enumerated() {
            if index > 0 { page.append(".br") }
            page.append(".B filetable")
            page.append(escape(String(line.dropFirst("filetable ".count))))
        }
        page += [".SH DESCRIPTION", escape(HelpText.description), ".PP", escape(HelpText.namesNote)]
        page.append(".SH OPTIONS")
        for section in OptionSpec.Section.allCases {
            let (title, note) = OptionTable.heading(of: section)
            page.append(".SS " + escape(title))
            for spec in OptionTable.all where spec.section == section {
                page.append(".TP")
                page.append("\\fB" + escape(spec.synopsis.trimmingSpaces) + "\\fR")
                page.append(escape(spec.summary))
                if let details = spec.details { page += [".br", escape(details)] }
            }
            if let note { page += [".PP", escape(note)] }
        }
        page.append(".SH REPL COMMANDS")
        page.append(
            escape(
                "Without a listing format filetable opens the REPL: a numbered table a page at a time and a prompt. Commands ignore case; a row is its number or its name."
            ))
        for group in CommandCatalog.groups {
            page.append(".SS " + escape(group.title))
            for name in group.names {
                guard let spec = CommandCatalog.spec(named: name) else { continue }
                page.append(".TP")
                let aliases = spec.aliases.isEmpty ? "" : " (" + spec.aliases.joined(separator: ", ") + ")"
                page.append("\\fB" + escape(spec.usage) + "\\fR" + escape(aliases))
                page += [escape(spec.summary) + ".", ".br", escape(spec.details)]
            }
        }
        page.append(".SH THE FULL-SCREEN VIEW")
        page.append(
            escape(
                "filetable --screen, or screen at the prompt, shows the same session full screen: a highlighted row moved one key at a time, the highlighted row's detail beside the table at 120 columns or more. Its keys:"
            ))
        for key in ScreenKey.table {
            page += [".TP", "\\fB" + escape(key.keys) + "\\fR", escape(key.summary) + "."]
        }
        page.append(".SH THE CONFIG FILE")
        page += ConfigSetting.help.map { escape($0) }.joined(separator: "\n.br\n").split(separator: "\n").map(String.init)
        page += [".SH EXIT STATUS", escape(HelpText.exitStatusNote)]
        page.append(".SH ENVIRONMENT")
        for (name, meaning) in environment {
            page += [".TP", "\\fB" + name + "\\fR", escape(meaning)]
        }
        page += [
            ".SH FILES", ".TP", "\\fI$XDG_CONFIG_HOME/filetable/config\\fR",
            escape("The session's settings and key maps (default ~/.config/filetable/config), read, never written; see THE CONFIG FILE."),
            ".TP", "\\fI$XDG_STATE_HOME/filetable/history\\fR",
            escape(
                "The prompt's history (default ~/.local/state/filetable/history), mode 0600, at most 1,000 lines. With an export the user names, the only file filetable writes."
            ),
        ]
        page.append(".SH EXAMPLES")
        for (command, meaning) in examples {
            page += [".TP", "\\fB" + escape(command) + "\\fR", escape(meaning)]
        }
        page += [
            ".SH SEE ALSO", "\\fBls\\fR(1), \\fBtree\\fR(1), \\fBhexdump\\fR(1), \\fBxxd\\fR(1), \\fBsftp\\fR(1), \\fBless\\fR(1), \\fBdu\\fR(1)",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    static let environment: [(String, String)] = [
        ("LS_COLORS", "Colours for names, as ls reads them."),
        ("NO_COLOR", "When set (to anything), no colour unless --color=always is given."),
        ("LINES, COLUMNS", "The screen's size when standard output is not a terminal that says; COLUMNS first for -C and -x, as in ls."),
        ("LS_BLOCK_SIZE, BLOCK_SIZE", "The unit of sizes and allocated space when no option gives one, as --block-size reads it."),
        ("BLOCKSIZE", "The unit of -s and totals only."),
        ("TABSIZE", "Columns between tab stops in -C and -x (default 8)."),
        ("TERM", "dumb turns the line editor off."),
        ("PAGER", "The program 'pager N' starts (less when unset)."),
        ("SHELL", "The shell '!' alone starts (/bin/sh when unset)."),
        ("HOME", "Where 'cd' alone and '~' go, and the history's default place."),
        ("XDG_STATE_HOME", "Where the history is kept (filetable/history below it)."),
    ]

    static let examples: [(String, String)] = [
        ("filetable ~/src", "Browse ~/src at the prompt."),
        ("filetable -e 'sort size; list' /var/log", "Run REPL commands as a script."),
        ("filetable -C -w 100 --quoting-style=shell-escape ~", "Names in columns as ls shows them at a terminal."),
        ("filetable --hex -s 0x100 -n 64 -C /bin/ls", "64 bytes from offset 256, as hexdump -C -s 0x100 -n 64 shows them."),
        ("filetable -lh --sort size /var/log", "List as ls -lh does, largest first."),
        ("filetable --tree --depth 2 /etc", "Draw two levels of /etc as tree does."),
        ("filetable --hex --length 64 /bin/ls", "The first 64 bytes as hexdump -C shows them."),
        ("filetable --generate-completion-script bash > /etc/bash_completion.d/filetable", "Install bash completion."),
    ]

    /// Text made safe for roff: backslashes and minus signs escaped, other
    /// than ASCII as `\[uXXXX]`, and a
    /// line that would start with a control character (`.` or `'`) guarded.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where !character.isASCII:
                // groff reads ASCII; anything else by its code point.
                for scalar in character.unicodeScalars {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            default: escaped.append(character)
            }
        }
        return escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
