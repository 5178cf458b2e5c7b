import FileBrowsing
import Terminal

/// Where the session's commands speak and ask, and what a person at a
/// terminal brings to it: the front end listening now (the prompt's, or
/// the full-screen view while it shows the session), the history of typed
/// lines, the watch on the levels' directories and the way into the
/// full-screen view. The one owner of each; commands reach them through
/// `CommandContext`.
///
/// Called on the main thread only.
final class Conversation {
    let output: OutputSink
    /// The prompt's way of speaking and asking: the front end unless the
    /// screen shows the session.
    let prompt: PromptFrontEnd
    /// Where commands speak and ask now (`presenting(on:)` changes it).
    private(set) var frontEnd: any FrontEnd
    /// A person at a terminal: progress lines are drawn for them.
    let interactive: Bool
    /// Where a stop of the running operation comes from (Ctrl-C; a test's own).
    var stop = StopSource.ctrlC
    /// The lines typed at the prompt, when the line editor keeps them.
    private(set) var history: History?
    /// The levels' directories watched for changes (a terminal with the line editor only).
    private(set) var watching: LevelWatching?
    /// Opens the full-screen view (set where a terminal can show it).
    private(set) var screenOpener: (() -> Ending)?
    /// What the running command said, for its `Outcome` (the last `keptMessages`).
    private var said: [Message] = []
    /// Whether the running command had the table shown.
    private(set) var tableShown = false
    /// The messages an outcome keeps of a long answer (a million marks
    /// listed stream to the prompt; their outcome keeps the end).
    static let keptMessages = 1000

    init(output: OutputSink, interactive: Bool, window: WindowSize) {
        self.output = output
        self.interactive = interactive
        prompt = PromptFrontEnd(output: output, window: window)
        frontEnd = prompt
    }

    /// What a person at a terminal with the line editor brings: set once,
    /// before the first command.
    func connect(history: History, watching: LevelWatching?, screenOpener: @escaping () -> Ending) {
        self.history = history
        self.watching = watching
        self.screenOpener = screenOpener
    }

    /// Runs `body` with `frontEnd` speaking for the session (the screen while
    /// it shows the session; the prompt's for a command it runs on the
    /// normal screen), then the one before it again.
    func presenting<T>(on frontEnd: any FrontEnd, _ body: () throws -> T) rethrows -> T {
        let before = self.frontEnd
        self.frontEnd = frontEnd
        defer { self.frontEnd = before }
        return try body()
    }

    /// False while the full-screen view shows the session: it pages long
    /// answers with a key and draws its own frames.
    var drawsPages: Bool { frontEnd.drawsPages }

    /// A command starts: nothing said or shown yet.
    func beginCommand() {
        said = []
        tableShown = false
    }

    /// The command ended: what it said, in order.
    func endCommand() -> [Message] {
        defer { said = [] }
        return said
    }

    /// Says `message` through the front end (which shows it at once: a long
    /// answer streams), and keeps it for the command's `Outcome`.
    func say(_ message: Message) {
        frontEnd.say(message)
        if said.count == 2 * Self.keptMessages { said.removeFirst(Self.keptMessages) }
        said.append(message)
    }

    /// Has the front end show `level`'s table after a change (the prompt
    /// prints the page; the full-screen view draws its next frame); whether
    /// a page was drawn now.
    func showTable(_ level: TableLevel, state: SessionState, settings: Session.Settings) -> Bool {
        tableShown = true
        return frontEnd.showTable(level, state: state, settings: settings)
    }

    /// Says the REPL's own text (one line or several) through the front
    /// end, which makes each line terminal-safe: it may quote what was typed.
    func write(_ text: String) {
        say(.text(text))
    }

    /// Says a line built of text already escaped (`NameEscaping.escape`)
    /// and filetable's own style markup, which `write` would escape.
    func writeComposed(_ line: String) {
        say(.composed(line + "\n"))
    }

    /// Whether a person is there to answer a question (not in a script).
    var canAsk: Bool { frontEnd.canAsk }

    /// A yes/no question put to that person; false when no one can answer.
    func ask(_ question: String) -> Bool { frontEnd.ask(question) }

    /// A progress line for a person at a terminal, drawn by the front end
    /// speaking now; silent in a script.
    func progressLine() -> ProgressLine {
        guard interactive else { return ProgressLine(draw: { _ in }) }
        return ProgressLine(draw: { [frontEnd] progress in frontEnd.showProgress(progress) })
    }

    /// Clears the terminal, the cursor at its top; nothing in a script.
    func clearScreen() {
        guard interactive else { return }
        output.write(TerminalControl.clearScreen)
        output.flush()
    }
}
