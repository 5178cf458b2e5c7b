import FileBrowsing
import Foundation
import TableKit
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import Terminal

/// The prompt with its line editor run in-process on a `ScriptedTerminal`
/// of a chosen size, as a person at a terminal uses it: each burst of keys
/// typed in turn (`ScriptedPrompt.line("ls -l")` is the line and Enter),
/// the session running until they are used up (no sleeps, no tmux), and
/// what it drew played on a `VT100Model`. Pages, notes, help and the viewer
/// fit the scripted window (`Session.Settings.window`).
struct ScriptedPrompt {
    /// The screen once every key was handled, the editor waiting for the next.
    let model: VT100Model
    /// Everything the session wrote, escapes included.
    let written: String
    let columns: Int
    /// The session ended by itself (`quit`), before the keys were used up.
    let ended: Bool

    /// The screen's lines, trailing blanks left out.
    var lines: [String] { model.text.components(separatedBy: "\n") }
    var text: String { model.text }

    /// `text` typed and Enter.
    static func line(_ text: String) -> String { text + "\r" }

    /// Runs a session on `directory` at `rows` by `columns`, playing `events`.
    static func run(
        in directory: String, events: [ScriptedTerminal.Event], rows: Int = 24, columns: Int = 80, useColor: Bool = false,
        config: SessionConfig = SessionConfig(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> ScriptedPrompt {
        let terminal = ScriptedTerminal(rows: rows, columns: columns, events: events)
        var settings = Session.Settings()
        settings.config = config
        settings.pageSize = config.pageSize
        settings.interactive = true
        settings.useColor = useColor
        settings.window = WindowSize(size: { [unowned terminal] in terminal.size }, shows: { _ in true })
        let session = try Session(path: Array(directory.utf8), output: terminal.output, settings: settings)
        let runner = ReplRunner(
            session: session, mode: .edited(LineEditor(terminal: terminal, history: History(file: nil))),
            diagnostics: Diagnostics(flushing: terminal.output, errors: terminal.output))
        _ = runner.run()
        terminal.output.flush()
        var model = VT100Model(rows: rows)
        model.newlineReturns = true
        let written = terminal.written
        let ended = !terminal.inputEnded
        guard let idle = ended ? written.utf8.count : terminal.writtenWhenIdle else {
            XCTFail("the prompt never waited for a key", file: file, line: line)
            return ScriptedPrompt(model: model, written: written, columns: columns, ended: ended)
        }
        model.play(String(decoding: written.utf8.prefix(idle), as: UTF8.self))
        return ScriptedPrompt(model: model, written: written, columns: columns, ended: ended)
    }

    /// Runs a session typing `keys`, each string one burst.
    static func run(
        in directory: String, keys: [String], rows: Int = 24, columns: Int = 80, useColor: Bool = false,
        config: SessionConfig = SessionConfig(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> ScriptedPrompt {
        try run(
            in: directory, events: keys.map { .keys(Array($0.utf8)) }, rows: rows, columns: columns, useColor: useColor, config: config,
            file: file, line: line)
    }

    /// Fails naming each line of the screen wider than the terminal (a
    /// real terminal would have wrapped it onto the next row).
    func assertNothingWraps(file: StaticString = #filePath, line: UInt = #line) {
        let wide = lines.filter { TextWidth.of($0) > columns }
        XCTAssertEqual(wide, [], "wider than \(columns) columns:\n\(text)", file: file, line: line)
    }
}
