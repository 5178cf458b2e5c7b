import FileBrowsing
import Foundation
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import Terminal

/// `filetable --screen DIRECTORY` run in-process on a `ScriptedTerminal`:
/// the keys are typed one burst at a time, the view runs until they are
/// used up (no sleeps, no tmux), and what it drew is played on a
/// `VT100Model`. Each key is a string as the terminal sends it (`Key.down`,
/// `"j"`, `Key.enter`).
struct ScriptedScreen {
    /// The frame once every key was handled, a line each.
    let frame: [String]
    /// The highlighted line of that frame, trimmed.
    let highlighted: String?
    /// Everything the view wrote.
    let written: String
    /// The view ended by itself (`q`), before the keys were used up.
    var ended = false
    /// With `choosesFiles`: the paths picked, when a pick ended the session.
    var picked: [[UInt8]]?

    var header: String { frame.first ?? "" }
    /// The status line: the frame's last line, trimmed.
    var status: String { (frame.last ?? "").trimmingCharacters(in: .whitespaces) }
    var text: String { frame.joined(separator: "\n") }

    /// Keys as a terminal sends them.
    enum Key {
        static let up = "\u{1B}[A"
        static let down = "\u{1B}[B"
        static let right = "\u{1B}[C"
        static let left = "\u{1B}[D"
        static let enter = "\r"
        static let escape = "\u{1B}"
        static let backspace = "\u{7F}"
        static func control(_ letter: Character) -> String {
            String(UnicodeScalar(UInt8(letter.asciiValue! & 0x1F)))
        }
    }

    /// The screen tests' tree, in-process and in tmux alike: a folder of two
    /// files, a text file with a tab, a binary file, and a log.
    static func sampleTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        try temp.folder("docs")
        for name in ["guide.txt", "notes.md"] { temp.file(name, contents: "inside \(name)\n", in: "docs") }
        temp.file("alpha.txt", contents: "first line\tafter a tab\nsecond line\n")
        _ = FileManager.default.createFile(atPath: temp.path + "/blob.bin", contents: Data([0, 1, 2, 0xDE, 0xAD, 0xBE, 0xEF]))
        temp.file("zulu.log", contents: "log\n")
        return temp
    }

    /// Runs the view on `directory` at `rows` by `columns`, typing `keys`.
    static func run(
        in directory: String, keys: [String], rows: Int = 24, columns: Int = 80, choosesFiles: Bool = false, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> ScriptedScreen {
        try run(
            in: directory, events: keys.map { .keys(Array($0.utf8)) }, rows: rows, columns: columns, choosesFiles: choosesFiles, file: file,
            line: line)
    }

    /// Runs the view on `directory`, playing `events` (keys and resizes).
    static func run(
        in directory: String, events: [ScriptedTerminal.Event], rows: Int = 24, columns: Int = 80, choosesFiles: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ScriptedScreen {
        let terminal = ScriptedTerminal(rows: rows, columns: columns, events: events)
        var settings = Session.Settings()
        settings.interactive = true
        settings.choosesFiles = choosesFiles
        let session = try Session(path: Array(directory.utf8), output: terminal.output, settings: settings)
        let editor = LineEditor(terminal: terminal, history: History(file: nil))
        // Tab completes on the `:` line as at the prompt.
        editor.completer = { [unowned editor] buffer in
            CommandCompleter(session: session, isCancelled: editor.cancelRequested).complete(buffer)
        }
        _ = ScreenView(session: session, editor: editor, endsSession: true).run()
        terminal.output.flush()
        // The screen as it stood once every key was handled, the view waiting for the next.
        var model = VT100Model(rows: terminal.size?.rows ?? rows)
        let written = terminal.written
        if !terminal.inputEnded {
            model.play(written)
            return ScriptedScreen(
                frame: model.lastFullScreen ?? model.lines, highlighted: model.lastFullScreenHighlight, written: written, ended: true,
                picked: session.context.picking?.picked)
        }
        guard let idle = terminal.writtenWhenIdle else {
            XCTFail("the view never waited for a key", file: file, line: line)
            return ScriptedScreen(frame: [], highlighted: nil, written: written)
        }
        model.play(String(decoding: written.utf8.prefix(idle), as: UTF8.self))
        return ScriptedScreen(frame: model.lines, highlighted: model.highlighted, written: written)
    }
}
