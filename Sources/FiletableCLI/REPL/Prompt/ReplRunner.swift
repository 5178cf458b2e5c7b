import FileBrowsing
import SystemSeam

/// Runs the REPL in one of its modes. Interactive: the first page, then a
/// prompt naming where you are; errors are reported and the session stays
/// where it was. Batch (`-b FILE`, `-b -`, `-c`, or standard input that is not
/// a terminal), in the manner of `sftp -b`: no prompt; blank lines and `#`
/// comments are skipped; the first failing command stops the batch with
/// status 1, unless it is prefixed with `-`.
struct ReplRunner {
    enum Mode {
        /// A terminal read line by line as it gives them (`--no-edit`, TERM=dumb).
        case interactive
        /// A terminal with the line editor: editing, history, completion.
        case edited(LineEditor)
        case batch(LineSource)
    }

    let session: Session
    let mode: Mode
    let diagnostics: Diagnostics
    /// `--screen`: the session opens full screen, and leaving it ends filetable.
    var startsOnScreen = false

    func run() -> ExitStatus {
        Interruption.install()
        switch mode {
        case .interactive:
            HangGuard.enable()
            applyConfig()
            let source = LineSource(fd: 0)
            let readLine: (String, Bool) -> LineSource.Line = { prompt, _ in
                session.output.write(prompt)
                session.output.flush()
                let line = source.next()
                if line == .endOfInput { session.output.write("\n") }
                return line
            }
            return runInteractive(source, inputGone: { source.readError != nil }, read: readLine)
        case .edited(let editor):
            // At a terminal the prompt must not freeze on a file system that stops answering.
            HangGuard.enable()
            // A terminal: the levels' directories are watched while the prompt waits.
            let watching = LevelWatching(session: session)
            session.connect(history: editor.history, watching: watching) { [session, unowned editor] in
                ScreenView(session: session, editor: editor).run()
            }
            editor.events = watching
            // The full-screen view watches after its first frame (a huge directory takes a while).
            if !startsOnScreen { session.watching?.pageDrawn() }
            editor.completer = { [session, unowned editor] buffer in
                CommandCompleter(session: session, isCancelled: editor.cancelRequested).complete(buffer)
            }
            applyConfig()
            let status: ExitStatus
            if startsOnScreen {
                // --screen: the full-screen view; q there ends filetable.
                _ = ScreenView(session: session, editor: editor, endsSession: true).run()
                status = .success
            } else {
                status = runInteractive(
                    LineSource(fd: 0), inputGone: { editor.inputFailed },
                    read: { prompt, remembers in editor.readLine(prompt: prompt, remembers: remembers) })
            }
            if let failure = editor.history.save(), let file = editor.history.file {
                diagnostics.report("history: \(NameEscaping.escape(file)): \(failure)", severity: .success)
            }
            return status
        case .batch(let source):
            return runBatch(source)
        }
    }

    /// The prompt loop at a terminal. `read` shows a prompt and returns the
    /// line typed (`remembers`: whether it belongs in the history);
    /// `inputGone` says the terminal went away (no question is asked then).
    private func runInteractive(
        _ source: LineSource, inputGone: @escaping () -> Bool,
        read: @escaping (String, Bool) -> LineSource.Line
    ) -> ExitStatus {
        // Ctrl-D or Ctrl-C at a question means no, and the session goes on.
        session.prompt.question = { [session] question in
            let line = read(NameEscaping.terminalSafe(question), false)
            guard case .text(let answer) = line else {
                if line == .interrupted { session.output.write("\n") }
                return false
            }
            return ["y", "yes"].contains(answer.trimmingSpaces.lowercased())
        }
        session.context.printPage()
        while true {
            session.context.stop.forget()
            // Inside an archive, its place as the header says it (`x.tar:/..`), never a path with `..`.
            let inside = session.current.kind as? InsideAFile
            let place =
                inside.map { DisplayPath.prompt($0.containerPath, home: session.settings.home) + $0.placeInside }
                ?? DisplayPath.prompt(session.current.path, home: session.settings.home)
            switch read(place + "> ", true) {
            case .endOfInput:
                // Ctrl-D quits as `quit` does: asking first when marks would be lost.
                if inputGone() || session.context.mayQuit() { return readFailure(of: source) }
                session.output.flush()
            case .interrupted:
                session.output.write("\n")
                session.output.flush()
                continue
            case .text(let line):
                let trimmed = line.trimmingSpaces
                if trimmed.hasPrefix("#") { continue }
                do throws(CommandError) {
                    let command = try session.command(for: trimmed)
                    if command.action is ViewerMoveCommand { session.history?.forget(trimmed) }
                    let outcome = session.execute(command)
                    if let failure = outcome.failure { throw failure }
                    if outcome.quits { return .success }
                } catch {
                    session.output.flush()
                    diagnostics.report(error.message, severity: .success)
                }
                session.output.flush()
            }
        }
    }

    /// Success at the end of the input; a read error (standard input closed,
    /// `filetable <&-`) is reported as trouble with the command source.
    private func readFailure(of source: LineSource) -> ExitStatus {
        guard let error = source.readError else { return .success }
        diagnostics.report("\(source.name): \(error)", severity: .seriousTrouble)
        return .seriousTrouble
    }

    private func runBatch(_ source: LineSource) -> ExitStatus {
        var number = 0
        while true {
            session.context.stop.forget()
            guard case .text(let line) = source.next() else { return readFailure(of: source) }
            number += 1
            var trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let mayFail = trimmed.hasPrefix("-")
            if mayFail { trimmed = String(trimmed.dropFirst()).trimmingSpaces }
            do throws(CommandError) {
                let command = try session.command(for: trimmed)
                let outcome = session.execute(command)
                if let failure = outcome.failure { throw failure }
                if outcome.quits { return .success }
            } catch {
                diagnostics.report("line \(number): \(error.message)", severity: .success)
                if !mayFail { return .minorTrouble }
            }
            session.output.flush()
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and carriage returns.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension ReplRunner {
    /// The config's settings, run as the prompt commands they are before
    /// the first page, drawing nothing; a mistake says where it was written.
    func applyConfig() {
        let quiet = QuietFrontEnd()
        for (origin, line) in session.settings.config.startCommands {
            session.presenting(on: quiet) {
                do throws(CommandError) {
                    let outcome = session.execute(try session.command(for: line))
                    if let failure = outcome.failure { throw failure }
                } catch {
                    diagnostics.report("\(origin): \(error.message)", severity: .success)
                }
            }
        }
    }
}
