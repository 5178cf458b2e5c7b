import FileBrowsing

/// `jump X`: the page where the section with index title X starts.
struct JumpCommand: RegisteredCommand {
    let title: String

    static let spec = CommandSpec(
        name: "jump", aliases: [], usage: "jump X", summary: "go to section X",
        details: "Shows the page where the section with index title X starts.")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return JumpCommand(title: try words.one())
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .indexTitles : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let table = context.current.table
        guard !table.sectionIndexTitles.isEmpty else { throw CommandError("jump: no sections (try 'group letter' or 'group kind')") }
        guard let section = table.section(forIndexTitle: title) else {
            throw CommandError("jump: no section '\(title)' (index: \(table.sectionIndexTitles.joined(separator: " ")))")
        }
        context.preparePage()
        table.scrollToRow(table.firstFlatRow(ofSection: section))
        context.printPage()
        return .keepGoing
    }
}

extension Command {
    static func jump(_ title: String) -> Command { Command(JumpCommand(title: title)) }
}
