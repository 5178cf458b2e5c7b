import FileBrowsing
import TableKit

/// Typing on the full-screen view's status line: the filter as you type,
/// and the one-key questions commands ask.
extension ScreenView {
    /// Filter as you type: every key redraws the table with the filter so
    /// far; Enter keeps it, Esc clears it.
    func typeFilter() {
        let typed = typeOnStatusLine(
            prompt: "/", initial: session.current.model.options.filter?.pattern ?? "", endsOnEmptyBackspace: true, changed: applyFilter)
        guard let text = typed else {
            applyFilter("")
            status = ""
            return
        }
        status = text.isEmpty ? "" : "filter \(text) (/ then Esc clears it)"
    }

    /// Narrows the rows as the filter is typed (the highlight on the first
    /// match); cleared, the rows come back with the highlight still on the
    /// file it was on, as ranger and lf keep it.
    func applyFilter(_ text: String) {
        let level = session.current
        let before = level.highlight < level.model.rowCount ? HighlightedFile(row: level.highlight, of: level) : nil
        level.update { $0.filter = text.isEmpty ? nil : NameFilter(typed: text) }
        level.moveHighlight(to: 0)
        if text.isEmpty, let before { keepHighlight(on: before, in: level) }
        detailCache = nil
    }

    /// Text typed on the status line after `prompt`, `changed` told after
    /// every key: the text at Enter, nil at Esc (and, with
    /// `endsOnEmptyBackspace`, at Backspace with nothing left to delete).
    func typeOnStatusLine(
        prompt: String, initial: String = "", endsOnEmptyBackspace: Bool = false, changed: (String) -> Void = { _ in }
    ) -> String? {
        var text = initial
        while true {
            status = prompt + text
            changed(text)
            draw()
            guard let key = nextKey() else { return nil }
            switch key {
            case .enter: return text
            case .escape, .control("c"), .control("g"): return nil
            case .backspace:
                if !text.isEmpty {
                    text.removeLast()
                } else if endsOnEmptyBackspace {
                    return nil
                }
            case .text(let typed): text += typed
            case .paste(let bytes): text += NameEscaping.escape(bytes)
            default: break
            }
        }
    }

    /// A yes/no question on the status line (marking a directory, say):
    /// one key, read in raw mode even when asked from a command's run.
    /// What the command wrote before it asked stands above the question.
    func ask(_ question: String) -> Bool {
        // What the command said before asking (the names a mark covers) is
        // shown over the table, the question under it; else the table.
        let lines = runningCommand ? takeUnshownLines() : []
        show(question: NameEscaping.terminalSafe(question), under: lines)
        terminal.enterRaw()
        defer { if runningCommand { terminal.leaveRaw() } }
        // Only y says yes, and only n, Enter, Esc or Ctrl-C say no: any other
        // key (a stray M) asks again, saying how to answer, rather than
        // answering for the person.
        while let key = nextKey() {
            switch key {
            case .text("y"), .text("Y"): return true
            case .text("n"), .text("N"), .enter, .escape, .control("c"), .control("g"): return false
            default: show(question: "y or n: " + NameEscaping.terminalSafe(question), under: lines)
            }
        }
        return false
    }

    /// The question on the status line, wrapped between words when wider
    /// than a line (never cut), `lines` over the table above it.
    private func show(question text: String, under lines: [String]) {
        status = text
        let (rows, columns) = size
        let question = TextWrapping.wrap(status, width: max(10, columns - 1))
        if lines.isEmpty && question.count == 1 {
            draw()
            return
        }
        let room = max(0, rows - question.count)
        let shown = lines.suffix(room).map { ScreenFrame.Line(text: TextWidth.truncatingTail($0, to: columns - 1), inverse: false) }
        let blank = Array(repeating: ScreenFrame.Line(text: "", inverse: false), count: max(0, room - shown.count))
        let asked = question.suffix(rows).map { ScreenFrame.Line(text: $0, inverse: false) }
        frame.show(shown + blank + asked, rows: rows, columns: columns)
    }
}
