import FileBrowsing
import SystemSeam
import Terminal

/// The config file as a session takes it: read once, before the session
/// starts, for a person at a terminal (the prompt and the screen; never a
/// listing mode, and never a script: `-e`, `-b` and piped commands run
/// the same everywhere). The command line wins over it: a setting it chose
/// (`-S`, `-a`, `--group-directories-first`, `--page-size`) is left alone.
struct SessionConfig {
    /// The prompt commands the settings become, run before the first
    /// page, each with where it was written (`FILE:LINE`).
    var startCommands: [(origin: String, line: String)] = []
    var keyMaps: [Key: String] = [:]
    var pageSize: Int?

    /// Reads the config `options` point at; its mistakes are said on
    /// standard error, one line each, and the rest is kept.
    static func load(for options: CommandLineOptions, diagnostics: Diagnostics) -> SessionConfig {
        let place = ConfigFile.location(given: options.repl.configFile, reads: options.repl.readsConfig, environment: Environment.value)
        guard let place else { return SessionConfig() }
        let file = ConfigFile.read(place, required: options.repl.configFile != nil)
        for mistake in file.mistakes { diagnostics.report(mistake, severity: .success) }
        var config = SessionConfig()
        config.keyMaps = file.keyMaps
        let name = NameEscaping.escape(place)
        for (line, setting, value) in file.settings where !options.chose(setting) {
            guard setting.name == "pagesize" else {
                config.startCommands.append(("\(name):\(line)", setting.name + " " + value))
                continue
            }
            switch UserNumber.parse(value, in: UserNumber.pageSize, what: "page size") {
            case .success(let size): config.pageSize = size
            case .failure(let problem): diagnostics.report("\(name):\(line): set pagesize: \(problem.message)", severity: .success)
            }
        }
        return config
    }
}

extension CommandLineOptions {
    /// Whether the command line chose what `setting` sets.
    func chose(_ setting: ConfigSetting) -> Bool {
        switch setting.name {
        case "sort": return sortChosen
        case "hidden": return listOptions.hidden != ListOptions().hidden
        case "dirsfirst": return listOptions.directoriesFirst || listOptions.filesFirst
        case "group": return listOptions.grouping != .none
        case "pagesize": return repl.pageSize != nil
        default: return false
        }
    }
}
