/// How the session runs (the REPL's options).
struct ReplOptions {
    /// `--choose-dir FILE`: where the directory in view is written when the session ends (cd on quit).
    var chooseDirFile: [UInt8]?
    /// `--choose-files FILE`: the picker; the files picked are written to FILE (`-`: standard output).
    var chooseFilesFile: [UInt8]?
    /// `--config FILE`: the config file read instead of the usual one.
    var configFile: [UInt8]?
    /// False with `--no-config`: no config file is read.
    var readsConfig = true
    /// REPL batch input: a file of commands, or "-" for standard input (`-b`).
    var batchFile: [UInt8]?
    /// REPL commands from the argument, separated by `;` (`-c`).
    var commands: String?
    /// Rows per REPL page (`--page-size`); nil to follow the terminal.
    var pageSize: Int?
    /// `--screen`: the session starts full screen.
    var startsOnScreen = false
    /// `--tabs N`: the text viewer's tab stops.
    var viewerTabs = 8
    /// Mark without asking (`-y`).
    var assumeYes = false
    /// The line editor at a terminal; `--no-edit` reads cooked lines.
    var lineEditing = true
}
