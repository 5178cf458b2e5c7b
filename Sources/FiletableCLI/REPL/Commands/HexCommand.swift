import FileBrowsing

/// `hex N|NAME [OFFSET [LENGTH]]`, `hex N @OFFSET` and `hex N /BYTES`: a
/// hex dump a screen at a time.
struct HexCommand: RegisteredCommand {
    let row: RowReference
    let offset: HexStart
    let length: UInt64?
    /// `hex N /de ad be ef`: opened at the first match, as `view N /TEXT` is.
    var search: ViewerMove?
    /// `--there`: in a comparison, the row's file on the other side.
    var there = false

    static let usesTheTerminal = true

    static let spec = CommandSpec(
        name: "hex", aliases: ["x"], usage: "hex N|NAME [OFFSET [LENGTH]|/BYTES]", summary: "hex dump of row N, a screen at a time",
        details:
            "Shows row N as hexdump -C does (with --there, in a comparison, its file on the other side), one screen at a time, from OFFSET (decimal, 0x hex, or with k/m/g; -OFFSET counts back from the end, as xxd -s does), for at most LENGTH bytes; 'hex N @OFFSET' jumps. Offsets shown are file offsets; an offset past the end is refused. Right after a screen the viewer's keys move it ('hex N /de ad be ef' opens at the first match): Enter or f on, b back, d/u half a screen, j/k a line, g/G top/end, NNg offset NN, NN% percent, /de ad be ef or /\"text\" searches for bytes (?... back), n/N the next match, q closes ('help view' lists them). FIFOs and sockets are refused."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var command = try parseWithoutFlags(words, arguments: words.arguments.filter { $0 != "--there" })
        command.there = words.arguments.contains("--there")
        return command
    }

    private static func parseWithoutFlags(_ words: CommandWords, arguments: [String]) throws(CommandError) -> Self {
        // `/de ad be ef` (or `/"text"`) after the row: the rest of the line is the search.
        if arguments.count >= 2, arguments[1].hasPrefix("/") {
            let text = arguments[1...].joined(separator: " ")
            guard let move = ViewerMove.parse(text), text.count > 1 else {
                throw words.usageError("'\(text)' is not a search such as /de ad be ef or /\"text\"")
            }
            return HexCommand(row: try CommandWords.row(arguments[0]), offset: .fromStart(0), length: nil, search: move)
        }
        guard (1...3).contains(arguments.count) else {
            throw words.usageError(arguments.isEmpty ? "missing argument" : "too many arguments")
        }
        let row = try CommandWords.row(arguments[0])
        var offsetText = arguments.count > 1 ? arguments[1] : "0"
        if offsetText.hasPrefix("@") {
            guard arguments.count == 2 else { throw words.usageError("@OFFSET takes no LENGTH") }
            offsetText.removeFirst()
        }
        let fromEnd = offsetText.hasPrefix("-")
        if fromEnd { offsetText.removeFirst() }
        guard let value = ByteCount.parse(offsetText) else {
            throw CommandError("hex: '\(fromEnd ? "-" : "")\(offsetText)' is not an offset (such as 4096, 0x1000, 4k, or -16 from the end)")
        }
        let offset: HexStart = fromEnd ? .fromEnd(value) : .fromStart(value)
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

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.hex(row, offset: offset, length: length, notices: 0, search: search, there: there)
        return .keepGoing
    }
}

extension Command {
    static func hex(row: RowReference, offset: UInt64, length: UInt64?) -> Command {
        Command(HexCommand(row: row, offset: .fromStart(offset), length: length))
    }

    static func hex(row: RowReference, fromEnd: UInt64, length: UInt64?) -> Command {
        Command(HexCommand(row: row, offset: .fromEnd(fromEnd), length: length))
    }
}

/// Where `hex` starts: an offset from the file's start, or back from its end.
enum HexStart: Equatable {
    case fromStart(UInt64)
    case fromEnd(UInt64)
}

extension CommandContext {
    func hex(
        _ reference: RowReference, offset start: HexStart, length: UInt64?, notices: Int, search: ViewerMove? = nil, there: Bool = false
    ) throws(CommandError) {
        let row = try row(reference, for: "hex")
        let (file, path) = try viewedFile("hex", row: row, there: there)
        let offset: UInt64
        switch start {
        case .fromStart(let value): offset = value
        case .fromEnd(let back):
            guard let size = file.size else {
                throw CommandError("hex: \(NameEscaping.escape(path)): size unknown (not a regular file); no end to count from")
            }
            offset = size > back ? size - back : 0
        }
        if let size = file.size, offset > size {
            throw CommandError("hex: \(NameEscaping.escape(path)): offset \(offset) is past the end (\(Plural.count(Int(clamping: size), "byte")))")
        }
        let viewer = HexViewer(file: file, start: offset, limit: length.map { ByteCount.end(from: offset, length: $0) })
        viewer.title = current.model.name(ofRow: row)
        openView.open(.hex(viewer))
        // `hex N /de ad`: the first screen is the one holding the first match.
        if let search {
            do {
                try viewer.apply(search, height: viewerHeight(notices: notices))
            } catch {
                leaveShown(.viewerScreen)
                throw CommandError(Self.message("hex", error, path: file.path))
            }
        }
        try showHex(viewer, notices: notices)
    }
}
