import FileBrowsing
import SystemSeam
import Terminal

/// How bad things went, in `ls`'s exit statuses.
enum ExitStatus: Int32, Comparable {
    case success = 0
    /// Trouble below the command line (an unreadable subdirectory, a vanished entry).
    case minorTrouble = 1
    /// An operand that cannot be listed, a bad flag, a write error.
    case seriousTrouble = 2
    /// Stopped by Ctrl-C with partial results written (`--dupes`), as a shell reports SIGINT.
    case interrupted = 130

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Writes `filetable: …` messages to stderr (`du: …` when run as du:
/// `CalledAs`) and remembers the worst status.
/// Every message passes `NameEscaping.terminalSafe` on its way out: whatever
/// a message quotes (a typed word, an argument, a pressed arrow key) reaches
/// the terminal escaped, never as a control sequence.
final class Diagnostics {
    private(set) var status = ExitStatus.success
    /// A bad command line was reported (modes give it their peer's status).
    private(set) var sawBadCommandLine = false
    /// Lines written between a bad command line's message and its hint
    /// (xxd's usage after `--xxd`), if any.
    var usageLines: String?
    /// The name messages begin with: the peer's when run as one, as every
    /// tool names itself by the name it was run as.
    var programName = "filetable"
    private let output: OutputSink
    /// Where messages go instead of standard error: the terminal a scripted
    /// session draws on, where standard error would show them too.
    private let errors: OutputSink?

    /// `output` is flushed before each message so the two streams interleave
    /// in the order things happened. Messages go to standard error, or to
    /// `errors` when given.
    init(flushing output: OutputSink, errors: OutputSink? = nil) {
        self.output = output
        self.errors = errors
    }

    func report(_ error: FileError, severity: ExitStatus) {
        report(error.description, severity: severity)
    }

    /// What was being done when a file failed: run as ls, a system error
    /// is said in ls's words (`cannot access 'X': No such file or
    /// directory`, `cannot open directory 'X': Permission denied`, the name
    /// quoted as ls quotes it there); otherwise as `PATH: reason`.
    enum FileAction {
        case access, openDirectory
    }

    func report(_ error: FileError, severity: ExitStatus, while action: FileAction) {
        guard programName == "ls", case .system = error.reason else { return report(error, severity: severity) }
        let name = String(decoding: QuotingStyle.shellEscapeAlways.quote(error.path).text, as: UTF8.self)
        let doing = action == .access ? "cannot access" : "cannot open directory"
        report("\(doing) \(name): \(error.reasonText)", severity: severity)
    }

    /// A bad command line: the message, the mode's usage lines if it has
    /// them, then the hint on a line of its own.
    func report(_ error: UsageError) {
        report(error.message, severity: error.status)
        sawBadCommandLine = true
        if let usageLines { writeLine(usageLines) }
        // A hint of several lines (du's after an extra operand) line by line, each made safe;
        // the usual "Try ... --help" names the program as it was run.
        for line in error.hint?.split(separator: "\n", omittingEmptySubsequences: false) ?? [] {
            writeLine(line == UsageError.seeHelp ? "Try '\(programName) --help' for more information." : NameEscaping.terminalSafe(String(line)))
        }
    }

    func report(_ message: String, severity: ExitStatus) {
        output.flush()
        writeLine(programName + ": " + NameEscaping.terminalSafe(message))
        status = max(status, severity)
    }

    /// A line of the peer's own to standard error, as the peer writes it
    /// (xxd's `-v`), without the program's name before it.
    func note(_ text: String) { writeLine(text) }

    private func writeLine(_ text: String) {
        if let errors { return errors.write(text + "\n") }
        var line = text + "\n"
        line.withUTF8 { raw in _ = Descriptor(.error).writeAll(UnsafeRawBufferPointer(raw)) }
    }

    /// Flushes standard output and reports a write error, if one happened.
    func finish() -> ExitStatus {
        output.flush()
        if let code = output.writeError {
            report("write error: " + Errno(code).description, severity: .seriousTrouble)
        }
        return status
    }
}
