import FileBrowsing
import SystemSeam
import Terminal

/// The whole program as a function of its arguments: help, version, a
/// listing (any listing-format flag), or the REPL (no format flag).
public enum FiletableCommand {
    /// The process: signals and limits prepared, the arguments run, the
    /// status the mode's peer would give (ls's for a listing) as the exit code.
    public static func main() -> Never {
        ThisProcess.holdStandardDescriptors()
        SessionLauncher.claimStatusChannel()
        ThisProcess.prepare()
        let status = run(arguments: ThisProcess.arguments, calledAs: CalledAs(programPath: ThisProcess.programPath))
        // A REPL child says it is done first: its process may outlive a stuck call.
        if SessionLauncher.isChild { SessionLauncher.report(status) }
        ThisProcess.exit(status.rawValue)
    }

    /// Runs the arguments; the status in the peer's numbers of the mode
    /// they select (`PeerExitStatus`).
    /// Run through a link named after a peer (`calledAs`), the arguments
    /// are read as that peer's (`CalledAs`).
    static func run(arguments: [[UInt8]], calledAs: CalledAs? = nil) -> ExitStatus {
        let output = OutputSink(fd: 1)
        let diagnostics = Diagnostics(flushing: output)
        if let calledAs { diagnostics.programName = calledAs.rawValue }
        let mode = OptionSpec.Mode.peer(of: calledAs?.arguments(arguments) ?? arguments)
        diagnostics.usageLines = mode.usageLines(command: calledAs == .xxd ? "xxd" : "filetable --xxd")
        let status = run(arguments: arguments, calledAs: calledAs, output: output, diagnostics: diagnostics)
        return mode.peerStatus(status, badCommandLine: diagnostics.sawBadCommandLine)
    }

    /// `arguments` as given (a child started for a stuck file system gets
    /// them so, with this program's name).
    private static func run(arguments: [[UInt8]], calledAs: CalledAs?, output: OutputSink, diagnostics: Diagnostics) -> ExitStatus {
        let options: CommandLineOptions
        let read = calledAs?.arguments(arguments) ?? arguments
        do {
            options = try ArgumentParser.parse(read, calledAs: calledAs)
        } catch {
            diagnostics.report(error)
            return diagnostics.status
        }
        switch options.request {
        case .help:
            output.write(HelpText.usage(for: OptionSpec.Mode.of(read)) + "\n")
            return diagnostics.finish()
        case .version:
            output.write(HelpText.version + "\n")
            return diagnostics.finish()
        case .xxdVersion:
            // xxd's -v: to standard error, as xxd writes it, naming the xxd whose output this copies.
            diagnostics.note(HelpText.version + ", as xxd 2026-06-16 by Juergen Weigert et al.")
            return diagnostics.finish()
        case .manual:
            output.write(ManualPage.text())
            return diagnostics.finish()
        case .completion(let shell):
            output.write(CompletionScript.text(for: shell))
            return diagnostics.finish()
        case .none: break
        }
        // A listing of a file system that can stop answering runs in a child, so
        // that Ctrl-C and SIGTERM end it at once even while a call is stuck.
        if options.mode.listsAndEnds, !SessionLauncher.isChild, options.paths.contains(where: HangProneFileSystems.mayHang),
            let status = SessionLauncher.runListingInChild(arguments: arguments)
        {
            return status
        }
        switch options.mode {
        case .hexdump, .xxd:
            let useColor = ListingContext.usesColor(options.colours.color, on: output)
            HexDumpCommand(options: options, output: output, diagnostics: diagnostics, useColor: useColor).run()
        case .cat:
            CatCommand(options: options, output: output, diagnostics: diagnostics).run()
        case .du:
            SpaceUsageCommand(options: options, output: output, diagnostics: diagnostics).run()
        case .compare:
            return TreeDiffCommand(options: options, output: output, diagnostics: diagnostics).run()
        case .copies:
            return CopiesCommand(options: options, output: output, diagnostics: diagnostics).run()
        case .listing, .tree:
            guard options.formatRequested else {
                listAsLs(options, output: output, diagnostics: diagnostics)
                break
            }
            Lister(context: ListingContext(options: options, output: output, diagnostics: diagnostics)).run()
        case .session:
            return runSession(options, arguments: arguments, output: output, diagnostics: diagnostics)
        }
        return diagnostics.finish()
    }

