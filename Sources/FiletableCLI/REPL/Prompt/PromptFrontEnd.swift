import FileBrowsing
import SystemSeam
import TableKit
import Terminal

/// The prompt's front end: messages are printed as lines on the session's
/// output, pages are drawn after every change, and a question is read as a
/// line at the terminal (`question`, set where a person types; nil in a
/// script, where nobody is asked).
final class PromptFrontEnd: FrontEnd {
    let output: OutputSink
    /// How a question is put to the person at the prompt; nil in a script.
    var question: ((String) -> Bool)?

    /// The window the prompt draws on, to wrap messages to.
    private let window: WindowSize

    init(output: OutputSink, window: WindowSize) {
        self.output = output
        self.window = window
    }

    var drawsPages: Bool { true }

    func say(_ message: Message) {
        switch message {
        case .text:
            // At a terminal a line wider than it wraps between words, never
            // inside one (`('du --eve` / `rything'`); a pipe gets it whole.
            let columns = window.shows(output) ? window.columns() : nil
            for line in message.lines {
                for row in TextWrapping.rows(of: line, columns: columns) { output.write(row + "\n") }
            }
        case .composed(let text): output.write(text)
        }
    }

    var canAsk: Bool { question != nil }

    func ask(_ question: String) -> Bool { self.question?(question) ?? false }

    /// On the terminal's standard error, `\r`-drawn after what the output
    /// holds, never into a capture.
    func showProgress(_ progress: OperationProgress?) {
        output.flush()
        StandardStream.writeError(TerminalControl.overwriteLine + (progress?.text ?? ""))
    }

    /// The page holding the level's current rows, with its header and footer.
    func showTable(_ level: TableLevel, state: SessionState, settings: Session.Settings) -> Bool {
        PageView(level: level, settings: settings, state: state).draw(into: output)
        // A row a find pointed at is marked on this page only.
        level.pointed = nil
        return true
    }
}
