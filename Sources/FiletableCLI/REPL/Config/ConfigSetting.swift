/// The settings a config file may set (`set NAME VALUE`), one table that
/// the reader, `help config` and the man page all read. Each is the
/// prompt command of the same name run before the first page, except
/// `pagesize`, which is the session's own; a setting the command line
/// chose (`-S`, `-a`, `--page-size`) is left as the command line said.
struct ConfigSetting: Sendable {
    let name: String
    /// The values it takes, as help lists them.
    let values: String
    let summary: String

    static let all: [ConfigSetting] = [
        ConfigSetting(name: "sort", values: "name|size|time|ext|width|none [asc|desc]", summary: "the first level's order (sort)"),
        ConfigSetting(
            name: "style", values: "default|subtitle|value1|value2|long|columns", summary: "how rows look, at the prompt and in the screen (style)"),
        ConfigSetting(name: "hidden", values: "on|off", summary: "dot files shown (hidden)"),
        ConfigSetting(name: "dirsfirst", values: "on|off", summary: "directories before files (dirsfirst)"),
        ConfigSetting(name: "group", values: "none|letter|kind", summary: "sections with headers (group)"),
        ConfigSetting(
            name: "layout", values: "columns|split|single|auto",
            summary: "the full-screen view's panes: Miller columns, the table beside the preview, or alone (layout)"),
        ConfigSetting(name: "git", values: "on|off", summary: "git's status beside each name (git)"),
        ConfigSetting(name: "gitignore", values: "on|off", summary: "what git ignores left out (gitignore)"),
        ConfigSetting(name: "watch", values: "on|off", summary: "changes to a directory shown as they come (watch), at a terminal"),
        ConfigSetting(name: "pagesize", values: "N", summary: "rows a prompt's page holds (--page-size); the terminal's height when not set"),
    ]

    static func named(_ name: String) -> ConfigSetting? { all.first { $0.name == name.lowercased() } }

    /// The lines `help config` and the man page show.
    static var help: [String] {
        [
            "The config file: $XDG_CONFIG_HOME/filetable/config (~/.config/filetable/config), or --config FILE; --no-config reads none.",
            "It applies to the prompt and the screen at a terminal, never to the listing modes (-l, --du, --tree stay their peers') or to scripts (-e, -b, piped commands); what the command line chose wins.",
            "Lines: 'set NAME VALUE', 'map KEY COMMAND' (a key of the screen runs a prompt command), '#' comments.",
            "A mistake names the file and the line; the session starts with the rest.",
            "Settings:",
        ] + all.map { "  set \($0.name) \($0.values)  \($0.summary)" } + [
            "Keys for map: a character (D), C-x (Ctrl-x), or a name: Enter Tab Space Esc Backspace Delete Up Down Left Right Home End PgUp PgDn.",
            "  map D du            d's sizes on D too",
            "  map C-t sort time   Ctrl-T sorts by time",
        ]
    }
}
