import FileBrowsing

/// `view N|NAME [+LINE|/TEXT] [--wrap]`: a text file a screen at a time, or
/// hex when it is binary.
struct ViewCommand: RegisteredCommand {
    let row: RowReference
    var from: ViewStart?
    var wraps = false
    /// `--there`: in a comparison, the row's file on the other side.
    var there = false

    static let usesTheTerminal = true

    static let spec = CommandSpec(
        name: "view", aliases: ["v", "cat"], usage: "view N|NAME [+LINE|/TEXT] [--wrap] [--there]",
        summary: "show row N as text, or as hex if binary",
        details:
            "A text file (with --there, in a comparison, the row's file on the other side) is shown a screen at a time with line numbers, tabs expanded (--tabs N on the command line), control characters and invalid UTF-8 escaped, from line 1, from +LINE, or from the first line holding /TEXT (ASCII case ignored); at a terminal a header names the file, the lines shown and how far in, and a line wider than the screen is cut with …, or with --wrap goes on over the next rows. A binary one (NUL bytes or invalid UTF-8 in its first 8 KiB) switches to the hex view. Right after a screen, these keys (then Enter) move the view, as in less: Enter or f forward a screen, b back, d/u half a screen, j/k a line (5j five), g top, G end, NNg line NN, NN% percent, /TEXT and ?TEXT search forward and back with the matches highlighted, n/N the next and the one before, -N line numbers, -S wrap, q close the view and show the table. 'more' continues, also after other commands."
    )

    static func parse(_ words: CommandWords) throws(CommandError) -> Self {
        var command = try parseWithoutFlags(words, arguments: words.arguments.filter { $0 != "--wrap" && $0 != "--there" })
        command.wraps = words.arguments.contains("--wrap")
        command.there = words.arguments.contains("--there")
        return command
    }

    private static func parseWithoutFlags(_ words: CommandWords, arguments: [String]) throws(CommandError) -> Self {
        guard (1...2).contains(arguments.count) else {
            throw words.usageError(arguments.isEmpty ? "missing argument" : "too many arguments")
        }
        let row = try CommandWords.row(arguments[0])
        guard arguments.count == 2 else { return ViewCommand(row: row) }
        let start = arguments[1]
        if start.hasPrefix("+") {
            return ViewCommand(row: row, from: .line(try CommandWords.number(String(start.dropFirst()), for: "view: line")))
        }
        guard start.hasPrefix("/"), start.count > 1 else { throw words.usageError("'\(start)' is neither +LINE nor /TEXT") }
        return ViewCommand(row: row, from: .text(String(start.dropFirst())))
    }

    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion {
        return position == 1 ? .rows : .words(["--wrap", "--there"])
    }

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.view(row, from: from, wraps: wraps, there: there)
        return .keepGoing
    }
}

extension Command {
    static func view(row: RowReference, from: ViewStart? = nil, wraps: Bool = false) -> Command {
        Command(ViewCommand(row: row, from: from, wraps: wraps))
    }
}

/// Where `view` starts: at a line number, or at the first line holding a text.
enum ViewStart: Equatable {
    case line(Int)
    case text(String)
}

extension CommandContext {
    func view(_ reference: RowReference, from start: ViewStart? = nil, wraps: Bool = false, there: Bool = false) throws(CommandError) {
        let row = try row(reference, for: "view")
        let model = current.model
        if !there, case .success(let target) = model.targetStatus(ofRow: row) {
            let path = current.path(ofRow: row)
            if target.kind == .directory { throw CommandError("view: \(NameEscaping.escape(path)) is a directory; 'open \(row + 1)' lists it") }
            if let refusal = HexDumpReader.refusal(for: target) { throw CommandError("view: \(NameEscaping.escape(path)): \(refusal)") }
            if target.kind != .file {
                write("view: not a regular file; showing hex")
                return try hex(.number(row + 1), offset: .fromStart(0), length: nil, notices: 1)
            }
        }
        // Reading the first 8 KiB must not freeze the prompt on a mount that stopped answering.
        var (file, path) = try viewedFile("view", row: row, there: there)
        var notices = 1
        do {
            if let text = try CompressedText.text(of: file, stop: stop.isRequested) {
                write("view: gzip-compressed text, shown decompressed ('hex \(row + 1)' shows the file's own bytes)")
                file = text
                notices += 1
            }
        } catch {
            throw CommandError("view: \(NameEscaping.escape(path)): \(error.description)")
        }
        switch ContentKind.of(file) {
        case .failure(let error):
            throw CommandError("view: \(NameEscaping.escape(path)): \(error.reasonText)")
        case .success(.binary(let reason)):
            write("view: binary (\(reason) in the first 8 KiB); showing hex")
            try hex(.number(row + 1), offset: .fromStart(0), length: nil, notices: 1, there: there)
        case .success(.empty):
            write("view: \(NameEscaping.escape(path)) is empty")
        case .success(.text):
            write("view: text (UTF-8 without NUL bytes in the first 8 KiB)")
            let viewer: TextViewer
            do {
                viewer = try TextViewer(file: file, layout: textLayout(wraps: wraps))
                viewer.title = model.name(ofRow: row)
                switch start {
                case nil: break
                case .line(let number): try viewer.startAtLine(number)
                case .text(let text): try viewer.startAtMatch(of: text)
                }
            } catch ViewerError.notFound {
                let typed = if case .text(let text) = start { text } else { "" }
                throw CommandError("view: no line of \(NameEscaping.escape(path)) holds '\(typed)'")
            } catch let error as ViewerError {
                throw CommandError(Self.message("view", error, path: path))
            } catch let error as FileError {
                throw CommandError("view: \(error.description)")
            } catch {
                throw CommandError("view: \(error)")
            }
            openView.open(.text(viewer))
            try showText(viewer, notices: notices)
        }
    }
}
