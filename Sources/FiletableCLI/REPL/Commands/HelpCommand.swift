import FileBrowsing

/// `help [CMD]`: the commands by group, or one explained; wrapped to the
/// screen's width (80 columns in a script), a screen at a time at a terminal.
struct HelpCommand: RegisteredCommand {
    let name: String?

    static let spec = CommandSpec(
        name: "help", aliases: ["?", "h"], usage: "help [CMD]", summary: "this list, or one command",
        details: "Lists the commands, or explains one.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        guard words.arguments.count <= 1 else { throw words.usageError("too many arguments") }
        return HelpCommand(name: words.arguments.first)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .commandNames : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let width = min(max(context.settings.window.columns() ?? 80, 20), 120)
        guard let name else {
            context.showLines(CommandCatalog.overview(width: width, inTheScreen: context.pagedByTheScreen), from: 0)
            return .keepGoing
        }
        // `help config`: the config file's settings and key maps.
        if name.lowercased() == "config" {
            context.showLines(ConfigSetting.help.flatMap { TextWrapping.wrap($0, width: width) }, from: 0)
            return .keepGoing
        }
        guard let spec = CommandCatalog.spec(named: name) else {
            throw CommandError("help: no command '\(name)'" + (CommandCatalog.suggestion(for: name).map { "; did you mean '\($0)'?" } ?? ""))
        }
        var lines = [spec.usage] + TextWrapping.wrap(spec.summary, width: width, first: "  ", rest: "  ")
        lines += TextWrapping.wrap(spec.details, width: width)
        if !spec.aliases.isEmpty { lines.append("Aliases: " + spec.aliases.joined(separator: ", ")) }
        context.showLines(lines, from: 0)
        return .keepGoing
    }
}

extension Command {
    static func help(_ name: String?) -> Command { Command(HelpCommand(name: name)) }
}
