import FileBrowsing
import SystemSeam

/// A move of the open viewer (`b`, `/TEXT`, `G`, `q`, …), typed right after
/// a screen of it: see `ViewerMove`. Not typed by name, so not registered;
/// `Session.command(for:)` reads a line as one before it reads it as a
/// command.
struct ViewerMoveCommand: ReplCommand {
    let move: ViewerMove

    func run(in context: CommandContext) throws(CommandError) -> Ending {
        try context.move(move)
        return .keepGoing
    }
}

extension Command {
    static func viewerMove(_ move: ViewerMove) -> Command { Command(ViewerMoveCommand(move: move)) }
}

extension CommandContext {
    /// Makes a viewer move and shows the screen it leads to. A move that
    /// cannot be made says why and leaves the view as it was, still taking
    /// the viewer's keys; `q` closes it and shows the table's page again.
    func move(_ move: ViewerMove) throws(CommandError) {
        leaveShown(.viewerScreen)
        switch viewer {
        case nil, .lines:
            throw CommandError("view: no view is open (use view N or hex N)")
        case .text(let text):
            if move == .close { return closeViewer() }
            if move == .follow { return try follow(text) }
            do {
                text.layout.width = settings.interactive ? settings.window.columns() : nil
                try text.apply(move, height: viewerHeight(notices: 0))
            } catch {
                throw CommandError(Self.message("view", error, path: text.file.path))
            }
            try showText(text, notices: 0)
        case .hex(let hex):
            if move == .close { return closeViewer() }
            do {
                try hex.apply(move, height: viewerHeight(notices: 0))
            } catch {
                throw CommandError(Self.message("hex", error, path: hex.file.path))
            }
            try showHex(hex, notices: 0)
        }
    }

    /// `F`, as less's: the end of the file, then each line as it is added
    /// (a log being written), numbered, until Ctrl-C; the view then takes
    /// its keys again. At a terminal only: a script would wait forever.
    private func follow(_ text: TextViewer) throws(CommandError) {
        guard settings.interactive else { throw CommandError("F: follows a file only at a terminal (G shows the end)") }
        do {
            try text.apply(.end, height: viewerHeight(notices: 0))
        } catch {
            throw CommandError(Self.message("view", error, path: text.file.path))
        }
        try showText(text, notices: 0)
        var next: TextPosition
        do {
            next = try text.endPosition()
        } catch {
            throw CommandError(Self.message("view", error, path: text.file.path))
        }
        write("following \(NameEscaping.escape(text.file.path)) as it grows (Ctrl-C stops)")
        output.flush()
        while !stop.isRequested() {
            MonotonicClock.sleep(microseconds: 250_000)
            guard let added = try? text.linesAdded(after: next) else { break }
            added.rows.forEach { writeComposed($0) }
            if !added.rows.isEmpty { output.flush() }
            next = added.next
        }
        stop.forget()
        write("F: stopped following; the view's keys move it again")
    }

    private func closeViewer() {
        openView.close()
        leaveShown(.page)
        printPage()
    }
}
