import FileBrowsing
import TableKit
import Terminal

/// What Tab offers for the line as it stands: the characters to replace
/// (the word being completed) and the words that could replace them.
struct Completion {
    var range: Range<Int>
    var candidates: [String]
    /// Whether a single candidate is finished (a space follows it) or goes
    /// on (a directory, which a `/` already ends).
    var appendsSpace: (String) -> Bool = { !$0.hasSuffix("/") }
}

/// Reads a line at a terminal with editing, history and completion, the
/// way readline and libedit do, with no package: the terminal is in raw mode
/// only while a line is read (RawTerminal), keys come from KeyDecoder, the
/// text lives in an EditBuffer, and the line is drawn on one row that
/// scrolls sideways when it is longer than the screen is wide.
final class LineEditor {
    /// Where keys come from and the line is drawn.
    let terminal: any TerminalDevice
    private var output: OutputSink { terminal.output }
    let history: History
    /// Offers completions for Tab; nil completes nothing.
    var completer: ((EditBuffer) -> Completion)?
    /// Waited on with the keyboard; what it says is printed above the line.
    weak var events: PromptEvents?
    /// The last thing above the prompt is a notice `wake` printed: the next
    /// one replaces it instead of adding a line.
    private var noticeShown = false

    /// The keys, read through the loop the full-screen view shares.
    let keys: KeyInput
    private var buffer = EditBuffer()
    private var prompt = ""
    /// Whether Esc abandons the line being read (the screen's `:` line).
    private var escapeCancels = false
    /// The first character shown when the line is wider than the screen.
    private var scrollIndex = 0
    /// History browsing: the entry shown, and the line being typed before it.
    private var historyIndex = 0
    private var draft = ""
    /// Incremental search (Ctrl-R / Ctrl-S): the text sought and the entry found.
    private var search: HistorySearch?
    /// The terminal stopped giving input (a hangup): no more lines will come.
    private(set) var inputFailed = false

    init(terminal: any TerminalDevice, history: History) {
        self.terminal = terminal
        keys = KeyInput(terminal: terminal, decoder: KeyDecoder())
        self.history = history
    }

    /// The columns a prompt may take before it gives way: the rest is the line's.
    static func promptRoom(columns: Int) -> Int { max(1, columns - min(20, columns / 2)) }

    /// Reads one line after `prompt` (already terminal-safe). Ctrl-C gives
    /// `.interrupted`, Ctrl-D on an empty line `.endOfInput`. With
    /// `remembers`, the line joins the history (questions do not). With
    /// `escapeCancels` (the screen's `:` line), Esc abandons the line as
    /// Ctrl-C does, saying nothing.
    func readLine(prompt: String, remembers: Bool = true, escapeCancels: Bool = false) -> LineSource.Line {
        self.prompt = prompt
        self.escapeCancels = escapeCancels
        // A question too wide to share its row with the answer (wider than
        // the room a prompt keeps, see `redraw`) gets rows of its own, wrapped
        // between words: it is never cut.
        let columns = terminal.size?.columns ?? 80
        if !remembers, TextWidth.of(prompt) > Self.promptRoom(columns: columns) {
            let question = String(prompt.reversed().drop { $0 == " " }.reversed())
            for row in TextWrapping.wrap(question, width: max(10, columns - 1)) { output.write(row + "\n") }
            self.prompt = "> "
        }
        buffer = EditBuffer()
        noticeShown = false
        scrollIndex = 0
        historyIndex = history.entries.count
        draft = ""
        search = nil
        output.flush()
        terminal.enterRaw()
        defer { terminal.leaveRaw() }
        redraw()
        while true {
            guard let key = nextKey() else {
                // In raw mode Ctrl-D is a key: an end of input means the terminal is gone.
                inputFailed = true
                finishLine()
                return .endOfInput
            }
            if let line = handle(key) {
                if case .text(let text) = line, remembers { history.add(text) }
                return line
            }
        }
    }

    // MARK: Keys

    /// The next key; nil when the input ends or fails. While it waits, the
    /// level's changes (`events`) print above the line and a resize draws it again.
    private func nextKey() -> Key? {
        var waiting = KeyInput.Waiting()
        if let events {
            waiting.descriptors = { events.descriptors.filter { $0 >= 0 } }
            waiting.timeout = { events.timeout }
            waiting.woke = { [unowned self] _ in show(events.wake()) }
        }
        waiting.resized = { [unowned self] in redraw() }
        return keys.next(waiting)
    }