    /// The session, or, where standard input holds no command for it, a
    /// listing as ls lists.
    private static func runSession(
        _ options: CommandLineOptions, arguments: [[UInt8]], output: OutputSink, diagnostics: Diagnostics
    )
        -> ExitStatus
    {
        // Picking to standard output from inside `$(…)`: the session draws on the terminal.
        var pickedTo: Int32 = 1
        if options.repl.chooseFilesFile == Array("-".utf8), options.repl.commands == nil, options.repl.batchFile == nil,
            StandardStream.input.isTerminal, !StandardStream.output.isTerminal
        {
            guard let kept = ThisProcess.drawOnTheTerminalKeepingOutput() else {
                diagnostics.report(
                    "--choose-files -: standard output is no terminal, and /dev/tty cannot be opened to pick on", severity: .seriousTrouble)
                return diagnostics.finish()
            }
            pickedTo = kept
        }
        if let standardInput = sessionInput(options) {
            guard !standardInput.holdsACommand(), standardInput.readError == nil else {
                let status = runREPL(options, output: output, diagnostics: diagnostics, standardInput: standardInput, pickedTo: pickedTo)
                return max(status, diagnostics.finish())
            }
            listAsLs(options, output: output, diagnostics: diagnostics)
            // `filetable -c 'cmd' DIR`, from before -c was ls's ctime, lists nothing useful: say why.
            if diagnostics.status != .success { hintAtCommandLetter(options, diagnostics) }
            return diagnostics.finish()
        }
        // At a terminal the session runs in a child, so that quitting never waits on a stuck call
        // (not when the picked files go to a standard output kept aside for them).
        if options.repl.commands == nil, options.repl.batchFile == nil, StandardStream.input.isTerminal, StandardStream.output.isTerminal,
            pickedTo == 1, !SessionLauncher.isChild, let status = SessionLauncher.runInChild(arguments: arguments)
        {
            return status
        }
        let status = runREPL(options, output: output, diagnostics: diagnostics, pickedTo: pickedTo)
        return max(status, diagnostics.finish())
    }

    /// As ls lists with no format letter: columns at a terminal, one a line elsewhere.
    private static func listAsLs(_ options: CommandLineOptions, output: OutputSink, diagnostics: Diagnostics) {
        var listing = options
        listing.format = StandardStream.output.isTerminal ? .columns : .oneLine
        Lister(context: ListingContext(options: listing, output: output, diagnostics: diagnostics)).run()
    }

    /// At a terminal, the first level's directory on a file system that can
    /// stop answering is read first under the deadline guard: past the
    /// deadline `PATH: not responding (still waiting; Ctrl-C to give up)`,
    /// and Ctrl-C ends filetable with status 130. Nil when it answered (or
    /// cannot hang): the session starts.
    private static func awaitStartingDirectory(_ path: [UInt8], diagnostics: Diagnostics) -> ExitStatus? {
        guard HangProneFileSystems.mayHang(path: path) else { return nil }
        Interruption.install()
        Interruption.clear()
        HangGuard.enable()
        var said = false
        let answer = DirectoryHandle.awaitFirstRead(of: path) {
            if !said {
                diagnostics.report("\(NameEscaping.escape(path)): not responding (still waiting; Ctrl-C to give up)", severity: .success)
                said = true
            }
            return !Interruption.isRequested
        }
        guard answer == nil else { return nil }
        diagnostics.report("\(NameEscaping.escape(path)): gave up waiting (the file system has not answered)", severity: .seriousTrouble)
        return .interrupted
    }

    /// `filetable -c 'ls' DIR` gave REPL commands before `-c` became ls's
    /// ctime: when the REPL cannot start and `-c` was given, say so.
    private static func hintAtCommandLetter(_ options: CommandLineOptions, _ diagnostics: Diagnostics) {
        guard options.times.fieldAsked && options.listOptions.timeField == .change else { return }
        diagnostics.report("-c is ls's ctime; REPL commands are given with -e 'CMD; CMD'", severity: .seriousTrouble)
    }

    /// Without a listing letter the session starts; but a session no one
    /// types into or reads serves no one, so filetable lists as ls would
    /// when its output is not a terminal and its input is one (`filetable
    /// -p d | grep x`), or when its input holds no command (`< /dev/null`,
    /// cron, CI). The standard input to look at, where that is to be
    /// decided (nil: a command letter, a batch file, `--screen`, or a pipe
    /// with nothing in it yet chose the session).
    private static func sessionInput(_ options: CommandLineOptions) -> LineSource? {
        guard options.repl.commands == nil, options.repl.batchFile == nil, !options.repl.startsOnScreen else { return nil }
        if StandardStream.input.isTerminal {
            // A terminal types commands, unless the output goes elsewhere.
            return StandardStream.output.isTerminal ? nil : LineSource(commands: "")
        }
        // A pipe whose writer has said nothing yet is a batch on its way
        // (`{ sleep 1; echo du; } | filetable`): the session starts now, as it always did.
        guard Descriptor.waitForReading([0], milliseconds: 0)?.first != false else { return nil }
        return LineSource(fd: 0)
    }

