import FileBrowsing

/// `page K`: page K, counted from 1.
struct PageCommand: RegisteredCommand {
    let number: Int

    static let spec = CommandSpec(
        name: "page", aliases: [], usage: "page K", summary: "page K",
        details: "Shows page K (counted from 1).")

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        return PageCommand(number: try CommandWords.number(try words.one(), for: words.name))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        let table = context
        table.preparePage()
        let count = table.current.table.pageCount
        guard number <= count else { throw CommandError("page: no page \(number) (pages are 1-\(count))") }
        table.current.table.scrollToPage(number - 1)
        table.printPage()
        return .keepGoing
    }
}

extension Command {
    static func page(_ number: Int) -> Command { Command(PageCommand(number: number)) }
}
