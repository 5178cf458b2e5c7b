/// Every REPL command's names, usage and help text, in one table that the
/// parser, `help` and the "did you mean" suggestion all read.
struct CommandSpec {
    let name: String
    let aliases: [String]
    let usage: String
    let summary: String
    let details: String
}

enum CommandCatalog {
    static let all: [CommandSpec] = [
        CommandSpec(
            name: "list", aliases: ["ls"], usage: "list [-l] [-a]", summary: "print the current page again",
            details:
                "Reprints the page you are on, with its header and footer. As in ls, -l switches to the long style ('style long') and -a shows hidden files ('hidden on')."
        ),
        CommandSpec(
            name: "next", aliases: ["n"], usage: "next", summary: "next page",
            details: "Shows the next page. An empty line does the same."),
        CommandSpec(
            name: "prev", aliases: ["p", "previous"], usage: "prev", summary: "previous page",
            details: "Shows the previous page."),
        CommandSpec(name: "top", aliases: [], usage: "top", summary: "first page", details: "Shows the first page."),
        CommandSpec(name: "end", aliases: [], usage: "end", summary: "last page", details: "Shows the last page."),
        CommandSpec(
            name: "page", aliases: [], usage: "page K", summary: "page K",
            details: "Shows page K (counted from 1)."),
        CommandSpec(
            name: "goto", aliases: ["g"], usage: "goto N|NAME", summary: "the page holding row N",
            details: "Shows the page that holds row N. Row numbers run across the whole table."),
        CommandSpec(
            name: "find", aliases: ["/"], usage: "find [TEXT] [--depth N]", summary: "next name holding TEXT, here and below",
            details:
                "Searches the names (ignoring case) of this table's rows in the order shown, each directory's contents right after its row, as find(1) walks a tree; links are not followed, marked entries are left out, and --depth N stops N levels down (1: this table only). A match here moves to its page; a match deeper shows its directory as a new level on the match's page ('back' returns). 'find' alone, the same TEXT again, or 'n' right after a match go on to the next match. Ctrl-C stops a long search, and 'find' goes on from there."
        ),
        CommandSpec(
            name: "open", aliases: ["o"], usage: "open N|NAME  (or just N)", summary: "open row N",
            details:
                "A directory, or a symlink to one, is pushed as a new table; a file shows its details. Every command that takes a row takes its number, its name as shown (escapes typed as shown; Tab completes it), or the start of a name no other row starts with."
        ),
        CommandSpec(
            name: "back", aliases: ["b"], usage: "back [all]", summary: "return to the previous table",
            details: "Pops one level and restores it as you left it (page, sort, filter, style). 'back all' returns to the first level."),
        CommandSpec(
            name: "up", aliases: [], usage: "up", summary: "open the parent directory",
            details:
                "Pushes the parent of the path shown as a new level, as 'cd ..' does, on the page that holds the directory you came from: after entering a link, up returns to the directory holding the link."
        ),
        CommandSpec(
            name: "cd", aliases: [], usage: "cd [PATH|N|-]", summary: "open PATH",
            details:
                "'cd' alone goes home, 'cd -' to the directory shown before the last move, 'cd N' opens row N. Otherwise pushes PATH as a new level: absolute, relative to the current directory, ~ or ~/x. Names may be typed as shown (\\n, \\xHH, \\u{…}). Paths are logical, as in a shell: the path shown is the path you walked, '..' takes its last component off (after 'cd link', 'cd ..' returns to the directory holding the link), and every level is opened by the path it shows, so rows, info, marks and exports name the files that path leads to. 'pwd' shows where a directory really is when links make that differ."
        ),
        CommandSpec(
            name: "pwd", aliases: [], usage: "pwd", summary: "where you are",
            details:
                "Prints the navigation stack as a breadcrumb, then the path walked to the current directory (as pwd -L), then, when links make it differ, 'physical:' and where the directory really is (as pwd -P)."
        ),
        CommandSpec(
            name: "info", aliases: ["i"], usage: "info N|NAME", summary: "details of row N",
            details:
                "Path, type, size, permissions, owner, group, inode, device, links, times, a link's target, a directory's entry count, and whether the content looks like text or binary."
        ),
        CommandSpec(
            name: "hex", aliases: ["x"], usage: "hex N|NAME [OFFSET [LENGTH]]", summary: "hex dump of row N, a screen at a time",
            details:
                "Shows row N as hexdump -C does, one screen at a time, from OFFSET (decimal, 0x hex, or with k/m/g), for at most LENGTH bytes; 'more' or an empty line continues; 'hex N @OFFSET' jumps. Offsets shown are file offsets. FIFOs and sockets are refused."
        ),
        CommandSpec(
            name: "view", aliases: ["v"], usage: "view N|NAME [+LINE|/TEXT] [--wrap]", summary: "show row N as text, or as hex if binary",
            details:
                "A text file is shown a screen at a time with line numbers, control characters and invalid UTF-8 escaped, from line 1, from +LINE, or from the first line holding /TEXT; at a terminal a line wider than the screen is cut with …, or with --wrap goes on over the next rows. A binary one (NUL bytes or invalid UTF-8 in its first 8 KiB) switches to the hex view. 'more' continues, also after other commands; an empty line continues it right after a screen of it."
        ),
        CommandSpec(
            name: "more", aliases: ["m"], usage: "more", summary: "next screen of hex or view",
            details: "Continues the hex or text view where the last screen stopped. An empty line does the same while a view is open."),
        CommandSpec(
            name: "reload", aliases: [], usage: "reload", summary: "read the directory again",
            details: "Enumerates the current directory again and says what changed (+added -removed); sort, filter and page are kept."),
        CommandSpec(
            name: "du", aliases: [], usage: "du", summary: "size every row with everything below it",
            details:
                "Scans the tree below this directory on every core (a progress line at a terminal; Ctrl-C stops it), then shows each row's space on disk, its share of the level and a bar; 'sort du' orders by it. Levels below are sized by the same scan, so opening them shows figures at once; reload scans again. Marked rows leave the total, and the header says what the plan would free. Nothing is deleted."
        ),
        CommandSpec(
            name: "stats", aliases: [], usage: "stats", summary: "engine counters",
            details: "Rows, entries materialised (stat calls), cells created and reused by the table, and stat cache entries."),
        CommandSpec(
            name: "sort", aliases: [], usage: "sort name|size|time|ext|none|du [asc|desc]", summary: "change the order",
            details:
                "Sorts the current table. name is natural order (a1 A2 a10 b); size and time put the largest and newest first unless asc is given; du orders by the space 'du' found, largest first."
        ),
        CommandSpec(
            name: "watch", aliases: [], usage: "watch on|off", summary: "follow changes to the directory as they come",
            details:
                "At a terminal every level's directory is watched: changes show as one line above the prompt (+2 -1 since this page was drawn), and a marked file that changes or vanishes is reported at once. watch on applies them as they come (the page drawn again, at most four times a second); watch off goes back to the note. In a batch nothing is watched."
        ),
        CommandSpec(
            name: "dirsfirst", aliases: [], usage: "dirsfirst on|off", summary: "directories before files",
            details: "Lists directories before every other entry."),
        CommandSpec(
            name: "hidden", aliases: [], usage: "hidden on|off", summary: "show dot files",
            details: "Shows or hides entries whose name starts with a dot."),
        CommandSpec(
            name: "filter", aliases: [], usage: "filter [GLOB]", summary: "only names matching GLOB",
            details: "Lists only names matching the glob (such as *.log); 'filter' alone clears it."),
        CommandSpec(
            name: "group", aliases: [], usage: "group none|letter|kind", summary: "sections",
            details: "Splits the table into sections with headers and footers: by first letter (with an index) or by kind."),
        CommandSpec(
            name: "index", aliases: [], usage: "index", summary: "the section index",
            details: "Prints the section index titles; 'jump X' goes to one."),
        CommandSpec(
            name: "jump", aliases: [], usage: "jump X", summary: "go to section X",
            details: "Shows the page where the section with index title X starts."),
        CommandSpec(
            name: "style", aliases: [], usage: "style default|subtitle|value1|value2|long", summary: "cell style",
            details:
                "default shows the name, > after a directory and @ after a link; subtitle puts size and time under the name; value1 puts the size after the names, at the right of the widest; value2 shows a short kind label, then the name; long shows what filetable -l shows: permissions, links, owner, group, size and time, and -> target after a link ('ls -l' does the same)."
        ),
        CommandSpec(
            name: "edit", aliases: [], usage: "edit", summary: "editing mode",
            details: "Shows a delete control (-) on every row that can be marked; 'done' ends it. Marking works in and out of editing mode."),
        CommandSpec(name: "done", aliases: [], usage: "done", summary: "end editing mode", details: "Leaves editing mode."),
        CommandSpec(
            name: "mark", aliases: ["delete", "rm"], usage: "mark ARGS", summary: "mark rows for simulated deletion",
            details:
                "ARGS: row numbers, ranges (3-7), lists (1,4,9), globs over the names in view (*.log), or all. Marked rows leave the table and the rows below are renumbered; nothing is ever deleted. Marking several rows or a directory lists them and asks with what they cover (files, directories, bytes; Ctrl-C stops a long count), unless -y was given or in a script. Ctrl-D or Ctrl-C at a question means no. A mark is the file the row showed; a row whose directory has moved since the table was read is refused."
        ),
        CommandSpec(
            name: "unmark", aliases: [], usage: "unmark ARGS", summary: "take marks off rows",
            details: "Takes marks off rows shown with 'show marked' (the D column). ARGS as for mark."),
        CommandSpec(
            name: "undo", aliases: [], usage: "undo", summary: "revert the last mark, unmark or clear",
            details: "Reverts the last mark, unmark or marks clear; again and again, back to the start of the session."),
        CommandSpec(
            name: "show", aliases: [], usage: "show marked", summary: "bring marked rows back into view",
            details: "Shows marked rows again, with a D in the control column."),
        CommandSpec(name: "hide", aliases: [], usage: "hide marked", summary: "take marked rows out of view", details: "Hides marked rows again."),
        CommandSpec(
            name: "marks", aliases: [], usage: "marks [export FILE [--json|--sh] [--force] [--changed]|verify|prune|clear]",
            summary: "the deletion plan",
            details:
                "A mark is the file the row showed (its device and inode, read through the directory the table lists) and the path that led to it. 'marks' lists every marked path by directory, each checked again, and the total files, directories, bytes and KiB on disk (directories counted recursively, each inode once; unreadable directories make the totals a lower bound). 'marks export FILE' writes the paths NUL-separated (for xargs -0); --json writes each with its snapshot; --sh writes a reviewable script of rm -rf lines. The plan appears whole or not at all (written beside FILE, then renamed). An existing FILE is kept unless --force, which replaces the name (never writes into the old file, another link to it or a link); a FIFO, device or directory is refused. An export stops if a marked path now leads to a different file or its directory is a different one, and if a marked file or directory changed since it was marked unless --changed. 'marks verify' lists marked paths changed, replaced or vanished since they were marked; 'marks prune' drops the vanished and replaced ones. 'marks clear' drops every mark. Quitting with marks not exported asks first."
        ),
        CommandSpec(
            name: "pager", aliases: [], usage: "pager N|NAME", summary: "open row N in $PAGER",
            details:
                "Opens a regular file in $PAGER (less when unset), started in the directory the table lists with the name as ./NAME; the table is as you left it when the pager ends. Directories, FIFOs, sockets and devices are refused."
        ),
        CommandSpec(
            name: "!", aliases: [], usage: "!COMMAND", summary: "run a shell command",
            details:
                "Runs COMMAND with /bin/sh in the directory the table lists (the one its rows came from, entered by its descriptor); '!' alone starts $SHELL. The rest of the line goes to the shell as typed. A command that fails is reported with its exit status; in a script that stops the script unless the line starts with '-'. filetable itself never changes a file, but the command you run can: it is yours."
        ),
        CommandSpec(
            name: "help", aliases: ["?", "h"], usage: "help [CMD]", summary: "this list, or one command",
            details: "Lists the commands, or explains one."),
        CommandSpec(
            name: "history", aliases: [], usage: "history", summary: "the lines typed before",
            details:
                "Lists the lines typed at the prompt, oldest first. Up and Down walk them; Ctrl-R searches back, Ctrl-S forward. They are kept in $XDG_STATE_HOME/filetable/history (default ~/.local/state/filetable/history), at most 1,000, without repeats or lines typed with a leading space; a script's commands are never kept."
        ),
        CommandSpec(
            name: "quit", aliases: ["exit", "q"], usage: "quit", summary: "leave",
            details:
                "Leaves filetable (so does Ctrl-D). With marks changed since the last 'marks export', a terminal session asks first; a script does not."
        ),
    ]

