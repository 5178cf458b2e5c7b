import FileBrowsing

/// `hex N|NAME [OFFSET [LENGTH]]` and `hex N @OFFSET`: a hex dump a screen at a time.
struct HexCommand: RegisteredCommand {
    let row: RowReference
    let offset: UInt64
    let length: UInt64?

    static let spec = CommandSpec(
        name: "hex", aliases: ["x"], usage: "hex N|NAME [OFFSET [LENGTH]]", summary: "hex dump of row N, a screen at a time",
        details:
            "Shows row N as hexdump -C does, one screen at a time, from OFFSET (decimal, 0x hex, or with k/m/g), for at most LENGTH bytes; 'more' or an empty line continues; 'hex N @OFFSET' jumps. Offsets shown are file offsets. FIFOs and sockets are refused."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        let arguments = words.arguments
        guard (1...3).contains(arguments.count) else {
            throw words.usageError(arguments.isEmpty ? "missing argument" : "too many arguments")
        }
        let row = try CommandWords.row(arguments[0])
        var offsetText = arguments.count > 1 ? arguments[1] : "0"
        if offsetText.hasPrefix("@") {
            guard arguments.count == 2 else { throw words.usageError("@OFFSET takes no LENGTH") }
            offsetText.removeFirst()
        }
        guard let offset = ByteCount.parse(offsetText) else {
            throw CommandError("hex: '\(offsetText)' is not an offset (such as 4096, 0x1000 or 4k)")
        }
        var length: UInt64?
        if arguments.count == 3 {
            guard let value = ByteCount.parse(arguments[2]) else {
                throw CommandError("hex: '\(arguments[2])' is not a length (such as 256, 0x100 or 1k)")
            }
            length = value
        }
        return HexCommand(row: row, offset: offset, length: length)
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .nothing
    }

    func run(in context: CommandContext) throws(CommandError) -> Session.Outcome {
        try context.viewing.hex(row, offset: offset, length: length)
        return .keepGoing
    }
}

extension Command {
    static func hex(row: RowReference, offset: UInt64, length: UInt64?) -> Command {
        Command(HexCommand(row: row, offset: offset, length: length))
    }
}
