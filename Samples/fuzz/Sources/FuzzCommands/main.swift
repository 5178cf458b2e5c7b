import Glibc

@testable import FileBrowsing
@testable import FiletableCLI
@testable import FuzzSupport
@testable import HexDump
@testable import SystemSeam

/// The REPL: each input line is parsed and executed by one session on a
/// scratch tree of hostile names (made once, never changed by filetable).
/// Nothing typed may crash it, and every error it reports is terminal-safe.
/// Commands that leave the scratch tree (`cd`, `up`), write (`marks
/// export`) or start another program (`!CMD` would run whatever the fuzzer
/// typed; `pager` would wait on the terminal) are parsed but not executed.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    let session = ScratchSession.make()
    for line in bytes.split(separator: 0x0A).prefix(32) {
        let text = NameEscaping.typedText(Array(line))
        do {
            let command = try CommandParser.parse(text.trimmingSpaces)
            let leaves = ["cd", "up", "quit", "!", "pager"].contains(command.name)
            if leaves || (command.action as? MarksCommand)?.writesFile == true { continue }
            if let failure = session.execute(command).failure { throw failure }
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
