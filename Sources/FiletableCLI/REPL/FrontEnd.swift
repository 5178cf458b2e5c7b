import FileBrowsing

/// Where a session's commands speak and ask, one front end at a time
/// (`Session.frontEnd`): the prompt prints what is said and the table's
/// pages; the full-screen view keeps what is said for its status line and
/// draws its own frames. A command says what happened and never asks which
/// front end is listening, nor captures what another printed.
///
/// Called on the main thread only, during a command's run.
protocol FrontEnd: AnyObject {
    /// Whether long answers are paged the prompt's way (a screen at a
    /// time, an empty line for the next) and hints name the prompt's keys;
    /// false in the full-screen view, which pages with a key.
    var drawsPages: Bool { get }
    /// What a command has to say.
    func say(_ message: Message)
    /// Shows the current level's table after a change; whether a page was
    /// drawn now (the prompt's), not left to the front end's next frame.
    func showTable(_ level: TableLevel, state: SessionState, settings: Session.Settings) -> Bool
    /// Whether a person is there to answer a question (not in a script).
    var canAsk: Bool { get }
    /// A yes/no question put to that person; false when no one can answer.
    func ask(_ question: String) -> Bool
    /// A long operation's progress, drawn in place of the last (nil: the
    /// line taken away); called at most ten times a second (`ProgressLine`).
    func showProgress(_ progress: OperationProgress?)
}

/// One thing a command says.
enum Message: Equatable {
    /// filetable's words, one line or several; it may quote what was typed,
    /// so a front end makes it safe for the terminal.
    case text(String)
    /// Lines built of names already escaped and filetable's own styles
    /// (`info`'s facts, a viewer's header), each ending in a newline.
    case composed(String)

    /// The message's lines as a terminal may show them.
    var lines: [String] {
        switch self {
        case .text(let text): return text.split(separator: "\n", omittingEmptySubsequences: false).map { NameEscaping.terminalSafe(String($0)) }
        case .composed(let text):
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }
}