    private static func runREPL(
        _ options: CommandLineOptions, output: OutputSink, diagnostics: Diagnostics, standardInput: LineSource? = nil,
        pickedTo: Int32 = 1
    ) -> ExitStatus {
        // With `--choose-files -` into a pipe, standard output carries the picked paths alone: the session speaks on standard error.
        let output =
            options.repl.chooseFilesFile == Array("-".utf8) && pickedTo == 1 && !StandardStream.output.isTerminal ? OutputSink(fd: 2) : output
        guard options.paths.count == 1 else {
            diagnostics.report("the REPL opens one PATH; to list several, add a format flag such as -1", severity: .seriousTrouble)
            hintAtCommandLetter(options, diagnostics)
            return .seriousTrouble
        }
        let mode: ReplRunner.Mode
        if let commands = options.repl.commands {
            mode = .batch(LineSource(commands: commands))
        } else if let file = options.repl.batchFile, file != Array("-".utf8) {
            let fd: Int32
            switch Descriptor.openForReading(file) {
            case .success(let opened): fd = opened.number
            case .failure(let errno):
                diagnostics.report(FileError(path: file, errno: errno), severity: .seriousTrouble)
                return .seriousTrouble
            }
            mode = .batch(LineSource(fd: fd, name: NameEscaping.escape(file)))
        } else if options.repl.batchFile != nil || !StandardStream.input.isTerminal {
            mode = .batch(standardInput ?? LineSource(fd: 0))
        } else if options.repl.lineEditing, Environment.value("TERM").map({ $0 != "dumb" && !$0.isEmpty }) ?? false,
            StandardStream.output.isTerminal, RawTerminal.prepare(0)
        {
            let place = History.defaultFile(environment: Environment.value)
            if let note = place.offBecause { diagnostics.report(note, severity: .success) }
            let history = History(file: place.file)
            mode = .edited(LineEditor(terminal: RealTerminal.ofThisSession(output: output), history: history))
        } else {
            mode = .interactive
        }
        var settings = Session.Settings()
        settings.pageSize = options.repl.pageSize
        settings.tabSize = options.repl.viewerTabs
        settings.listOptions = options.listOptions
        settings.assumeYes = options.repl.assumeYes
        settings.choosesFiles = options.repl.chooseFilesFile != nil
        // A person at a terminal brings their config; a script runs the same everywhere.
        if case .batch = mode {
        } else {
            settings.config = SessionConfig.load(for: options, diagnostics: diagnostics)
            settings.pageSize = settings.pageSize ?? settings.config.pageSize
        }
        if case .batch = mode {} else { settings.interactive = true }
        settings.useColor = ListingContext.usesColor(options.colours.color, on: output)
        settings.decoration = ListingContext.decoration(for: options, useColor: settings.useColor)
        settings.home = Environment.value("HOME").map { DisplayPath.normalize(Array($0.utf8)) }
        // A mount that stopped answering: said at once, and Ctrl-C ends the wait (it drew nothing for 30 s).
        if settings.interactive, let waited = awaitStartingDirectory(options.paths[0], diagnostics: diagnostics) { return waited }
        let session: Session
        do {
            session = try Session(path: options.paths[0], output: output, settings: settings)
        } catch {
            diagnostics.report(error, severity: .seriousTrouble)
            hintAtCommandLetter(options, diagnostics)
            return .seriousTrouble
        }
        var runner = ReplRunner(session: session, mode: mode, diagnostics: diagnostics)
        if options.repl.startsOnScreen {
            guard case .edited = mode else {
                diagnostics.report(
                    "--screen needs a terminal that can draw it (standard input and output a terminal, TERM not dumb, no --no-edit); the prompt works anywhere",
                    severity: .seriousTrouble)
                return .seriousTrouble
            }
            runner.startsOnScreen = true
        }
        var status = runner.run()
        if let file = options.repl.chooseFilesFile {
            output.flush()
            status = max(status, PickedFiles.write(session.context.picking, to: file, output: pickedTo, diagnostics: diagnostics))
        }
        guard let file = options.repl.chooseDirFile else { return status }
        return max(status, ChosenDirectory.write(session.current, to: file, diagnostics: diagnostics))
    }
}