    /// The spec for a name or alias, ignoring case.
    static func spec(named word: String) -> CommandSpec? {
        let word = word.lowercased()
        return all.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// The closest command name to a mistyped word, if any is close.
    static func suggestion(for word: String) -> String? {
        let word = word.lowercased()
        var best: (name: String, distance: Int)?
        for spec in all {
            for candidate in [spec.name] + spec.aliases where candidate.count > 1 {
                let distance = editDistance(word, candidate)
                // One slip (a swap counts as one); two only in longer words.
                if distance <= (word.count >= 6 ? 2 : 1), distance < (best?.distance ?? Int.max) {
                    best = (spec.name, distance)
                }
            }
        }
        return best?.name
    }

    /// Levenshtein distance, with a swap of neighbours counting as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a)
        let y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }

    /// The text of `help`: one line per command.
    /// The commands by what they are for, in the order `help` lists them.
    static let groups: [(title: String, names: [String])] = [
        ("Paging", ["list", "next", "prev", "top", "end", "page", "goto", "find"]),
        ("Moving around", ["open", "back", "up", "cd", "pwd"]),
        ("Looking at files", ["info", "hex", "view", "more", "pager", "reload", "watch", "du", "stats"]),
        ("The view", ["sort", "dirsfirst", "hidden", "filter", "group", "index", "jump", "style"]),
        ("Editing and the deletion plan", ["edit", "done", "mark", "unmark", "undo", "show", "hide", "marks"]),
        ("The session", ["!", "history", "help", "quit"]),
    ]

    /// `help`: the commands in their groups, each summary wrapped at word
    /// boundaries to `width` columns under its own column.
    static func overview(width: Int) -> [String] {
        var lines = TextWrapping.wrap("Commands (case does not matter; a row is its number or its name):", width: width)
        let usageWidth = min(all.map(\.usage.count).max() ?? 0, max(8, width / 2))
        for group in groups {
            lines.append("")
            lines.append(group.title + ":")
            for name in group.names {
                guard let spec = spec(named: name) else { continue }
                let aliases = spec.aliases.isEmpty ? "" : "  [" + spec.aliases.joined(separator: ", ") + "]"
                let lead = "  " + spec.usage.padding(toLength: usageWidth) + "  "
                let hanging = String(repeating: " ", count: 4 + usageWidth)
                if spec.usage.count > usageWidth {
                    lines.append("  " + spec.usage)
                    lines += TextWrapping.wrap(spec.summary + aliases, width: width, first: hanging, rest: hanging)
                } else {
                    lines += TextWrapping.wrap(spec.summary + aliases, width: width, first: lead, rest: hanging)
                }
            }
        }
        lines.append("")
        lines += TextWrapping.wrap("An empty line shows the next page. 'help CMD' explains one command.", width: width)
        return lines
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