    /// Whether Ctrl-C was typed while a long completion ran (in raw mode it
    /// is a byte, not a signal). Other keys typed meanwhile are kept for later.
    func cancelRequested() -> Bool { keys.interruptTyped() }

    /// What the level's changes said, above the prompt, which is drawn
    /// again with the line as it was.
    private func show(_ said: PromptEventOutput?) {
        switch said {
        case .notice(let line):
            // The notice replaces the one above the prompt, if that is where it is.
            output.write(
                (noticeShown ? TerminalControl.overwriteLine + TerminalControl.up(1) + TerminalControl.overwriteLine : TerminalControl.overwriteLine)
                    + line + "\n")
            noticeShown = true
            redraw()
        case .lines(let text):
            output.write(TerminalControl.overwriteLine + text)
            noticeShown = false
            redraw()
        case nil:
            break
        }
    }

    /// Acts on one key; returns the line's outcome when the key ends it.
    private func handle(_ key: Key) -> LineSource.Line? {
        if search != nil, searchTakes(key) { return nil }
        switch key {
        case .enter:
            finishLine()
            return .text(buffer.text)
        case .escape where escapeCancels:
            return .interrupted
        case .control("c"):
            // The runner ends the row, as after a cooked terminal's ^C.
            output.write("^C")
            output.flush()
            return .interrupted
        case .control("d"):
            if buffer.isEmpty {
                finishLine()
                return .endOfInput
            }
            buffer.deleteForward()
        case .text(let text): buffer.insert(NameEscaping.terminalSafe(text))
        case .paste(let bytes): buffer.insert(NameEscaping.escape(bytes))
        case .tab: complete()
        case .backspace: buffer.deleteBackward()
        case .delete: buffer.deleteForward()
        case .left, .control("b"): buffer.moveLeft()
        case .right, .control("f"): buffer.moveRight()
        case .home, .control("a"): buffer.moveHome()
        case .end, .control("e"): buffer.moveEnd()
        case .wordLeft, .alt("b"): buffer.moveWordLeft()
        case .wordRight, .alt("f"): buffer.moveWordRight()
        case .control("k"): buffer.killToEnd()
        case .control("u"): buffer.killToStart()
        case .control("w"), .alt("\u{7F}"): buffer.killWordBackward()
        case .alt("d"): buffer.killWordForward()
        case .control("y"): buffer.yank()
        case .control("t"): buffer.transpose()
        case .up, .control("p"): showHistory(historyIndex - 1)
        case .down, .control("n"): showHistory(historyIndex + 1)
        case .control("r"), .control("s"):
            search = HistorySearch()
        case .control("l"):
            output.write(TerminalControl.clearScreen)
        case .control("z"):
            suspend()
        case .pageDown where buffer.isEmpty:
            finishLine()
            return .text("next")
        case .pageUp where buffer.isEmpty:
            finishLine()
            return .text("prev")
        default:
            break
        }
        redraw()
        return nil
    }

    /// Up and Down: an older or newer entry, and back to the line being typed.
    private func showHistory(_ index: Int) {
        guard index >= 0, index <= history.entries.count, index != historyIndex else { return }
        if historyIndex == history.entries.count { draft = buffer.text }
        historyIndex = index
        buffer.replaceAll(with: index == history.entries.count ? draft : history.entries[index])
    }

    /// Keys while searching: whether the search took the key. Any key it
    /// does not take ends the search with the match in the line, and is then
    /// handled as usual (Enter runs the line).
    private func searchTakes(_ key: Key) -> Bool {
        guard var state = search else { return false }
        switch state.take(key, in: history) {
        case .searching:
            search = state
        case .cancelled:
            search = nil
        case .finished(let match):
            if let match {
                buffer.replaceAll(with: history.entries[match])
                historyIndex = match
            }
            search = nil
            return false
        }
        redraw()
        return true
    }

    /// Tab: a single candidate is put in whole; several put in what they
    /// share and, when that adds nothing, are listed in columns.
    private func complete() {
        guard let completer else { return }
        let completion = completer(buffer)
        let candidates = completion.candidates
        guard !candidates.isEmpty else {
            bell()
            return
        }
        if candidates.count == 1 {
            let only = candidates[0]
            buffer.replace(completion.range, with: only + (completion.appendsSpace(only) ? " " : ""))
            return
        }
        let shared = Self.commonPrefix(candidates)
        let typed = String(buffer.characters[completion.range])
        if shared.count > typed.count {
            buffer.replace(completion.range, with: shared)
            return
        }
        listInColumns(candidates.sorted { NaturalOrder.precedes(Array($0.utf8), Array($1.utf8)) })
    }

