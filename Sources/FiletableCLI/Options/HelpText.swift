/// The text of `--help` and `--version`.
enum HelpText {
    static let version = "filetable 0.1.0"

    static let usage = """
    Usage: filetable [OPTION]... [PATH]
           filetable FORMAT [OPTION]... [PATH]...
    Browse directories the way a table view shows them: names first, details on demand.
    With no listing format, open a line-mode browser (the REPL) on PATH (default:
    the current directory); type 'help' there for its commands.

    The REPL:
      -b FILE                read commands from FILE ('-' for standard input), like
                             sftp -b; standard input that is not a terminal does the same
      -c 'CMD; CMD'          run these commands
          --page-size N      rows a page (default: the terminal's height, LINES, or 20)
      -y, --yes              mark several rows or a directory without asking
          --no-edit          read lines as the terminal gives them (no line editor,
                             history or completion; also with TERM=dumb)
    In a batch the first failing command stops it with status 1, unless the
    command starts with '-'; blank lines and '#' comments are skipped.

    Hex dumps (each FILE, or standard input; several get ==> FILE <== headers):
      -x, --hex              dump as hexdump -C does, byte for byte
          --format WORD      canonical (hexdump -C), xxd, or plain (xxd -p)
      -s, --skip N           start at byte N (decimal, 0x hex, or with k, m, g)
      -n, --length N         dump at most N bytes
      -v, --no-squeeze       print repeated lines instead of '*'
          --cols N           bytes a line (xxd -c; plain: 0 for one line)
          --group N          bytes a group (xxd -g; 0 for none)
          --upper            uppercase hex digits (xxd -u)
    Directories, FIFOs and sockets are refused; devices stream until --length,
    an interrupt or a closed pipe. --color colours bytes by class.

    Listing formats (each prints and exits):
      -1                     one name a line
      -l, --long             long format: permissions, links, owner, group, size, time, name
          --json             one JSON object per entry per line (exact names, typed fields)
      -0, --print0           exact names separated by NUL (paths with -R), for xargs -0
      -R, --recursive        list subdirectories recursively, with a header per directory
          --tree             draw the tree, like tree(1)
          --depth N          descend at most N levels (implies -R unless --tree)

    Which entries, in which order:
      -a, --all              include entries starting with '.', and '.' and '..'
      -A, --almost-all       include entries starting with '.', but not '.' and '..'
          --filter GLOB      list only names matching GLOB (such as '*.log')
          --sort WORD        name (natural: a1 A2 a10 b), size, time, ext, or none
      -S                     sort by size, largest first
      -t                     sort by modification time, newest first
      -X                     sort by extension
      -U                     do not sort (directory order)
      -r, --reverse          reverse the order
          --group-directories-first
                             directories before other entries
          --group WORD       sections: none, letter (A-Z and #), or kind

    How entries look:
      -h, --human-readable   sizes like 1.1K 234M 2.0G (powers of 1024)
      -F, --classify         append / @ | = * to directories, links, FIFOs, sockets, executables
          --color[=WHEN]     colour names: auto (the default: only on a terminal and
                             never when NO_COLOR is set), always, or never; LS_COLORS is honoured
      -L, --dereference      follow symbolic links when descending with -R or --tree

          --help             show this help and exit
          --version          show the version and exit

    Names are shown with control characters, invalid UTF-8 and bidirectional
    overrides escaped (\\n, \\t, \\\\, \\xHH, \\u{202E}), one entry a line; --json and
    --print0 give them exactly. filetable never changes the files it lists.

    Exit status: 0 if OK, 1 for trouble inside a listing (an unreadable
    subdirectory, a vanished entry), 2 for a PATH that cannot be listed, a bad
    option or a write error.
    """
}
