import FileBrowsing

/// The session's own options: batch commands, the page, the screen, the
/// picker, cd on quit and the config file.
extension OptionTable {
    static let repl: [OptionSpec] = [
        OptionSpec(
            "rev", value: .text, valueName: "REV", section: .formats,
            "each directory listed (-1, -l, -C, -R, --tree...) or FILE read (--cat, --hex, --xxd) as git revision REV holds it (git ls-tree, git show REV:FILE)",
            details:
                "Read with the git program (rev-parse, cat-file), read-only: --cat writes what git show REV:FILE prints for a file, --hex and --xxd dump it. A FILE not in REV, or a directory there, is said and the rest go on. A directory is listed from git ls-tree REV:DIR: each entry's mode and size as git keeps them, the time the revision's commit time, no owner (root). -R and --tree walk the revision from one git ls-tree -r a directory named, drawing and counting as they do on disk (--prune is not built for it); rev REV at the prompt opens a directory of a revision as a level."
        ) { options, argument in
            options.dump.revision = Array(argument.text.utf8)
        },
        OptionSpec(
            "batch", "b", value: .path, valueName: "FILE", section: .repl,
            "read commands from FILE ('-' for standard input), like sftp -b; standard input that is not a terminal does the same"
        ) { options, argument in
            options.repl.batchFile = argument.bytes
        },
        OptionSpec(
            "choose-dir", value: .path, valueName: "FILE", section: .repl,
            "when the session ends, write the directory in view to FILE (a shell function then cds there: cd on quit)",
            details:
                "Written when the session ends, however it ends (quit, q in the screen, Ctrl-D, the end of a batch): the directory of the level in view as the path you walked; inside an archive, the directory holding the archive; in a table of gathered rows (find --all, marks, dupes, a comparison), the directory it was made in. The exact bytes, no newline added. FILE is replaced if it exists (a regular file, never through a link). The README gives the bash, zsh and fish functions that make q leave the shell there."
        ) { options, argument in
            options.repl.chooseDirFile = argument.bytes
        },
        OptionSpec(
            "choose-files", value: .path, valueName: "FILE", section: .repl,
            "pick files: Enter on a file (or 'pick') ends the session and writes the paths picked to FILE, one a line ('-': standard output)",
            details:
                "The picker of editors and scripts (ranger's --choosefiles, nnn's -p, lf's -selection-path). In the full-screen view Enter on a file picks it and ends the session; Space selects a row (it stays, marked +) and Enter then picks the whole selection. At the prompt 'select ROWS' and 'pick [ROWS]' do the same. The paths are written as walked, exact bytes, one a line; FILE is replaced if it exists (a regular file, never through a link). With '-' they go to standard output, and when that is a pipe (vim $(filetable --choose-files - --screen)) the session draws on the terminal (/dev/tty). Rows inside an archive are no files on disk and cannot be picked. There are no deletion marks while picking. Status 0 when files were picked, 1 when the session ended without a pick."
        ) { options, argument in
            options.repl.chooseFilesFile = argument.bytes
        },
        OptionSpec(
            "config", value: .path, valueName: "FILE", section: .repl,
            "read the session's settings and key maps from FILE, not $XDG_CONFIG_HOME/filetable/config",
            details:
                "The config file holds 'set NAME VALUE' lines (sort, style, hidden, dirsfirst, group, watch, pagesize) and 'map KEY COMMAND' lines (a key of the full-screen view runs a prompt command); 'help config' at the prompt lists them. It applies to a session at a terminal, never to the listing modes or to scripts (-e, -b, piped commands); what the command line chose wins. A mistake names the file and the line, and the session starts with the rest."
        ) { options, argument in
            options.repl.configFile = argument.bytes
        },
        OptionSpec("no-config", section: .repl, "read no config file") { options, _ in
            options.repl.readsConfig = false
        },
        OptionSpec("command", "e", value: .text, valueName: "'CMD; CMD'", section: .repl, "run these commands (-c is ls's ctime)") {
            options, argument in
            options.repl.commands = argument.text
        },
        OptionSpec(
            "page-size", value: .number(UserNumber.pageSize, what: "page size"), valueName: "N", section: .repl,
            "rows a page (default: the terminal's height, LINES, or 20)"
        ) { options, argument in
            options.repl.pageSize = argument.number
        },
        OptionSpec(
            "screen", section: .repl, "open the full-screen view: one key a move, the detail pane beside (q leaves)",
            details:
                "The same session as the prompt's, drawn full screen on the alternate screen: Up/Down (j/k) move the highlight, Enter/Right open, Left/Backspace go back to the row you came from, / filters as you type, space marks for the plan, d sizes, s sorts, . hidden files, Tab the detail pane (by itself at 120 columns), : a REPL command, ? the keys, q leaves with status 0. Needs a terminal; the prompt ('screen' there) is the same session."
        ) { options, _ in
            options.repl.startsOnScreen = true
        },
        OptionSpec(
            "tabs", value: .number(UserNumber.viewerTabs, what: "tab size"), valueName: "N", section: .repl,
            "columns between tab stops in the text viewer (default 8)"
        ) { options, argument in
            options.repl.viewerTabs = argument.number
        },
        OptionSpec("yes", "y", section: .repl, "mark several rows or a directory without asking") { options, _ in
            options.repl.assumeYes = true
        },
        OptionSpec(
            "no-edit", section: .repl,
            "read lines as the terminal gives them (no line editor, history or completion; also with TERM=dumb)"
        ) { options, _ in
            options.repl.lineEditing = false
        },
    ]
}