    private func listInColumns(_ candidates: [String]) {
        let columns = terminal.size?.columns ?? 80
        let rows = terminal.size?.rows ?? 24
        let width = (candidates.map { TextWidth.of($0) }.max() ?? 1) + 2
        let perRow = max(1, columns / width)
        let lineCount = (candidates.count + perRow - 1) / perRow
        output.write("\r\n")
        if lineCount > rows - 2 {
            output.write("Display all \(candidates.count) possibilities? [y/n] ")
            output.flush()
            guard let answer = nextKey(), answer == .text("y") || answer == .text("Y") else {
                output.write("\r\n")
                return
            }
            output.write("\r\n")
        }
        // Down the columns, as ls and readline do.
        for row in 0..<lineCount {
            var line = ""
            for column in 0..<perRow {
                let index = column * lineCount + row
                guard index < candidates.count else { break }
                line += TextWidth.pad(candidates[index], to: width, alignment: .leading)
            }
            output.write(String(line.reversed().drop { $0 == " " }.reversed()) + "\r\n")
        }
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let characters = Array(word)
            var shared = 0
            while shared < prefix.count && shared < characters.count && prefix[shared] == characters[shared] { shared += 1 }
            prefix.removeSubrange(shared...)
        }
        return String(prefix)
    }

    private func bell() { output.write("\u{07}") }

    /// Ctrl-Z: the terminal as it was, the process group stopped (the
    /// session's launcher with it, which the shell watches); after `fg`, raw
    /// mode again and the prompt and line drawn anew.
    private func suspend() {
        output.write("\r\n")
        output.flush()
        terminal.suspend()
    }

    // MARK: Drawing

    /// Ends the line on screen: the cursor to the next row.
    private func finishLine() {
        output.write("\r\n")
        output.flush()
    }

    /// Draws the prompt and the visible part of the line, and puts the
    /// cursor in its place.
    /// The scalars of one character drawn at most (a base and its marks).
    static let drawnScalarsPerCharacter = 8

    private func redraw() {
        let columns = terminal.size?.columns ?? 80
        var shownPrompt = prompt
        var shownBuffer = buffer
        if let state = search {
            shownPrompt = state.prompt
            shownBuffer = EditBuffer(state.match.map { history.entries[$0] } ?? "")
        }
        // The prompt gives way (in its middle) when it would leave the line
        // fewer than 20 columns, or half a narrow screen.
        let promptRoom = Self.promptRoom(columns: columns)
        if TextWidth.of(shownPrompt) > promptRoom {
            shownPrompt = TextWidth.truncatingMiddle(shownPrompt, to: promptRoom)
        }
        let room = max(1, columns - TextWidth.of(shownPrompt) - 1)
        let characters = shownBuffer.characters
        // Keep the cursor inside the window of columns shown, measuring the
        // line once (a pasted line may be long).
        let cursorColumns = shownBuffer.columns(upTo: shownBuffer.cursor)
        // Scrolled no further than needed: a line that fits now (the
        // terminal widened, the line shrank) is shown from its start.
        if search != nil || cursorColumns <= room - 1 {
            scrollIndex = 0
        } else if shownBuffer.cursor < scrollIndex {
            scrollIndex = shownBuffer.cursor
        }
        var scrolledColumns = shownBuffer.columns(upTo: scrollIndex)
        while cursorColumns - scrolledColumns > room - 1 && scrollIndex < shownBuffer.cursor {
            scrolledColumns += EditBuffer.width(of: characters[scrollIndex])
            scrollIndex += 1
        }
        // What is drawn stays within a screen's worth however the line is
        // made: a character of hundreds of combining marks is drawn with its
        // first few, and at most `room` characters are drawn (zero-width
        // ones included), so a redraw never costs the whole line (400 KB of
        // typed combining marks used to write 20 MB).
        var visible = ""
        var used = 0
        var index = scrollIndex
        while index < characters.count && index - scrollIndex < room {
            let character = characters[index]
            let width = EditBuffer.width(of: character)
            if used + width > room { break }
            if character.unicodeScalars.count > Self.drawnScalarsPerCharacter {
                visible.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(Self.drawnScalarsPerCharacter))
            } else {
                visible.append(character)
            }
            used += width
            index += 1
        }
        let cursorColumn = TextWidth.of(shownPrompt) + min(cursorColumns - scrolledColumns, used)
        var text = "\r" + shownPrompt + visible + TerminalControl.eraseToEndOfLine + "\r"
        if cursorColumn > 0 { text += TerminalControl.right(cursorColumn) }
        output.write(text)
        output.flush()
    }
}
