import FuzzSupport
import Glibc

@testable import FileBrowsing
@testable import FiletableCLI

/// The REPL: each input line is parsed and executed by one session on a
/// scratch tree of hostile names (made once, never changed by filetable).
/// Nothing typed may crash it, and every error it reports is terminal-safe.
/// Commands that leave the scratch tree (`cd`, `up`), write (`marks
/// export`) or start another program (`!CMD` would run whatever the fuzzer
/// typed; `pager` would wait on the terminal) are parsed but not executed.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    guard let session = try? Session(path: Scratch.tree, output: Scratch.output, settings: Scratch.settings) else {
        fatalError("cannot open the scratch tree")
    }
    session.confirm = { _ in true }
    for line in bytes.split(separator: 0x0A).prefix(32) {
        let text = NameEscaping.typedText(Array(line))
        do {
            let command = try CommandParser.parse(text.trimmingSpaces)
            let leaves = ["cd", "up", "quit", "!", "pager"].contains(command.name)
            if leaves || (command.action as? MarksCommand)?.writesFile == true { continue }
            _ = try session.execute(command)
        } catch {
            let shown = NameEscaping.terminalSafe((error as? CommandError)?.message ?? "\(error)")
            if !isTerminalSafe(shown) {
                fatalError("unsafe message: \(shown.debugDescription)")
            }
        }
        session.output.flush()
    }
    return 0
}

/// The tree the sessions browse, made on first use, and where output goes.
enum Scratch {
    nonisolated(unsafe) static let output = OutputSink(fd: open("/dev/null", O_WRONLY))
    static let settings: Session.Settings = {
        var settings = Session.Settings()
        settings.pageSize = 7
        settings.assumeYes = true
        return settings
    }()

    static let tree = HostileTree.path
}
